import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import { logTicket } from '../ticket-log.js';
import { mutateTicket, patchTicket } from '../tickets.mutate.js';
import { activeTicketOf } from '../tickets.queries.js';

/**
 * Reopen a closed ticket: open for the caller (or pending, back in its queue). Refused with
 * ERR_OTHER_OPEN_TICKET when the contact already has an active ticket on that channel; the
 * unique index answers the same when two reopen at once.
 */
export async function reopenTicket(scope: TenantScope, auth: AuthContext, id: number, to: 'open' | 'pending' = 'open') {
  try {
    await mutateTicket(scope, auth, id, 'reopen', async ({ tx, row }) => {
      if (await activeTicketOf(tx, row.contactId, row.channelId)) throw new AppError('ERR_OTHER_OPEN_TICKET');
      await patchTicket(tx, id, {
        status: to,
        userId: to === 'open' ? auth.userId : null,
        closedAt: null,
        closeAfter: null,
        startedAttendanceAt: to === 'open' ? new Date() : null,
      });
      await logTicket(tx, id, 'reopen', { userId: auth.userId, queueId: row.queueId, payload: { status: to } });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('ERR_OTHER_OPEN_TICKET');
    throw e;
  }
}
