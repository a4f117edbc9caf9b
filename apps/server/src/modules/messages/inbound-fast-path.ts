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

function statement(
  t: number,
  column: (typeof COLUMN)[keyof typeof COLUMN],
  fromMe: boolean,
  quoted: boolean,
  p: (name: string) => SQL,
): SQL {
  const at = sql`${p('at')}::timestamptz`;
  const quotedId = quoted
    ? sql`(select q.id from messages q where q.tenant_id = ${t} and q.channel_id = ${p('channelId')} and q.external_id = ${p('quoted')} limit 1)`
    : sql`null`;
  const counters = fromMe
    ? sql`last_outbound_at = ${at}`
    : sql`unread_messages = tickets.unread_messages + 1, last_inbound_at = ${at}`;
  return sql`
    with t as (
      select tk.id, tk.contact_id from tickets tk
      where tk.tenant_id = ${t} and tk.channel_id = ${p('channelId')} and tk.status in ('open', 'pending')
        and tk.contact_id = (select c.id from contacts c where c.tenant_id = ${t} and c.${sql.raw(column)} = ${p('who')})
      limit 1
      for update of tk
    ), m as (
      insert into messages (tenant_id, ticket_id, contact_id, channel_id, from_me, body, media_type, media_key, media_name,
        mime_type, media_size, status, external_id, quoted_msg_id, created_at, updated_at)
      select ${t}, t.id, t.contact_id, ${p('channelId')}, ${p('fromMe')}, ${p('body')}, ${p('mediaType')}, ${p('mediaKey')},
        ${p('mediaName')}, ${p('mimeType')}, ${p('mediaSize')}, ${p('status')}, ${p('externalId')}, ${quotedId}, ${at}, now()
      from t
      on conflict do nothing
      returning *
    ), u as (
      update tickets set ${counters}, last_message = ${p('preview')}, last_message_at = ${at}, updated_at = now()
      from m where tickets.id = m.ticket_id and tickets.tenant_id = ${t}
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

export async function fastIngest(scope: TenantScope, input: FastInput): Promise<FastResult> {
  const v = input.values;
  const id = input.identity;
  const kind = 'number' in id ? 'number' : 'webchatId' in id ? 'webchatId' : 'lid' in id ? 'lid' : 'externalKey';
  const values: Record<string, unknown> = {
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
  const quoted = input.quotedExternalId !== null;
  // The statement's text depends only on the identity's kind, fromMe and whether it quotes: built
  // once, prepared once per connection (runMemo), then run with these values.
  const rows = (await scope.runMemo(
    JSON.stringify(['messages.fast-ingest', kind, v.fromMe, quoted]),
    (p) => statement(scope.tenantId, COLUMN[kind], v.fromMe, quoted, p),
    values,
  )) as { m: unknown; u: unknown; active: boolean }[];
  const row = rows[0];
  if (!row?.m || !row.u) return { stored: null, activeTicket: row?.active === true };
  const parse = (x: unknown) =>
    typeof x === 'string' ? (JSON.parse(x) as Record<string, unknown>) : (x as Record<string, unknown>);
  return {
    stored: {
      message: fromJson<MessageRow>(messages, parse(row.m)),
      ticket: fromJson<TicketRow>(tickets, parse(row.u)),
    },
    activeTicket: true,
  };
}
