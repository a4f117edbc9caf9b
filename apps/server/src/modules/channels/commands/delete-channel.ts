import { eq } from 'drizzle-orm';
import type { Platform } from '../../../platform/platform.js';
import { channels } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { emitChannelChange } from '../channels.events.js';
import { getChannel } from '../channels.queries.js';

/**
 * Deletes a channel: its session is stopped and the provider side ended first (logout, webhook
 * removal; a provider that cannot be reached does not block), then the row goes. Tickets and
 * messages stay, without a channel (their foreign keys are ON DELETE SET NULL).
 */
export async function deleteChannel(platform: Platform, scope: TenantScope, id: number, base: string): Promise<void> {
  await getChannel(scope, id);
  await platform.sessions.disconnect(scope.tenantId, id, { logout: true });
  await scope.transaction(async (tx) => {
    const row = await getChannel(tx, id);
    await tx.delete(channels, eq(channels.id, id));
    emitChannelChange(tx, 'delete', row, base);
  });
}
