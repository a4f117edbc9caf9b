// SECURITY-CRITICAL: a provider webhook names its channel by the random key in its path, before any
// tenant is known, so the channel is found through the unsafe handle (type waba, active company).
// Everything after this lookup (signature check with that channel's app secret, storing the
// payload) runs for that channel's tenant only.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { channels, tenants } from '../../platform/db/schema.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';

/** Webhook keys are random url-safe strings; anything else is not looked up at all. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

export async function wabaChannelByWebhookKey(db: Database, key: string): Promise<ChannelRow | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const [row] = await unsafeSystemDb(db)
    .select({ channel: channels })
    .from(channels)
    .innerJoin(tenants, eq(tenants.id, channels.tenantId))
    .where(and(eq(channels.type, 'waba'), eq(channels.webhookKey, key), eq(tenants.status, 'active')))
    .limit(1);
  return row?.channel ?? null;
}
