import { SETTING_DEFAULTS, type AttendanceFilter, type TicketStatus } from '@prosa/contracts';
import { count, desc, eq, exists, gt, inArray, isNull, not, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../platform/db/client.js';
import { contactTags, settings, tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import { masksNumbers, maySeeAll, type TicketViewer } from './tickets.policy.js';
import { readTicketBase, ticketBasesSql, type TicketBase } from './tickets.presenter.js';
import { resolveSearch, searchSql, type TicketSearch } from './tickets.search.js';
import { chatbotSql, visibilitySql } from './tickets.visibility-sql.js';

const MAX_INT4 = 2_147_483_647;
/** Ids from a query string that an int4 column can hold; others match nothing. */
const validIds = (ids: number[]) => [...new Set(ids)].filter((n) => Number.isInteger(n) && n > 0 && n <= MAX_INT4);

const LIMIT_KEY = { open: 'TicketsLimitOpen', pending: 'TicketsLimitPending', closed: 'TicketsLimitClosed' } as const;

/** Page size of the tab: the tenant's setting per status (the largest when several), default 40. */
async function pageSize(scope: TenantScope, statuses: TicketStatus[]): Promise<number> {
  const keys = statuses.map((s) => LIMIT_KEY[s]);
  const saved = new Map((await scope.select(settings, inArray(settings.key, keys))).map((r) => [r.key, r.value]));
  const sizes = keys
    .map((k) => Number.parseInt(saved.get(k) ?? SETTING_DEFAULTS[k], 10))
    .filter((x) => Number.isFinite(x) && x > 0);
  return sizes.length ? Math.min(Math.max(...sizes), 200) : 40;
}

/** The list's count stops here: counting 150,000 closed tickets costs more than the page itself. */
export const LIST_COUNT_CAP = 1_000;

/**
 * One page of the attendance list, with each ticket's view: visible tickets matching the filter,
 * newest activity first (last_message_at desc, id desc: a total order, so pages never repeat or
 * skip a row). `count` is exact up to LIST_COUNT_CAP; the tab badges come exact from
 * countVisibleTickets.
 */
export async function listTicketPage(
  scope: TenantScope,
  viewer: TicketViewer,
  f: AttendanceFilter,
): Promise<{ bases: TicketBase[]; count: number; hasMore: boolean }> {
  if (f.status.length === 0) throw new AppError('ERR_NO_STATUS_SELECTED');
  if (matchesNothing(f)) return { bases: [], count: 0, hasMore: false };
  const statuses = [...new Set(f.status)];
  const known = statuses.map((st) => viewer.pageSizes?.[st]);
  const [size, search] = await Promise.all([
    known.every((n) => n !== undefined) ? Math.min(Math.max(...known), 200) : pageSize(scope, statuses),
    resolveSearch(scope, f.searchParam, masksNumbers(viewer)),
  ]);
  // The page, its tickets' views and the capped count in one statement (one round trip). Without
  // a search its SQL depends only on the viewer and the filter: built once per shape (runMemo)
  // with the values written in, so PostgreSQL plans it once per connection. With a search it is
  // prepared by its text.
  const build = () =>
    scope.query(async (db, owns) => {
      const built = buildTicketList(scope, db, owns, viewer, f, size, search)!;
      // The count is not correlated: PostgreSQL computes it once (an InitPlan), not per row.
      return sql`with page as (${built.page})
        select (${built.total}) as "n", b.* from (select 1) as one
        left join (${ticketBasesSql(owns, sql`${tickets.id} in (select page.id from page)`)}) b on true
        order by b."sortAt" desc, b."sortId" desc`;
    });
  const { pageSizes: _sizes, ...shape } = viewer;
  const rows = search
    ? await scope.runNamed(await build())
    : await scope.runMemo(JSON.stringify(['tickets.page', shape, f, size]), build, {}, { inline: true });
  const found = rows.filter((r) => r.row !== null);
  return {
    bases: found.slice(0, size).map(readTicketBase),
    count: Math.min(Number(rows[0]?.n ?? 0), LIST_COUNT_CAP),
    hasMore: found.length > size,
  };
}

/** A filter naming only impossible tag or channel ids matches nothing (rather than everything). */
function matchesNothing(f: AttendanceFilter): boolean {
  return (
    (f.tagsIds.length > 0 && validIds(f.tagsIds).length === 0) ||
    (f.whatsappIds.length > 0 && validIds(f.whatsappIds).length === 0)
  );
}

const newestFirst = () => [desc(tickets.lastMessageAt), desc(tickets.id)];

/**
 * The page and count queries of the list, not yet run (the benchmark EXPLAINs them); null when
 * the filter can match nothing.
 */
export function buildTicketList(
  scope: TenantScope,
  db: DbExecutor,
  owns: TenantScope['owns'],
  viewer: TicketViewer,
  f: AttendanceFilter,
  size: number,
  search?: TicketSearch,
) {
  if (matchesNothing(f)) return null;
  const statuses = [...new Set(f.status)];
  let queueIds = validIds(f.queuesIds);
  const tagIds = validIds(f.tagsIds);
  const channelIds = validIds(f.whatsappIds);
  // A filter naming only impossible ids matches nothing (rather than everything).
  const impossible = (given: number[], valid: number[]) => given.length > 0 && valid.length === 0;
  if (impossible(f.queuesIds, queueIds)) queueIds = [0];
  const where = (status: SQL) =>
    owns(
      tickets,
      status,
      visibilitySql(db, owns, viewer, {
        showAll: f.showAll,
        includeNotQueueDefined: f.includeNotQueueDefined,
        queueIds,
      }),
      channelIds.length ? inArray(tickets.channelId, channelIds) : undefined,
      f.useradmId && f.useradmId <= MAX_INT4 ? eq(tickets.userId, f.useradmId) : undefined,
      f.isNotAssignedUser ? isNull(tickets.userId) : undefined,
      f.withUnreadMessages ? gt(tickets.unreadMessages, 0) : undefined,
      f.chatbot === undefined ? undefined : f.chatbot ? chatbotSql : not(chatbotSql),
      f.isGroup === undefined ? undefined : eq(tickets.isGroup, f.isGroup),
      tagIds.length
        ? exists(
            db
              .select({ one: sql`1` })
              .from(contactTags)
              .where(
                owns(contactTags, eq(contactTags.contactId, tickets.contactId), inArray(contactTags.tagId, tagIds)),
              ),
          )
        : undefined,
      search ? searchSql(scope, db, search) : undefined,
    );
  const offset = (f.pageNumber - 1) * size;
  const branch = (status: TicketStatus, limit: number) =>
    db
      .select({ id: tickets.id, lastMessageAt: tickets.lastMessageAt })
      .from(tickets)
      .where(where(eq(tickets.status, status)))
      .orderBy(...newestFirst())
      .limit(limit);
  // PostgreSQL cannot walk tickets_tenant_status_idx in order across `status IN (...)`: it would
  // fetch and sort every open and pending ticket. One ordered walk per status, merged, reads only
  // the rows the page needs.
  const [first, second, ...rest] = statuses.map((s) => branch(s, offset + size + 1));
  const page = second
    ? unionAll(first!, second, ...rest)
        .orderBy(...newestFirst())
        .limit(size + 1)
        .offset(offset)
    : branch(statuses[0]!, size + 1).offset(offset);
  // The capped count walks the same ordered index per status. Without an order, PostgreSQL may
  // pick a sequential scan that stops at the cap, and it does not: open and pending tickets are a
  // few pages of a large table, and a synchronised scan starts wherever the last one stopped (a
  // 40 ms outlier on one request in ten after the company's statistics were refreshed).
  // Each walk stops at the cap, and so does their sum (the next walk starts only if needed).
  const walk = (status: TicketStatus) =>
    db
      .select({ one: sql<number>`1`.as('one') })
      .from(tickets)
      .where(where(eq(tickets.status, status)))
      .orderBy(desc(tickets.lastMessageAt))
      .limit(LIST_COUNT_CAP);
  const [c1, c2, ...cRest] = statuses.map(walk);
  const walks = c2 ? unionAll(c1!, c2, ...cRest).as('walks') : c1!.as('walks');
  const capped = db.select({ one: walks.one }).from(walks).limit(LIST_COUNT_CAP).as('capped');
  return { page, total: db.select({ n: count() }).from(capped) };
}

/** Open and pending tickets the viewer may see, per tab of the attendance screen. */
export function countVisibleTickets(scope: TenantScope, viewer: TicketViewer) {
  return scope.query(async (db, owns) => {
    const bot = sql`(${chatbotSql})`;
    const [row] = await db
      .select({
        open: sql<number>`count(*) filter (where ${tickets.status} = 'open')`,
        pending: sql<number>`count(*) filter (where ${tickets.status} = 'pending' and not ${bot})`,
        chatbot: sql<number>`count(*) filter (where ${bot})`,
        groups: sql<number>`count(*) filter (where ${tickets.isGroup})`,
      })
      .from(tickets)
      .where(
        owns(
          tickets,
          inArray(tickets.status, ['open', 'pending']),
          visibilitySql(db, owns, viewer, { showAll: maySeeAll(viewer), includeNotQueueDefined: true }),
        ),
      );
    return {
      open: Number(row?.open ?? 0),
      pending: Number(row?.pending ?? 0),
      chatbot: Number(row?.chatbot ?? 0),
      groups: Number(row?.groups ?? 0),
    };
  });
}
