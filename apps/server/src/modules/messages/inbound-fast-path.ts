/**
 * The common inbound case in ONE statement (so one implicit transaction, no BEGIN/COMMIT round
 * trips): a known contact with an open or pending ticket on the channel. The ticket row is locked
 * (FOR UPDATE) so a ticket closed at the same moment is skipped; the message is inserted unless
 * its (channel, external id) is already stored; the ticket's counters are bumped only when it was.
 * When it stored nothing (new contact, no active ticket, or a duplicate) the caller takes the full
 * transactional path, which handles all three.
 *
 * The contact is looked up first (a scalar subquery) so the ticket is found through
 * tickets_one_active_key (tenant, channel, contact) rather than by scanning the channel's tickets.
 * Every table is constrained to the scope's tenant by hand below (raw SQL, no `owns`).
 */
import type { ContactIdentity } from './inbound-contact-ticket.js';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { messages, tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { TicketRow } from '../tickets/tickets.presenter.js';
import type { MessageRow } from './messages.presenter.js';

/** A row of `row_to_json` (snake_case, JSON values) as drizzle would have mapped it. */
function fromJson<T>(table: PgTable, json: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [key, col] of Object.entries(getTableColumns(table))) {
    const v = json[col.name];
    out[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
  }
  return out as T;
}

export interface FastInput {
  channelId: number;
  /** `contacts.number = ...`, `contacts.webchat_id = ...`, `contacts.lid = ...` or `contacts.external_key = ...`. */
  identity: ContactIdentity;
  values: Pick<
    MessageRow,
    | 'fromMe'
    | 'body'
    | 'mediaType'
    | 'mediaKey'
    | 'mediaName'
    | 'mimeType'
    | 'mediaSize'
    | 'status'
    | 'externalId'
    | 'createdAt'
  >;
  quotedExternalId: string | null;
  preview: string;
}

const COLUMN = { number: 'number', webchatId: 'webchat_id', lid: 'lid', externalKey: 'external_key' } as const;

/**
 * The sender's contact row by its identity column. The contact's unique indexes are partial
 * (`number <> ''`, `lid is not null`, ...): spelling the number's predicate out lets PostgreSQL use
 * its index in a generic plan too, which it then keeps (no planning per message).
 */
const whoIs = (alias: string, column: (typeof COLUMN)[keyof typeof COLUMN], p: (name: string) => SQL) =>
  column === 'number'
    ? sql`${sql.raw(alias)}.number = ${p('who')} and ${sql.raw(alias)}.number <> ''`
    : sql`${sql.raw(alias)}.${sql.raw(column)} = ${p('who')}`;

/** The message, inserted for each row of `source` (a CTE with the ticket's id and contact_id). */
function messageInsert(t: number, source: string, quoted: boolean, p: (name: string) => SQL): SQL {
  const at = sql`${p('at')}::timestamptz`;
  const quotedId = quoted
    ? sql`(select q.id from messages q where q.tenant_id = ${t} and q.channel_id = ${p('channelId')} and q.external_id = ${p('quoted')} limit 1)`
    : sql`null`;
  return sql`
      insert into messages (tenant_id, ticket_id, contact_id, channel_id, from_me, body, media_type, media_key, media_name,
        mime_type, media_size, status, external_id, quoted_msg_id, created_at, updated_at)
      select ${t}, ${sql.raw(source)}.id, ${sql.raw(source)}.contact_id, ${p('channelId')}, ${p('fromMe')}, ${p('body')},
        ${p('mediaType')}, ${p('mediaKey')}, ${p('mediaName')}, ${p('mimeType')}, ${p('mediaSize')}, ${p('status')},
        ${p('externalId')}, ${quotedId}, ${at}, now()
      from ${sql.raw(source)}
      on conflict do nothing
      returning *`;
}

function statement(
  t: number,
  column: (typeof COLUMN)[keyof typeof COLUMN],
  fromMe: boolean,
  quoted: boolean,
  p: (name: string) => SQL,
): SQL {
  const at = sql`${p('at')}::timestamptz`;
  const counters = fromMe
    ? sql`last_outbound_at = ${at}`
    : sql`unread_messages = tickets.unread_messages + 1, last_inbound_at = ${at}`;
  return sql`
    with t as (
      select tk.id, tk.contact_id from tickets tk
      where tk.tenant_id = ${t} and tk.channel_id = ${p('channelId')} and tk.status in ('open', 'pending')
        and tk.contact_id = (select c.id from contacts c where c.tenant_id = ${t} and ${whoIs('c', column, p)})
      limit 1
      for update of tk
    ), m as (${messageInsert(t, 't', quoted, p)}
    ), u as (
      update tickets set ${counters}, last_message = ${p('preview')}, last_message_at = ${at}, updated_at = now()
      where tickets.tenant_id = ${t} and tickets.id = (select m.ticket_id from m)
      returning tickets.*
    )
    select (select row_to_json(m) from m) as m, (select row_to_json(u) from u) as u, exists (select 1 from t) as "active"`;
}

/**
 * `stored`: the message and its ticket, or null when nothing was stored; `activeTicket`: whether
 * the contact had an open or pending ticket on the channel (if not, the caller will create one).
 */
export interface FastResult {
  stored: { message: MessageRow; ticket: TicketRow } | null;
  activeTicket: boolean;
}

type IdentityKind = keyof typeof COLUMN;
const kindOf = (id: ContactIdentity): IdentityKind =>
  'number' in id ? 'number' : 'webchatId' in id ? 'webchatId' : 'lid' in id ? 'lid' : 'externalKey';

/** The values of both statements: the sender's identity, the message and the ticket's preview. */
function paramsOf(input: FastInput): Record<string, unknown> {
  const v = input.values;
  const id = input.identity;
  return {
    channelId: input.channelId,
    who: 'number' in id ? id.number : 'webchatId' in id ? id.webchatId : 'lid' in id ? id.lid : id.externalKey,
    fromMe: v.fromMe,
    body: v.body,
    mediaType: v.mediaType,
    mediaKey: v.mediaKey,
    mediaName: v.mediaName,
    mimeType: v.mimeType,
    mediaSize: v.mediaSize,
    status: v.status,
    externalId: v.externalId,
    quoted: input.quotedExternalId,
    at: v.createdAt.toISOString(),
    preview: input.preview,
  };
}

const parseJson = (x: unknown) =>
  typeof x === 'string' ? (JSON.parse(x) as Record<string, unknown>) : (x as Record<string, unknown>);

export async function fastIngest(scope: TenantScope, input: FastInput): Promise<FastResult> {
  const kind = kindOf(input.identity);
  const fromMe = input.values.fromMe;
  const quoted = input.quotedExternalId !== null;
  // The statement's text depends only on the identity's kind, fromMe and whether it quotes: built
  // once, prepared once per connection (runMemo), then run with these values.
  const rows = (await scope.runMemo(
    JSON.stringify(['messages.fast-ingest', kind, fromMe, quoted]),
    (p) => statement(scope.tenantId, COLUMN[kind], fromMe, quoted, p),
    paramsOf(input),
  )) as { m: unknown; u: unknown; active: boolean }[];
  const row = rows[0];
  if (!row?.m || !row.u) return { stored: null, activeTicket: row?.active === true };
  return {
    stored: {
      message: fromJson<MessageRow>(messages, parseJson(row.m)),
      ticket: fromJson<TicketRow>(tickets, parseJson(row.u)),
    },
    activeTicket: true,
  };
}

/** What a customer's first message of a new ticket needs beyond `FastInput`. */
export interface FastOpenInput extends FastInput {
  /** The contact, should it be new. */
  contact: { name: string; email: string; profilePicUrl: string; isGroup: boolean };
  /** The new ticket: the channel's default queue and user, and its protocol (taken beforehand). */
  ticket: { queueId: number | null; userId: number | null; protocol: string };
}

/** Raised by the statement below (prosa_abort, migration 0014) to undo itself. */
const ALREADY_STORED = 'inbound: message already stored';

/** The guard's error, as the driver gives it or wrapped by drizzle (its `cause`). */
const isAbort = (err: unknown): boolean =>
  err instanceof Error && (err.message === ALREADY_STORED || isAbort((err as { cause?: unknown }).cause));

/**
 * A customer's message that opens a ticket (no open or pending one on the channel), in ONE
 * statement: the contact (found, or inserted), the pending or open ticket (open to its wallet owner
 * with DirectTicketsToWallets) with the message's
 * counters, its 'create' log and the message. Nothing is written when the message is already
 * stored. When a concurrent transaction made the contact or the ticket first, the statement's
 * snapshot cannot see that row: it writes nothing and answers null, and the caller takes the
 * transactional path. Should the message insert alone find its (channel, external id) taken, the
 * statement aborts itself (prosa_abort), so no ticket is left without its message.
 */
function openStatement(t: number, column: (typeof COLUMN)[IdentityKind], quoted: boolean, p: (name: string) => SQL) {
  const at = sql`${p('at')}::timestamptz`;
  const col = sql.raw(column);
  return sql`
    with fresh as (
      select not exists (
        select 1 from messages x
        where x.tenant_id = ${t} and x.channel_id = ${p('channelId')} and x.external_id = ${p('externalId')}
      ) as ok
    ), ci as (
      insert into contacts (tenant_id, name, email, profile_pic_url, is_group, ${col})
      select ${t}, ${p('name')}, ${p('email')}, ${p('profilePicUrl')}, ${p('isGroup')}, ${p('who')} from fresh where ok
      on conflict do nothing
      returning id, is_group
    ), c as (
      select id, is_group from ci
      union all
      select c.id, c.is_group from contacts c, fresh
      where fresh.ok and c.tenant_id = ${t} and ${whoIs('c', column, p)} and not exists (select 1 from ci)
      limit 1
    ), d as (
      -- DirectTicketsToWallets: the ticket opens to the contact's wallet owner (online first, then
      -- the oldest user), else to the channel's default user. A new contact has no wallet.
      select coalesce((
        select cw.user_id from contact_wallets cw join users u on u.id = cw.user_id and u.tenant_id = cw.tenant_id
        where cw.tenant_id = ${t} and cw.contact_id = c.id and exists (
          select 1 from settings s where s.tenant_id = ${t} and s.key = 'DirectTicketsToWallets' and s.value = 'enabled')
        order by u.is_online desc, u.id limit 1
      ), ${p('userId')}::int) as user_id
      from c
    ), t as (
      insert into tickets (tenant_id, contact_id, channel_id, queue_id, user_id, status, protocol, is_group,
        started_attendance_at, unread_messages, last_message, last_message_at, last_inbound_at)
      select ${t}, c.id, ${p('channelId')}, ${p('queueId')}::int, d.user_id,
        case when d.user_id is null then 'pending' else 'open' end, ${p('protocol')}, c.is_group,
        case when d.user_id is null then null else now() end, 1, ${p('preview')}, ${at}, ${at}
      from c, d
      on conflict do nothing
      returning *
    ), l as (
      insert into ticket_logs (tenant_id, ticket_id, type, queue_id) select ${t}, t.id, 'create', t.queue_id from t
    ), m as (${messageInsert(t, 't', quoted, p)}
    )
    select (select row_to_json(m) from m) as m, (select row_to_json(t) from t) as t,
      case when exists (select 1 from t) and not exists (select 1 from m) then prosa_abort(${ALREADY_STORED}) end as guard`;
}

/** See openStatement. Customers' messages only (an echo of our own send opens no ticket this way). */
export async function fastOpen(
  scope: TenantScope,
  input: FastOpenInput,
): Promise<{ message: MessageRow; ticket: TicketRow } | null> {
  if (input.values.fromMe) throw new Error('fastOpen: inbound customer messages only');
  const kind = kindOf(input.identity);
  const quoted = input.quotedExternalId !== null;
  try {
    const rows = (await scope.runMemo(
      JSON.stringify(['messages.fast-open', kind, quoted]),
      (p) => openStatement(scope.tenantId, COLUMN[kind], quoted, p),
      { ...paramsOf(input), ...input.contact, ...input.ticket },
    )) as { m: unknown; t: unknown }[];
    const row = rows[0];
    if (!row?.m || !row.t) return null;
    return {
      message: fromJson<MessageRow>(messages, parseJson(row.m)),
      ticket: fromJson<TicketRow>(tickets, parseJson(row.t)),
    };
  } catch (err) {
    if (isAbort(err)) return null;
    throw err;
  }
}
