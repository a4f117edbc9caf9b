/**
 * Resellers and their setup tokens (SPEC §6 setup token, §8 ERR_RESELLER_TOKEN_ONLY): the platform
 * operator keeps them; a company signing up on /signup types a token (or follows a link with
 * `?setup-token=`), and the company records the reseller that brought it.
 */
import { z } from 'zod';
import { ZEmail, ZId, ZPhone, ZRequiredText } from './common.js';

export const ZResellerInput = z.object({
  name: ZRequiredText(120),
  email: z.union([ZEmail, z.literal('')]).default(''),
  phone: z.union([ZPhone, z.literal('')]).default(''),
});
export type ResellerInput = z.infer<typeof ZResellerInput>;

export const ZReseller = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Tokens not revoked. */
  activeTokens: z.number(),
  /** Companies that signed up with one of its tokens. */
  companies: z.number(),
  createdAt: z.string(),
});
export type Reseller = z.infer<typeof ZReseller>;

/** A token as listed: never the token itself (only its hash is kept), its last 4 characters. */
export const ZResellerToken = z.object({
  id: z.number(),
  resellerId: z.number(),
  hint: z.string(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ResellerToken = z.infer<typeof ZResellerToken>;

/** The answer of making a token: the only time the token is shown. */
export const ZResellerTokenCreated = ZResellerToken.extend({ token: z.string() });
export type ResellerTokenCreated = z.infer<typeof ZResellerTokenCreated>;

export const ZResellerTokenParams = z.object({ id: ZId, tokenId: ZId });
