import { AUTO_TICKET_TIMES } from '@prosa/contracts';
import { and, asc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { enqueueSend } from '../../messages/commands/enqueue-send.js';
import { messages, ticketLogs, tickets } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { getSetting } from '../../settings/settings.queries.js';
import { startRatings } from '../../ratings/start-rating.js';
import { emitTicketChange } from '../tickets.events.js';

export type AutoTicketTime = Exclude<(typeof AUTO_TICKET_TIMES)[number], 'disabled'>;
const MINUTE = 60_000;
export const AUTO_TICKET_MS: Record<AutoTicketTime, number> = {
  '10m': 10 * MINUTE,
  '1h': 60 * MINUTE,
  '1d': 1440 * MINUTE,
  '5d': 5 * 1440 * MINUTE,
  '10d': 10 * 1440 * MINUTE,
};
export const isAutoTicketTime = (v: string): v is AutoTicketTime => v in AUTO_TICKET_MS;

/** At most this many tickets per tenant per run; the next minute takes the rest. */
const BATCH = 500;

interface Sweep {
  kind: 'autoClose' | 'autoPending';
  /** Which tickets are candidates and since when they count as silent. */
  candidates: SQL;
  silentSince: SQL;
  patch: (now: Date) => Partial<typeof tickets.$inferInsert>;
  messageKey: 'autoCloseTicketsMessage' | 'autoPendingTicketsMessage';
}

const SWEEPS: Record<'autoClose' | 'autoPending', Sweep> = {
  // The customer went silent: open or pending tickets without an inbound message for that long.
  autoClose: {
    kind: 'autoClose',
    candidates: inArray(tickets.status, ['open', 'pending']),
    silentSince: sql`coalesce(${tickets.lastInboundAt}, ${tickets.createdAt})`,
    patch: (now) => ({ status: 'closed', closedAt: now, closeAfter: null, unreadMessages: 0 }),
    messageKey: 'autoCloseTicketsMessage',
  },
  // The agent went silent: open tickets without an outbound message for that long go back to the queue.
  autoPending: {
    kind: 'autoPending',
    candidates: eq(tickets.status, 'open'),
    silentSince: sql`coalesce(${tickets.lastOutboundAt}, ${tickets.startedAttendanceAt}, ${tickets.createdAt})`,
    patch: () => ({ status: 'pending', userId: null, closeAfter: null }),
    messageKey: 'autoPendingTicketsMessage',
  },
};

/**
 * One tenant's auto-close or auto-return-to-pending run: the silent tickets change in one
 * statement (re-checked there, so a ticket answered meanwhile is left alone), each gets its log
 * row, the tenant's optional message recorded for sending, and its event.
 */
export async function sweepAutoTickets(
  scope: TenantScope,
  kind: 'autoClose' | 'autoPending',
  time: AutoTicketTime,
  now = new Date(),
) {
  const s = SWEEPS[kind];
  const cutoff = new Date(now.getTime() - AUTO_TICKET_MS[time]);
  const due = and(s.candidates, lt(s.silentSince, cutoff))!;
  const text = (await getSetting(scope, s.messageKey)).trim();
  return scope.transaction(async (tx) => {
    const found = await tx.select(tickets, due).orderBy(asc(tickets.id)).limit(BATCH);
    if (found.length === 0) return 0;
    const ids = found.map((r) => r.id);
    const before = new Map(found.map((r) => [r.id, r]));
    const rows = await tx.update(
      tickets,
      { ...s.patch(now), ...(text ? { lastMessage: text.slice(0, 255), lastMessageAt: now } : {}), updatedAt: now },
      and(inArray(tickets.id, ids), due)!,
    );
    if (rows.length === 0) return 0;
    await tx.insert(
      ticketLogs,
      rows.map((r) => ({
        ticketId: r.id,
        type: kind,
        userId: before.get(r.id)?.userId ?? null,
        queueId: r.queueId,
        payload: { time },
      })),
    );
    if (text) {
      const sent = await tx.insert(
        messages,
        rows.map((r) => ({
          ticketId: r.id,
          contactId: r.contactId,
          channelId: r.channelId,
          fromMe: true,
          body: text,
          status: 'pending' as const,
        })),
      );
      for (const m of sent) enqueueSend(tx, m.id);
    }
    if (kind === 'autoClose') await startRatings(tx, rows, now);
    for (const r of rows) emitTicketChange(tx, r.id, 'update');
    return rows.length;
  });
}
