// SECURITY-CRITICAL: Telegram's webhook names its channel by the random key in its path, before any
// tenant is known, so the channel is found through the unsafe handle (type telegram, active
// company). Everything after this lookup (the secret check with that channel's secret, storing
// the update) runs for that channel's tenant only.
import { timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { channels, tenants } from '../../platform/db/schema.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';

/** Webhook keys are random url-safe strings; anything else is not looked up at all. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

export async function telegramChannelByWebhookKey(db: Database, key: string): Promise<ChannelRow | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const [row] = await unsafeSystemDb(db)
    .select({ channel: channels })
    .from(channels)
    .innerJoin(tenants, eq(tenants.id, channels.tenantId))
    .where(and(eq(channels.type, 'telegram'), eq(channels.webhookKey, key), eq(tenants.status, 'active')))
    .limit(1);
  return row?.channel ?? null;
}

/**
 * `X-Telegram-Bot-Api-Secret-Token` must equal the channel's secret given to setWebhook, compared
 * in constant time. A channel without a secret accepts nothing.
 */
export function validWebhookSecret(channel: ChannelRow, header: unknown): boolean {
  const secret = typeof channel.config.webhookSecret === 'string' ? channel.config.webhookSecret : '';
  if (!secret || typeof header !== 'string') return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
