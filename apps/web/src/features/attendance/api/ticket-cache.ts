import type { Ticket } from '@prosa/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Session } from '../../../shared/auth/session';
import { inTab, ticketKeys, type ListKeyParams, type TicketList } from './ticket-keys';

type Pages = InfiniteData<TicketList>;

/** Newest activity first, then the highest id: the order the server pages in. */
function before(a: Ticket, b: Ticket): boolean {
  const ta = a.lastMessageAt ?? a.updatedAt;
  const tb = b.lastMessageAt ?? b.updatedAt;
  return ta === tb ? a.id > b.id : ta > tb;
}

/**
 * Whether a pushed ticket belongs in a list. The server only sends tickets the user may see; the
 * list adds the user's own narrowing: the tab, the filter fields, and without "show all" the
 * user's own queues (as the list query does for admins and supervisors). A search cannot be judged
 * here, so a searched list is only updated in place.
 */
export function belongsTo(ticket: Ticket, p: ListKeyParams, session: Session): boolean {
  const f = p.filter;
  if (!inTab(ticket, p.tab)) return false;
  if (f.withUnreadMessages && ticket.unreadMessages === 0) return false;
  if (f.isNotAssignedUser && ticket.userId !== null) return false;
  if (ticket.queueId === null) {
    if (!f.includeNotQueueDefined) return false;
  } else if (f.queuesIds.length > 0 && !f.queuesIds.includes(ticket.queueId)) return false;
  if (f.tagsIds.length > 0 && !ticket.contact.tags.some((tag) => f.tagsIds.includes(tag.id))) return false;
  if (!f.showAll && f.queuesIds.length === 0 && ticket.queueId !== null && ticket.userId !== session.userId) {
    if (!session.queues.some((q) => q.id === ticket.queueId)) return false;
  }
  return true;
}

/** The list without the ticket; `removed` tells whether it was there. */
function without(data: Pages, id: number): { data: Pages; removed: boolean } {
  let removed = false;
  const pages = data.pages.map((page) => {
    if (!page.tickets.some((t) => t.id === id)) return page;
    removed = true;
    return { ...page, tickets: page.tickets.filter((t) => t.id !== id) };
  });
  return { data: removed ? { ...data, pages } : data, removed };
}

/** Places the ticket where the order puts it among the loaded rows (past them: left for later pages). */
function placed(data: Pages, ticket: Ticket): Pages {
  const pages = [...data.pages];
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i]!;
    const at = page.tickets.findIndex((t) => before(ticket, t));
    if (at === -1) continue;
    const tickets = [...page.tickets];
    tickets.splice(at, 0, ticket);
    pages[i] = { ...page, tickets };
    return { ...data, pages };
  }
  const last = pages[pages.length - 1];
  if (!last || last.hasMore) return data;
  pages[pages.length - 1] = { ...last, tickets: [...last.tickets, ticket] };
  return { ...data, pages };
}

/** The list's total follows a row that came or went. */
function counted(data: Pages, delta: number): Pages {
  if (delta === 0) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, count: Math.max(0, p.count + delta) })) };
}

/** Same position, new data (rows of other tickets keep their identity, so memoized rows skip). */
function replacedInPlace(data: Pages, ticket: Ticket): Pages {
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.tickets.some((t) => t.id === ticket.id)
        ? { ...page, tickets: page.tickets.map((t) => (t.id === ticket.id ? ticket : t)) }
        : page,
    ),
  };
}

function findIn(data: Pages, id: number): Ticket | undefined {
  for (const page of data.pages) {
    const found = page.tickets.find((t) => t.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Applies a pushed ticket to every cached list. Answers the lists to read again: those that lost a
 * row while more pages exist (their server offsets moved, else a row is skipped), and those being
 * read right now (their answer may predate the change).
 */
export function applyTicketToLists(
  qc: QueryClient,
  ticket: Ticket,
  action: 'create' | 'update' | 'delete',
  session: Session,
): (readonly unknown[])[] {
  const shifted: (readonly unknown[])[] = [];
  for (const query of qc.getQueryCache().findAll({ queryKey: ticketKeys.lists })) {
    const params = query.queryKey[2] as ListKeyParams | undefined;
    const data = query.state.data as Pages | undefined;
    // A read under way may have been answered before this change was committed: its answer would
    // overwrite (or, for a first load, never hold) the pushed ticket, so that list is read again.
    if (params && query.state.fetchStatus === 'fetching') shifted.push(query.queryKey);
    if (!params || !data) continue;
    const existing = findIn(data, ticket.id);
    const keep = action !== 'delete' && (existing || !params.search) && belongsTo(ticket, params, session);
    let next: Pages = data;
    if (!keep) {
      const res = without(data, ticket.id);
      next = counted(res.data, res.removed ? -1 : 0);
      if (res.removed && data.pages[data.pages.length - 1]?.hasMore) shifted.push(query.queryKey);
    } else if (existing && existing.lastMessageAt === ticket.lastMessageAt) {
      next = replacedInPlace(data, ticket);
    } else {
      next = counted(placed(without(data, ticket.id).data, ticket), existing ? 0 : 1);
    }
    if (next !== data) qc.setQueryData(query.queryKey, next);
  }
  return shifted;
}

/** Patches a ticket wherever it is cached (lists and detail), e.g. unread back to 0 when read. */
export function patchTicketEverywhere(qc: QueryClient, id: number, patch: Partial<Ticket>): void {
  for (const query of qc.getQueryCache().findAll({ queryKey: ticketKeys.lists })) {
    const data = query.state.data as Pages | undefined;
    const existing = data && findIn(data, id);
    if (data && existing) qc.setQueryData(query.queryKey, replacedInPlace(data, { ...existing, ...patch }));
  }
  qc.setQueryData<Ticket>(ticketKeys.detail(id), (t) => (t ? { ...t, ...patch } : t));
}

/** The freshest copy of a ticket the caches hold (for an instant header while it loads). */
export function cachedTicket(qc: QueryClient, id: number): Ticket | undefined {
  const detail = qc.getQueryData<Ticket>(ticketKeys.detail(id));
  if (detail) return detail;
  for (const query of qc.getQueryCache().findAll({ queryKey: ticketKeys.lists })) {
    const data = query.state.data as Pages | undefined;
    const found = data && findIn(data, id);
    if (found) return found;
  }
  return undefined;
}
