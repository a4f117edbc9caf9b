import { z } from 'zod';
import { V, ZRequiredText } from './common.js';

/** A checkbox as a JSON boolean or a multipart field ("true" / "false"). */
const ZFlag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/**
 * Quick message (SPEC §3, §5): key not blank; message or file required. The file travels in a
 * multipart body (field `file`), so "message or file" is checked by the server with the file in
 * hand; a form without a file asks for the message.
 */
export const ZQuickMessageInput = z.object({
  key: ZRequiredText(60),
  message: z.string().max(4096, V.max).default(''),
  showToAll: ZFlag.default(false),
  /** On update: drop the stored file (a new `file` part replaces it anyway). */
  removeFile: ZFlag.default(false),
});
export type QuickMessageInput = z.infer<typeof ZQuickMessageInput>;

export const ZQuickMessage = z.object({
  id: z.number(),
  key: z.string(),
  message: z.string(),
  showToAll: z.boolean(),
  userId: z.number(),
  /** The attached file; its bytes come from GET /fastreply/{id}/media. */
  media: z.object({ name: z.string(), mimeType: z.string() }).nullable(),
  can: z.object({ edit: z.boolean(), delete: z.boolean() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QuickMessage = z.infer<typeof ZQuickMessage>;

/** Farewell message (SPEC §3): title, message, show for all. */
export const ZFarewellMessageInput = z.object({
  title: ZRequiredText(100),
  message: ZRequiredText(4096),
  showForAll: z.boolean().default(false),
});
export type FarewellMessageInput = z.infer<typeof ZFarewellMessageInput>;

export const ZFarewellMessage = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  showForAll: z.boolean(),
  userId: z.number(),
  can: z.object({ edit: z.boolean(), delete: z.boolean() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FarewellMessage = z.infer<typeof ZFarewellMessage>;

export const ZFarewellMessagesQuery = z.object({
  searchParam: z.string().max(200).default(''),
  pageNumber: z.coerce.number().int().min(1).default(1),
});
export const ZFarewellMessagesPage = z.object({
  farewellMessages: z.array(ZFarewellMessage),
  count: z.number(),
  hasMore: z.boolean(),
});
export type FarewellMessagesPage = z.infer<typeof ZFarewellMessagesPage>;
