import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { messages } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import { jsonRowReader } from '../../platform/db/json-rows.js';
import type { MessageRow, QuotedRow } from './messages.presenter.js';

export const PAGE_SIZE = 20;

const quoted = alias(messages, 'quoted');
const quotedCols = {
  id: quoted.id,
  body: quoted.body,
  fromMe: quoted.fromMe,
  mediaType: quoted.mediaType,
  isDeleted: quoted.isDeleted,
};

export interface MessageWithQuoted {
  row: MessageRow;
  quoted: QuotedRow | null;
}

/** Messages with the message each one quotes, in one query (both sides constrained to the tenant). */
function selectWithQuoted(
  scope: TenantScope,
  where: SQL | undefined,
  order: 'asc' | 'desc',
  limit?: number,
  offset = 0,
) {
  return scope.query(async (db, owns) => {
    const q = db
      .select({ row: messages, quoted: quotedCols })
      .from(messages)
      .leftJoin(quoted, owns(quoted, eq(quoted.id, messages.quotedMsgId)))
      .where(owns(messages, where))
      .orderBy(
        order === 'asc' ? asc(messages.createdAt) : desc(messages.createdAt),
        order === 'asc' ? asc(messages.id) : desc(messages.id),
      )
      .$dynamic();
    const rows = await (limit ? q.limit(limit).offset(offset) : q);
    return rows.map((r) => ({ row: r.row, quoted: r.quoted?.id ? (r.quoted as QuotedRow) : null }));
  });
}

const counted = alias(messages, 'counted');
const readMessage = jsonRowReader(messages);

/**
 * One page of a ticket, 20 newest first, answered oldest first within the page: the rows (built
 * as JSON by PostgreSQL, json-rows.ts), the message each one quotes and the ticket's message count
 * in ONE statement, built once and prepared once per connection (runMemo): the message page is
 * opened with every ticket, and parsing and planning its statements cost PostgreSQL several times
 * more than running them (README "Desk speed").
 */
export async function ticketMessagesPage(scope: TenantScope, ticketId: number, pageNumber: number) {
  const build = (value: (name: string) => SQL) =>
    scope.query(
      // An alias renders as its bare name in a template: the table is written beside it.
      async (_db, owns) => sql`select row_to_json(${messages}) as "row",
        case when ${quoted.id} is null then null else json_build_object('id', ${quoted.id}, 'body', ${quoted.body},
          'fromMe', ${quoted.fromMe}, 'mediaType', ${quoted.mediaType}, 'isDeleted', ${quoted.isDeleted}) end as "quoted",
        (select count(*)::int from ${messages} ${sql.identifier('counted')} where ${owns(counted, eq(counted.ticketId, value('ticketId')))}) as "n"
      from ${messages} left join ${messages} ${sql.identifier('quoted')} on ${owns(quoted, eq(quoted.id, messages.quotedMsgId))}
      where ${owns(messages, eq(messages.ticketId, value('ticketId')))}
      order by ${messages.createdAt} desc, ${messages.id} desc
      limit ${PAGE_SIZE} offset ${value('offset')}`,
    );
  const raw = await scope.runMemo('messages.page', build, { ticketId, offset: (pageNumber - 1) * PAGE_SIZE });
  // Past the last page there is no row to carry the count.
  const count = raw.length > 0 ? Number(raw[0]!.n) : await scope.count(messages, eq(messages.ticketId, ticketId));
  const rows: MessageWithQuoted[] = raw.map((r) => ({
    row: readMessage(r.row as Record<string, unknown>),
    quoted: (r.quoted as QuotedRow | null) ?? null,
  }));
  return { rows: rows.reverse(), count, hasMore: count > pageNumber * PAGE_SIZE };
}

export async function messagesWithQuoted(scope: TenantScope, ids: number[]): Promise<MessageWithQuoted[]> {
  if (ids.length === 0) return [];
  return selectWithQuoted(scope, inArray(messages.id, ids), 'asc');
}

/** Every message of a ticket in order, read in chunks (the PDF of a long conversation). */
export async function* allTicketMessages(scope: TenantScope, ticketId: number, chunk = 1000) {
  let after = 0;
  for (;;) {
    const rows = await scope
      .select(messages, and(eq(messages.ticketId, ticketId), gt(messages.id, after)))
      .orderBy(asc(messages.id))
      .limit(chunk);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.id;
  }
}

export async function getMessage(scope: TenantScope, id: number): Promise<MessageRow> {
  const row = await scope.first(messages, eq(messages.id, id));
  if (!row) throw new AppError('ERR_NOT_FOUND');
  return row;
}

export async function getQuoted(scope: TenantScope, id: number | null): Promise<QuotedRow | null> {
  if (!id) return null;
  return (await scope.first(messages, eq(messages.id, id))) ?? null;
}

/** Totals of the tenant for the dashboard; "today" in the tenant's time zone. */
export async function messageCounts(scope: TenantScope, timezone: string) {
  const [row] = await scope.query((db, owns) =>
    db
      .select({
        total: sql<number>`count(*)::int`,
        fromMe: sql<number>`(count(*) filter (where ${messages.fromMe}))::int`,
        received: sql<number>`(count(*) filter (where not ${messages.fromMe}))::int`,
        today: sql<number>`(count(*) filter (where ${messages.createdAt} >= (date_trunc('day', now() at time zone ${timezone}) at time zone ${timezone})))::int`,
      })
      .from(messages)
      .where(owns(messages)),
  );
  return {
    total: Number(row?.total ?? 0),
    fromMe: Number(row?.fromMe ?? 0),
    received: Number(row?.received ?? 0),
    today: Number(row?.today ?? 0),
  };
}
