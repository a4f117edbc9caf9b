// SECURITY-CRITICAL: Meta's webhooks name their channel by the random key in the path, before any
// tenant is known, so the channel is found through the unsafe handle (its type, an active company).
// Everything after this lookup (the signature check with that channel's app secret, storing the
// payload) runs for that channel's tenant only: `siblingChannel` searches inside that tenant.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { channels, tenants } from '../../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../../platform/db/tenant-scope.js';
import type { Platform } from '../../platform/platform.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import type { MetaChannelType, MetaConfig } from './meta.config.js';

/** Webhook keys are random url-safe strings; anything else is not looked up at all. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

export async function metaChannelByWebhookKey(db: Database, type: MetaChannelType, key: string): Promise<ChannelRow | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const [row] = await unsafeSystemDb(db)
    .select({ channel: channels })
    .from(channels)
    .innerJoin(tenants, eq(tenants.id, channels.tenantId))
    .where(and(eq(channels.type, type), eq(channels.webhookKey, key), eq(tenants.status, 'active')))
    .limit(1);
  return row?.channel ?? null;
}

/**
 * A Meta app has one callback URL per object, so the page of one channel may receive the entries
 * of the company's other pages on the same app. They belong to the channel of the same company and
 * type whose page (or Instagram account) is the entry's, keyed by the same app secret (the one the
 * signature was checked with); entries of anything else are dropped.
 */
export async function siblingChannel(
  platform: Platform,
  channel: ChannelRow,
  config: MetaConfig,
  entryId: string,
): Promise<ChannelRow | null> {
  if (!/^\d{1,40}$/.test(entryId)) return null;
  const idField = config.type === 'instagram' ? 'igUserId' : 'pageId';
  const row = await withTenant(platform.db, channel.tenantId, (s) =>
    s.first(
      channels,
      and(
        inArray(channels.type, [config.type]),
        sql`${channels.config}->>${idField} = ${entryId}`,
        sql`${channels.config}->>'appSecret' = ${config.appSecret}`,
      ),
    ),
  );
  return row ?? null;
}
