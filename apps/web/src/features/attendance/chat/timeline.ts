import type { Message, Ticket, TicketLog } from '@prosa/contracts';

/**
 * Ticket log entries that belong in the conversation: who took it, passed it on, resolved or
 * reopened it. Views ('access') stay in the history panel only, so opening a closed ticket never
 * makes it look reopened; 'receivedTransfer' is the other half of 'transfered' (one line).
 */
export const CONVERSATION_LOG_TYPES: ReadonlySet<string> = new Set([
  'open',
  'pending',
  'transfered',
  'closed',
  'reopen',
  'autoClose',
  'autoPending',
]);

export type TimelineItem =
  { kind: 'message'; message: Message; at: string } | { kind: 'event'; log: TicketLog; at: string };

/**
 * Messages and log lines in one list, oldest first. Lines older than the oldest loaded message
 * wait until that part of the conversation is loaded (`complete`: no older page is left), so
 * scrolling up never shows a line out of place. Equal times: the line after the message.
 */
export function mergeTimeline(
  messages: readonly Message[],
  logs: readonly TicketLog[],
  complete: boolean,
): TimelineItem[] {
  const first = messages[0]?.createdAt;
  const events = logs.filter(
    (l) =>
      CONVERSATION_LOG_TYPES.has(l.type) &&
      (complete || (first !== undefined && Date.parse(l.createdAt) >= Date.parse(first))),
  );
  const out: TimelineItem[] = [];
  let e = 0;
  for (const m of messages) {
    while (e < events.length && Date.parse(events[e]!.createdAt) < Date.parse(m.createdAt)) {
      out.push({ kind: 'event', log: events[e]!, at: events[e]!.createdAt });
      e++;
    }
    out.push({ kind: 'message', message: m, at: m.createdAt });
  }
  for (; e < events.length; e++) out.push({ kind: 'event', log: events[e]!, at: events[e]!.createdAt });
  return out;
}

/** A stable React key: a message not stored yet is known by its clientId until it is. */
export const itemKey = (item: TimelineItem): string =>
  item.kind === 'event'
    ? `log-${item.log.id}`
    : item.message.clientId && item.message.id < 0
      ? item.message.clientId
      : String(item.message.id);

export type HistoryItem = { kind: 'entry'; log: TicketLog } | { kind: 'views'; logs: TicketLog[] };

/** The history panel's entries: consecutive views ('access') fold into one expandable item. */
export function foldViews(logs: readonly TicketLog[]): HistoryItem[] {
  const out: HistoryItem[] = [];
  for (const log of logs) {
    const prev = out[out.length - 1];
    if (log.type !== 'access') out.push({ kind: 'entry', log });
    else if (prev?.kind === 'views') prev.logs.push(log);
    else out.push({ kind: 'views', logs: [log] });
  }
  return out;
}

/**
 * Whether a ticket update may have added a line to its log: a change of status, queue or agent
 * (accept, return, transfer, close, reopen). A new message changes none of them, so the open
 * chat does not read the log again on every message.
 */
export const logMayHaveChanged = (
  before: Pick<Ticket, 'status' | 'queueId' | 'userId'>,
  after: Pick<Ticket, 'status' | 'queueId' | 'userId'>,
) => before.status !== after.status || before.queueId !== after.queueId || before.userId !== after.userId;
