import { z } from 'zod';
import { campaignTemplateFields, campaignTemplateOut, checkTemplate, ZTemplateInfo } from './campaign-templates.js';
import { V, vMessage, ZId, ZRequiredId } from './common.js';

/** SPEC §4 Campaign statuses and campaign contact delivery states (plus `skipped`: campaigns disabled). */
export const CAMPAIGN_STATUSES = ['pending', 'scheduled', 'processing', 'cancelled', 'finished'] as const;
export const CAMPAIGN_CONTACT_STATUSES = [
  'send-pending',
  'delivery-pending',
  'received',
  'read',
  'played',
  'error',
  'skipped',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export type CampaignContactStatus = (typeof CAMPAIGN_CONTACT_STATUSES)[number];

/** SPEC §9: delay between sends at least 20 s; start at least 15 minutes ahead; risk notice at 2%. */
export const CAMPAIGN_MIN_DELAY_SECONDS = 20;
export const CAMPAIGN_MIN_LEAD_MINUTES = 15;
export const CAMPAIGN_RISK_SHARE = 0.02;
/** Only pending or cancelled campaigns are edited or scheduled (SPEC §4). */
export const CAMPAIGN_EDITABLE: readonly CampaignStatus[] = ['pending', 'cancelled'];

/** Empty form fields (and multipart's strings) read as absent. */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

const ZDelay = z.preprocess(
  (v) => blank(v) ?? CAMPAIGN_MIN_DELAY_SECONDS,
  z
    .union([z.number(), z.string().regex(/^\d{1,6}$/, V.number)], { error: V.number })
    .transform(Number)
    .pipe(
      z
        .number()
        .int(V.integer)
        .min(CAMPAIGN_MIN_DELAY_SECONDS, vMessage(V.min, { min: CAMPAIGN_MIN_DELAY_SECONDS }))
        .max(86_400, V.max),
    ),
);

/**
 * The start, as ISO date-time; absent while the campaign is only a draft. A real date not in the
 * past; the server also demands 15 minutes ahead when it is scheduled (ERROR_CAMPAIGN_DATE_NOT_VALID).
 */
const ZStartAt = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .refine((s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s)), V.invalidDate)
    .optional(),
);

const ZMessageText = z.preprocess((v) => blank(v) ?? '', z.string().max(10_000, V.max));

const campaignFields = {
  name: z.string({ error: V.required }).trim().min(1, V.required).max(200, V.max),
  startAt: ZStartAt,
  channelId: z.preprocess(blank, ZId.optional()),
  delaySeconds: ZDelay,
  message1: ZMessageText,
  message2: ZMessageText,
  message3: ZMessageText,
  ...campaignTemplateFields,
};

type Fields = { message1: string; message2: string; message3: string; templateId?: number | undefined };

/** SPEC §5: at least one message (or a file, or a template), and the non-empty ones all differ. */
function checkMessages(v: Fields, ctx: z.RefinementCtx, hasFile: boolean): void {
  const seen = new Set<string>();
  const keys = ['message1', 'message2', 'message3'] as const;
  for (const key of keys) {
    const text = v[key].trim();
    if (!text) continue;
    if (seen.has(text)) ctx.addIssue({ code: 'custom', path: [key], message: V.campaignMessagesDiffer });
    seen.add(text);
  }
  if (seen.size === 0 && !hasFile && !v.templateId) ctx.addIssue({ code: 'custom', path: ['message1'], message: V.required });
}

const hasFile = z.boolean().default(false);
/** The form as the web app and the server check it (the server knows `hasFile` from the upload or the row). */
export const ZCampaignForm = z.object({ ...campaignFields, hasFile, templateInfo: ZTemplateInfo }).superRefine((v, ctx) => {
  checkMessages(v, ctx, v.hasFile);
  checkTemplate(v, ctx);
});
/** POST/PUT /campaigns (JSON, or multipart with the same fields and one file); `removeFile` drops it on PUT. */
export const ZCampaignInput = z.object({
  ...campaignFields,
  removeFile: z.preprocess((v) => v === true || v === 'true', z.boolean()).default(false),
});
export type CampaignInput = z.infer<typeof ZCampaignInput>;
export type CampaignForm = z.input<typeof ZCampaignForm>;

