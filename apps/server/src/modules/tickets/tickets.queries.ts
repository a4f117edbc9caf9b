import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { contactWallets, queues, ticketLogs, ticketNotes, tickets, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import type { TicketRow } from './tickets.presenter.js';
import { isChatbot } from './tickets.presenter.js';
import { isTicketVisible, type TicketFacts, type TicketViewer } from './tickets.policy.js';

export async function getTicketRow(scope: TenantScope, id: number, lock = false): Promise<TicketRow> {
  const q = scope.select(tickets, eq(tickets.id, id));
  const [row] = await (lock ? q.for('update') : q.limit(1));
  if (!row) throw new AppError('ERR_NO_TICKET_FOUND');
  return row;
}

export async function factsOfRow(scope: TenantScope, row: TicketRow): Promise<TicketFacts> {
  const wallets = await scope.select(contactWallets, eq(contactWallets.contactId, row.contactId));
  return {
    status: row.status,
    queueId: row.queueId,
    userId: row.userId,
    channelId: row.channelId,
    isGroup: row.isGroup,
    chatbot: isChatbot(row),
    walletUserIds: wallets.map((w) => w.userId),
    isPrivate: row.isPrivate,
  };
}

/** A ticket the viewer may see (locked for update when asked), or ERR_NO_TICKET_FOUND. */
export async function getVisibleTicket(scope: TenantScope, viewer: TicketViewer, id: number, lock = false) {
  const row = await getTicketRow(scope, id, lock);
  const facts = await factsOfRow(scope, row);
  if (!isTicketVisible(viewer, facts)) throw new AppError('ERR_NO_TICKET_FOUND');
  return { row, facts };
}

/** The open or pending ticket of a contact on a channel, if any. */
export function activeTicketOf(scope: TenantScope, contactId: number, channelId: number | null) {
  return scope.first(
    tickets,
    and(
      eq(tickets.contactId, contactId),
      channelId === null ? isNull(tickets.channelId) : eq(tickets.channelId, channelId),
      inArray(tickets.status, ['open', 'pending']),
    ),
  );
}

/** The log of a ticket, oldest first, with who and which queue. */
export function listTicketLogs(scope: TenantScope, ticketId: number) {
  return scope.query((db, owns) =>
    db
      .select({
        id: ticketLogs.id,
        type: ticketLogs.type,
        payload: ticketLogs.payload,
        createdAt: ticketLogs.createdAt,
        user: { id: users.id, name: users.name },
        queue: { id: queues.id, name: queues.name },
      })
      .from(ticketLogs)
      .leftJoin(users, owns(users, eq(users.id, ticketLogs.userId)))
      .leftJoin(queues, owns(queues, eq(queues.id, ticketLogs.queueId)))
      .where(owns(ticketLogs, eq(ticketLogs.ticketId, ticketId)))
      .orderBy(asc(ticketLogs.createdAt), asc(ticketLogs.id)),
  );
}

/** The internal notes of a ticket, oldest first, with their authors. */
export function listTicketNotes(scope: TenantScope, ticketId: number) {
  return scope.query((db, owns) =>
    db
      .select({
        id: ticketNotes.id,
        body: ticketNotes.body,
        createdAt: ticketNotes.createdAt,
        user: { id: users.id, name: users.name },
      })
      .from(ticketNotes)
      .leftJoin(users, owns(users, eq(users.id, ticketNotes.userId)))
      .where(owns(ticketNotes, eq(ticketNotes.ticketId, ticketId)))
      .orderBy(asc(ticketNotes.createdAt), asc(ticketNotes.id)),
  );
}
