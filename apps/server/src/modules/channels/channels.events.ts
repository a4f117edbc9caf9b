import type { ChannelRow } from './channel-adapter.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { publish } from '../../platform/realtime/publish.js';
import { forgetHooks } from '../channel-webhooks/record-event.js';
import { presentChannel } from './channels.presenter.js';

/**
 * `channel` events go to the company's admins only (they carry webhook paths and masked secrets),
 * after commit. Session changes go separately as `channel:session` (modules/channels/session/session-state.ts).
 */
export function emitChannelChange(
  scope: TenantScope,
  action: 'create' | 'update' | 'delete',
  row: ChannelRow,
  base: string,
): void {
  publish(scope, { kind: 'admins' }, 'channel', { action, channel: presentChannel(row, base) });
  // A new or removed outbound webhook URL takes effect at once on this instance.
  scope.afterCommit(() => forgetHooks(scope.database, scope.tenantId));
}
