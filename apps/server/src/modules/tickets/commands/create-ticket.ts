import { eq } from 'drizzle-orm';
import { channels, contacts, tickets } from '../../../platform/db/schema.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { getQueue } from '../../queues/queues.queries.js';
import { requirePlanFeature } from '../../tenants/plan-features.js';
import { channelIdsOf } from '../../users/user-channels.js';
import { nextProtocol } from '../protocol.js';
import { logTicket } from '../ticket-log.js';
import { emitTicketChange } from '../tickets.events.js';
import { channelAllowed } from '../tickets.policy.js';
import { activeTicketOf } from '../tickets.queries.js';

export interface NewTicket {
  contactId: number;
  whatsappId?: number;
  queueId?: number;
}

async function channelFor(tx: TenantScope, id?: number) {
  if (id) {
    const row = await tx.first(channels, eq(channels.id, id));
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
    return row;
  }
  const row = await tx.first(channels, eq(channels.isDefault, true));
  if (!row) throw new AppError('ERR_NO_DEF_WAPP_FOUND');
  return row;
}

/**
 * An agent starts a conversation: a new open ticket of the contact on the channel (the tenant's
 * default when none is given), assigned to the caller, with a fresh protocol; never on a channel
 * outside the caller's channel limit (ERR_NO_PERMISSION). One active ticket
 * per (channel, contact): the check answers ERR_OTHER_OPEN_TICKET, the unique index the race.
 */
export async function createTicket(scope: TenantScope, auth: AuthContext, input: NewTicket): Promise<number> {
  try {
    return await scope.transaction(async (tx) => {
      const contact = await tx.first(contacts, eq(contacts.id, input.contactId));
      if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
      // A group conversation on a plan without groups (SPEC §6): ERR_PREMIUM_FEATURE.
      if (contact.isGroup) await requirePlanFeature(tx, 'group');
      const channel = await channelFor(tx, input.whatsappId);
      // A user limited to some channels starts tickets on those only (SPEC §3 User "channels").
      const channelIds = auth.rules?.channelIds ?? (await channelIdsOf(tx, auth.userId));
      if (!channelAllowed({ channelIds }, { channelId: channel.id })) throw new AppError('ERR_NO_PERMISSION');
      if (input.queueId) await getQueue(tx, input.queueId);
      if (await activeTicketOf(tx, contact.id, channel.id)) throw new AppError('ERR_OTHER_OPEN_TICKET');
      const now = new Date();
      const row = await tx.insert(tickets, {
        contactId: contact.id,
        channelId: channel.id,
        queueId: input.queueId ?? null,
        userId: auth.userId,
        status: 'open',
        isGroup: contact.isGroup,
        protocol: await nextProtocol(tx, now),
        startedAttendanceAt: now,
      });
      await logTicket(tx, row.id, 'create', { userId: auth.userId, queueId: row.queueId });
      emitTicketChange(tx, row.id, 'create');
      return row.id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('ERR_OTHER_OPEN_TICKET');
    throw e;
  }
}
