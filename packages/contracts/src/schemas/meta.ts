import { z } from 'zod';
import { V } from './common.js';

/**
 * Messenger and Instagram channels. SPEC §5 "Hub selection is required": the /sessoes form lists
 * the pages a Facebook user manages (POST /channels/meta/pages with the user's access token) and
 * the admin picks one; its page token becomes the channel token, its ids the channel config.
 */
export const ZMetaPagesRequest = z.object({
  // Visible ASCII only: it travels in an Authorization header, where a space or a non-Latin-1
  // character is not a token but a request that cannot be sent (issue 9, L1).
  userAccessToken: z
    .string({ error: V.required })
    .trim()
    .min(1, V.required)
    .max(1000, V.max)
    .regex(/^[\x21-\x7e]+$/, V.invalidValue),
});
export type MetaPagesRequest = z.infer<typeof ZMetaPagesRequest>;

/** One page the user manages, with the Instagram professional account linked to it, if any. */
export const ZMetaPage = z.object({
  pageId: z.string(),
  pageName: z.string(),
  pageAccessToken: z.string(),
  igUserId: z.string().optional(),
  igUsername: z.string().optional(),
});
export type MetaPage = z.infer<typeof ZMetaPage>;

/** POST /hub-message/comentary/{id}: a public reply to a customer's comment (Instagram: 2200 characters). */
export const ZCommentReply = z.object({
  text: z.string({ error: V.required }).trim().min(1, V.required).max(2200, V.max),
});
export type CommentReply = z.infer<typeof ZCommentReply>;
