/**
 * Session updates of a channel (SPEC §4: status, qrcode, retries): saved on the channel row and
 * published as `channel:session` to the company's admins only. A QR code is a pairing secret, so
 * it never goes to agents, and never to another tenant (DOMAIN.md, where the older products fail).
 */
import { eq } from 'drizzle-orm';
import { channels } from '../../../platform/db/schema.js';
import { withTenant } from '../../../platform/db/tenant-scope.js';
import type { Platform } from '../../../platform/platform.js';
import { publish } from '../../../platform/realtime/publish.js';
import type { SessionState } from '../channel-adapter.js';

export const SESSION_EVENT = 'channel:session';

export async function reportSession(
  platform: Platform,
  tenantId: number,
  channelId: number,
  state: SessionState,
): Promise<void> {
  await withTenant(platform.db, tenantId, async (scope) => {
    const [row] = await scope.update(
      channels,
      {
        status: state.status,
        // A QR code is only kept while one waits to be scanned.
        qrcode: state.status === 'qrcode' ? (state.qrcode ?? '') : '',
        ...(state.retries !== undefined ? { retries: state.retries } : {}),
        ...(state.number !== undefined ? { number: state.number } : {}),
        updatedAt: new Date(),
      },
      eq(channels.id, channelId),
    );
    if (!row) return;
    publish(scope, { kind: 'admins' }, SESSION_EVENT, {
      id: row.id,
      status: row.status,
      qrcode: row.qrcode,
      retries: row.retries,
      number: row.number,
      updatedAt: row.updatedAt.toISOString(),
    });
  });
}
