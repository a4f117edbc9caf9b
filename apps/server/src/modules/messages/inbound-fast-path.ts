/**
 * The common inbound case in ONE statement (so one implicit transaction, no BEGIN/COMMIT round
 * trips): a known contact with an open or pending ticket on the channel. The ticket row is locked
 * (FOR UPDATE) so a ticket closed at the same moment is skipped; the message is inserted unless
 * its (channel, external id) is already stored; the ticket's counters are bumped only when it was.
 * Answers null when it stored nothing (new contact, no active ticket, or a duplicate): the caller
 * then takes the full transactional path, which handles all three.
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

export async function fastIngest(
  scope: TenantScope,
  input: FastInput,
): Promise<{ message: MessageRow; ticket: TicketRow } | null> {
  const t = scope.tenantId;
  const v = input.values;
  const id = input.identity;
  const who: SQL =
    'number' in id
      ? sql`c.number = ${id.number}`
      : 'webchatId' in id
        ? sql`c.webchat_id = ${id.webchatId}`
        : 'lid' in id
          ? sql`c.lid = ${id.lid}`
          : sql`c.external_key = ${id.externalKey}`;
  const at = v.createdAt.toISOString();
  const quoted = input.quotedExternalId
    ? sql`(select q.id from messages q where q.tenant_id = ${t} and q.channel_id = ${input.channelId} and q.external_id = ${input.quotedExternalId} limit 1)`
    : sql`null`;
  const counters = v.fromMe
    ? sql`last_outbound_at = ${at}::timestamptz`
    : sql`unread_messages = tickets.unread_messages + 1, last_inbound_at = ${at}::timestamptz`;
  const query = sql`
    with t as (
      select tk.id, tk.contact_id from tickets tk
      where tk.tenant_id = ${t} and tk.channel_id = ${input.channelId} and tk.status in ('open', 'pending')
        and tk.contact_id = (select c.id from contacts c where c.tenant_id = ${t} and ${who})
      limit 1
      for update of tk
    ), m as (
      insert into messages (tenant_id, ticket_id, contact_id, channel_id, from_me, body, media_type, media_key, media_name,
        mime_type, media_size, status, external_id, quoted_msg_id, created_at, updated_at)
      select ${t}, t.id, t.contact_id, ${input.channelId}, ${v.fromMe}, ${v.body}, ${v.mediaType}, ${v.mediaKey}, ${v.mediaName},
        ${v.mimeType}, ${v.mediaSize}, ${v.status}, ${v.externalId}, ${quoted}, ${at}::timestamptz, now()
      from t
      on conflict do nothing
      returning *
    ), u as (
      update tickets set ${counters}, last_message = ${input.preview}, last_message_at = ${at}::timestamptz, updated_at = now()
      from m where tickets.id = m.ticket_id and tickets.tenant_id = ${t}
      returning tickets.*
    )
    select row_to_json(m) as m, (select row_to_json(u) from u) as u from m`;
  const result = (await scope.query((db) => db.execute(query))) as unknown as { rows: { m: unknown; u: unknown }[] };
  const row = result.rows[0];
  if (!row?.m || !row.u) return null;
  const parse = (x: unknown) =>
    typeof x === 'string' ? (JSON.parse(x) as Record<string, unknown>) : (x as Record<string, unknown>);
  return { message: fromJson<MessageRow>(messages, parse(row.m)), ticket: fromJson<TicketRow>(tickets, parse(row.u)) };
}