/** POST /campaigns/start/{id}: the start date may be given (or changed) when scheduling. */
export const ZCampaignStart = z.object({ startAt: ZStartAt });

/** Delivery counts of a campaign's contacts, one per state. */
export const ZCampaignCounts = z.object(
  Object.fromEntries(CAMPAIGN_CONTACT_STATUSES.map((s) => [s, z.number()])) as Record<CampaignContactStatus, z.ZodNumber>,
);

export const ZCampaign = z.object({
  id: z.number(),
  name: z.string(),
  startAt: z.string().nullable(),
  channelId: z.number().nullable(),
  delaySeconds: z.number(),
  message1: z.string(),
  message2: z.string(),
  message3: z.string(),
  mediaName: z.string().nullable(),
  mimeType: z.string().nullable(),
  ...campaignTemplateOut,
  status: z.enum(CAMPAIGN_STATUSES),
  /** Delivery counts of the campaign's contacts by state. */
  counts: ZCampaignCounts,
  total: z.number(),
  /** Recipients who blocked the company or stopped its marketing after this campaign's send. */
  optedOut: z.number(),
  /** More than 2% of the recipients failed, blocked or opted out (SPEC §9 spam/ban risk). */
  riskNotice: z.boolean(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof ZCampaign>;
export const ZCampaignList = z.object({ campaigns: z.array(ZCampaign), count: z.number(), hasMore: z.boolean() });
export type CampaignList = z.infer<typeof ZCampaignList>;

export const ZCampaignQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  searchParam: z.string().trim().max(200).optional(),
  status: z.enum(CAMPAIGN_STATUSES).optional(),
});

export const ZCampaignContact = z.object({
  id: z.number(),
  contactId: z.number(),
  name: z.string(),
  number: z.string(),
  status: z.enum(CAMPAIGN_CONTACT_STATUSES),
  /** Which of message1..3 went (1-3), null before the send. */
  variant: z.number().nullable(),
  body: z.string().nullable(),
  errorReason: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type CampaignContact = z.infer<typeof ZCampaignContact>;
export const ZCampaignContactList = z.object({
  contacts: z.array(ZCampaignContact),
  count: z.number(),
  hasMore: z.boolean(),
  counts: ZCampaignCounts,
});
export type CampaignContactList = z.infer<typeof ZCampaignContactList>;
export const ZCampaignContactQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  status: z.enum(CAMPAIGN_CONTACT_STATUSES).optional(),
});

/**
 * POST /campaigns/contacts/{id} (JSON): contacts by their ids, or all of a tag, a wallet (an
 * agent's contacts) or a CRM lane. A CSV (columns Nome and Numero) goes as multipart instead.
 */
export const ZCampaignContactsAdd = z
  .object({
    contactIds: z.array(ZRequiredId).max(10_000).optional(),
    tagId: ZId.optional(),
    walletUserId: ZId.optional(),
    crmLaneId: ZId.optional(),
  })
  .refine((v) => !!(v.contactIds?.length || v.tagId || v.walletUserId || v.crmLaneId), {
    message: V.required,
    path: ['contactIds'],
  });
export type CampaignContactsAdd = z.infer<typeof ZCampaignContactsAdd>;
export const ZCampaignContactsAdded = z.object({
  added: z.number(),
  /** Already in the campaign. */
  existing: z.number(),
  /** CSV rows refused (bad name or number), by line. */
  rejected: z.array(z.object({ row: z.number(), name: z.string(), number: z.string(), reason: z.string() })),
});
export type CampaignContactsAdded = z.infer<typeof ZCampaignContactsAdded>;
export const ZCampaignContactParams = z.object({ id: ZRequiredId, contactId: ZRequiredId });
