import { z } from 'zod';
import { V, vMin, vMinLength, ZContactPhone, ZEmail, ZId, ZPhone, ZRequiredText } from './common.js';

export const ZExtraInfo = z.array(z.object({ name: ZRequiredText(60), value: z.string().max(500, V.max) })).max(50);

export const ZContactInput = z.object({
  name: ZRequiredText(120),
  number: ZContactPhone,
  email: z.union([ZEmail, z.literal('')]).default(''),
  extraInfo: ZExtraInfo.default([]),
  tags: z.array(z.number().int().positive()).max(100).default([]),
  wallets: z.array(z.number().int().positive()).max(50).default([]),
  dealValue: z.number({ error: V.number }).min(0, vMin(0)).max(1e12, V.max).nullable().default(null),
  description: z.string().max(4000, V.max).default(''),
  disableBot: z.boolean().default(false),
  disableCampaign: z.boolean().default(false),
  disableCrm: z.boolean().default(false),
  ignoreContact: z.boolean().default(false),
  /** The CRM lane (modules/kanban); null: on no lane; left out of an edit: stays as saved. */
  crmLaneId: z.preprocess((v) => (v === '' ? null : v), ZId.nullable().optional()),
});
export type ContactInput = z.infer<typeof ZContactInput>;
/**
 * An edit may leave the number out: it stays as saved (people who see it masked cannot resend it).
 * A number sent back unchanged is accepted as saved, even one a channel gave that a person could
 * not type (SPEC §5); a changed number must pass ZContactPhone (checked by the server's command).
 */
export const ZContactUpdate = ZContactInput.extend({ number: ZPhone.optional() });
export type ContactUpdate = z.infer<typeof ZContactUpdate>;

export const ZTagRef = z.object({ id: z.number(), name: z.string(), color: z.string() });
export const ZUserRef = z.object({ id: z.number(), name: z.string() });

export const ZContact = z.object({
  id: z.number(),
  name: z.string(),
  /** Masked (last 4 digits) for profiles that may not see phone numbers. */
  number: z.string(),
  email: z.string(),
  profilePicUrl: z.string(),
  isGroup: z.boolean(),
  extraInfo: z.array(z.object({ name: z.string(), value: z.string() })),
  tags: z.array(ZTagRef),
  wallets: z.array(ZUserRef),
  dealValue: z.number().nullable(),
  description: z.string(),
  disableBot: z.boolean(),
  disableCampaign: z.boolean(),
  disableCrm: z.boolean(),
  ignoreContact: z.boolean(),
  crmLaneId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  can: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type Contact = z.infer<typeof ZContact>;

/** Search needs at least two letters (SPEC §5) or none. */
export const ZContactListQuery = z.object({
  searchParam: z
    .string()
    .trim()
    .max(100, V.max)
    .refine((s) => s.length === 0 || s.length >= 2, vMinLength(2))
    .default(''),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(40),
  tagsIds: z
    .union([z.array(z.coerce.number()), z.string().transform((s) => (s ? s.split(',').map(Number) : []))])
    .pipe(z.array(z.number().int().positive().max(2_147_483_647)))
    .default([]),
});
export const ZContactList = z.object({ contacts: z.array(ZContact), count: z.number(), hasMore: z.boolean() });

export const ZContactImportRow = z.object({ row: z.number(), name: z.string(), number: z.string(), reason: z.string() });
export const ZContactImportResult = z.object({
  total: z.number(),
  created: z.number(),
  updated: z.number(),
  rejected: z.array(ZContactImportRow),
});
export type ContactImportResult = z.infer<typeof ZContactImportResult>;

/**
 * POST /contacts/sync (SPEC §2 "/contatos: import, export and sync"): the people a channel's
 * account knows become Prosa contacts, where the provider has such a list (WhatsApp Web's address
 * book). New numbers are created, known ones get a missing name; a name a person typed is kept.
 */
export const ZContactSync = z.object({ channelId: ZId });
export type ContactSync = z.infer<typeof ZContactSync>;
export const ZContactSyncResult = z.object({
  /** People the channel's account knows (groups and broadcast lists are not people). */
  total: z.number(),
  created: z.number(),
  /** Known contacts that got a name or their WhatsApp id. */
  updated: z.number(),
  /** People left out: no phone number known yet, or a number the contact form would refuse. */
  skipped: z.number(),
});
export type ContactSyncResult = z.infer<typeof ZContactSyncResult>;
