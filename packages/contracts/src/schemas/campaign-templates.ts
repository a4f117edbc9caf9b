import { z } from 'zod';
import { V, ZId } from './common.js';
import { ZTemplateParameter } from './waba-templates.js';

/**
 * Template campaigns on the WhatsApp Cloud API (SPEC §3, §4): an approved template of the
 * campaign's channel, and for each of its variables (header text, body, URL buttons, in the order
 * the server's template-render.ts takes them) where the value comes from: a contact field, one of
 * the contact's extra fields by name, or a fixed text. A media header (image, video, document)
 * takes the campaign's file or a URL.
 */
export const CAMPAIGN_CONTACT_FIELDS = ['name', 'number', 'email'] as const;
export type CampaignContactField = (typeof CAMPAIGN_CONTACT_FIELDS)[number];
/** Header formats that need a media parameter (LOCATION is not offered: no coordinates to map). */
export const TEMPLATE_MEDIA_HEADERS = ['IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export const isMediaHeader = (format: string | null | undefined) =>
  (TEMPLATE_MEDIA_HEADERS as readonly string[]).includes((format ?? '').toUpperCase());

export const ZTemplateParameterSource = z.discriminatedUnion('source', [
  z.object({ source: z.literal('field'), field: z.enum(CAMPAIGN_CONTACT_FIELDS, { error: V.invalidValue }) }),
  z.object({ source: z.literal('extra'), name: z.string({ error: V.required }).trim().min(1, V.required).max(100, V.max) }),
  z.object({ source: z.literal('text'), text: ZTemplateParameter }),
], { error: V.invalidValue });
export type TemplateParameterSource = z.infer<typeof ZTemplateParameterSource>;

/** Multipart sends the mapping as one JSON field. */
const fromJson = (v: unknown) => {
  if (typeof v !== 'string') return v;
  if (!v.trim()) return [];
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export const campaignTemplateFields = {
  templateId: z.preprocess(blank, ZId.optional()),
  templateParameters: z.preprocess(fromJson, z.array(ZTemplateParameterSource).max(30, V.max).default([])),
  /** The media of an IMAGE/VIDEO/DOCUMENT header by URL; without it the campaign's file goes. */
  templateHeaderUrl: z.preprocess(
    blank,
    z.string().trim().max(2000, V.max).regex(/^https?:\/\/[^\s]+$/i, V.invalidValue).optional(),
  ),
};

/**
 * What the check needs to know of the chosen template (the web form takes it from the templates
 * list, the server from the stored row): how many variables and the header's format.
 */
export const ZTemplateInfo = z.object({ parameterCount: z.number(), headerFormat: z.string() }).nullable().default(null);
export type TemplateInfo = z.infer<typeof ZTemplateInfo>;

interface TemplateFields {
  templateId?: number | undefined;
  templateParameters: TemplateParameterSource[];
  templateHeaderUrl?: string | undefined;
  message1: string;
  message2: string;
  message3: string;
  hasFile: boolean;
  templateInfo: TemplateInfo;
}

/** A template campaign has no free-text messages, maps every variable, and has its header's media. */
export function checkTemplate(v: TemplateFields, ctx: z.RefinementCtx): void {
  if (!v.templateId) return;
  for (const key of ['message1', 'message2', 'message3'] as const)
    if (v[key].trim()) ctx.addIssue({ code: 'custom', path: [key], message: V.campaignTemplateMessages });
  const info = v.templateInfo;
  if (!info) return;
  if (v.templateParameters.length !== info.parameterCount)
    ctx.addIssue({ code: 'custom', path: ['templateParameters'], message: V.campaignTemplateParameters });
  const format = info.headerFormat.toUpperCase();
  if (format === 'LOCATION') ctx.addIssue({ code: 'custom', path: ['templateId'], message: V.invalidValue });
  if (isMediaHeader(format) && !v.hasFile && !v.templateHeaderUrl)
    ctx.addIssue({ code: 'custom', path: ['templateHeaderUrl'], message: V.campaignTemplateMedia });
}

/** The template part of a campaign as listed and shown. */
export const campaignTemplateOut = {
  templateId: z.number().nullable(),
  templateParameters: z.array(ZTemplateParameterSource),
  templateHeaderUrl: z.string().nullable(),
};
