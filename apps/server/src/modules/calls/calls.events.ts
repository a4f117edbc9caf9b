/**
 * `call:log` (issue 17): a call log written from the provider's webhook, sent as its call info to
 * the people who may see its ticket (the ticket's audience, tickets.events.ts), numbers masked as
 * each of them sees them. A call without a ticket goes to the admins room.
 */
import { withTenant, type TenantScope } from '../../platform/db/tenant-scope.js';
import { publish } from '../../platform/realtime/publish.js';
import { publishToTicketViewers } from '../tickets/tickets.events.js';
import { masksNumbers } from '../tickets/tickets.policy.js';
import { callInfoRow, presentCallInfo } from './calls.queries.js';

export function emitCallLog(scope: TenantScope, callLogId: number): void {
  scope.afterCommit(() =>
    withTenant(scope.database, scope.tenantId, async (s) => {
      const row = await callInfoRow(s, callLogId);
      if (!row) return;
      if (row.log.ticketId === null) {
        publish(s, { kind: 'admins' }, 'call:log', presentCallInfo(row, false));
        return;
      }
      await publishToTicketViewers(s, row.log.ticketId, 'call:log', (viewer) =>
        presentCallInfo(row, masksNumbers(viewer)),
      );
    }).catch(() => undefined),
  );
}
