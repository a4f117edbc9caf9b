import { AUTO_TICKET_TIMES } from '@prosa/contracts';
import { and, asc, eq, inArray, isNull, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { enqueueSend } from '../../messages/commands/enqueue-send.js';
import { channels, messages, ticketLogs, tickets } from '../../../platform/db/schema.js';
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
 * Which tickets are due, and the time each was judged by. Auto-close: a channel's own time
 * (SPEC §3 Channel) overrides the company's for that channel's tickets, 'disabled' exempts them;
 * the rest follow the company's time, if any. Auto-pending has the company's time only.
 */
async function dueTickets(
  scope: TenantScope,
  s: Sweep,
  companyTime: AutoTicketTime | null,
  now: Date,
): Promise<{ due: SQL; timeOf: (channelId: number | null) => AutoTicketTime } | null> {
  const silentFor = (time: AutoTicketTime) => lt(s.silentSince, new Date(now.getTime() - AUTO_TICKET_MS[time]));
  const own =
    s.kind === 'autoClose'
      ? await scope.query((db, owns) =>
          db
            .select({ id: channels.id, time: channels.autoCloseTime })
            .from(channels)
            .where(owns(channels, ne(channels.autoCloseTime, ''))),
        )
      : [];
  const byTime = new Map<AutoTicketTime, number[]>();
  for (const c of own) if (isAutoTicketTime(c.time)) byTime.set(c.time, [...(byTime.get(c.time) ?? []), c.id]);
  const parts = [...byTime].map(([time, ids]) => and(inArray(tickets.channelId, ids), silentFor(time))!);
  if (companyTime) {
    const exempt = own.map((c) => c.id);
    const followsCompany = exempt.length ? or(isNull(tickets.channelId), notInArray(tickets.channelId, exempt))! : undefined;
    parts.push(and(followsCompany, silentFor(companyTime))!);
  }
  if (parts.length === 0) return null;
  const ownTime = new Map(own.map((c) => [c.id, c.time]));
  return {
    due: and(s.candidates, or(...parts))!,
    timeOf: (channelId) => {
      const t = channelId === null ? undefined : ownTime.get(channelId);
      return t && isAutoTicketTime(t) ? t : companyTime!;
    },
  };
}

/**
 * One tenant's auto-close or auto-return-to-pending run: the silent tickets change in one
 * statement (re-checked there, so a ticket answered meanwhile is left alone), each gets its log
 * row, the tenant's optional message recorded for sending, and its event. `time` is the company's
 * setting (null when off: only channels with their own auto-close time are swept).
 */
export async function sweepAutoTickets(
  scope: TenantScope,
  kind: 'autoClose' | 'autoPending',
  time: AutoTicketTime | null,
  now = new Date(),
) {
  const s = SWEEPS[kind];
  const judged = await dueTickets(scope, s, time, now);
  if (!judged) return 0;
  const { due, timeOf } = judged;
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
        payload: { time: timeOf(r.channelId) },
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
      for (const m of sent) enqueueSend(tx, m);
    }
    if (kind === 'autoClose') await startRatings(tx, rows, now);
    for (const r of rows) emitTicketChange(tx, r.id, 'update');
    return rows.length;
  });
}
