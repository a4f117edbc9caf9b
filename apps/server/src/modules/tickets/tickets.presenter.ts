import type { Ticket } from '@prosa/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  channels,
  contacts,
  contactTags,
  contactWallets,
  integrations,
  queues,
  tags,
  tickets,
  users,
} from '../../platform/db/schema.js';
import { messageActionsFor } from '../channels/message-actions.js';
import { jsonColumn as json, jsonRowReader } from '../../platform/db/json-rows.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { maskNumber } from '../contacts/contacts.presenter.js';
import { masksNumbers, mayReadMessages, ticketCan, type TicketFacts, type TicketViewer } from './tickets.policy.js';
import { loadViewer } from './tickets.viewer.js';

export type TicketRow = typeof tickets.$inferSelect;

/** A ticket with everything its view shows, before the viewer's `can` is added. */
export interface TicketBase {
  row: TicketRow;
  contact: {
    id: number;
    name: string;
    number: string;
    profilePicUrl: string;
    extraInfo: { name: string; value: string }[];
  };
  queue: Ticket['queue'];
  user: Ticket['user'];
  channel: Ticket['channel'];
  tags: Ticket['contact']['tags'];
  wallets: Ticket['contact']['wallets'];
  /** The queue integration answering the ticket (modules/integrations); absent reads as none. */
  integration?: Ticket['integration'];
}

/** The ticket has been handed to the chatbot (a flow, or a bot conversation in progress). */
export const isChatbot = (row: Pick<TicketRow, 'chatFlowId' | 'botState'>) =>
  row.chatFlowId !== null || row.botState !== null;

export function factsOf(base: TicketBase): TicketFacts {
  return {
    status: base.row.status,
    queueId: base.row.queueId,
    userId: base.row.userId,
    channelId: base.row.channelId,
    isGroup: base.row.isGroup,
    chatbot: isChatbot(base.row),
    walletUserIds: base.wallets.map((w) => w.id),
    isPrivate: base.row.isPrivate,
  };
}

const readTicket = jsonRowReader(tickets);

/**
 * Tickets with contact, queue, user, channel, the contact's tags and wallets, in one query whose
 * rows PostgreSQL builds as JSON (see json-rows.ts: the list's hottest read). Keeps the order of
 * `ids`; missing ids (another tenant's, deleted) are left out. Every table is constrained by owns.
 */
export async function loadTicketBases(scope: TenantScope, ids: number[]): Promise<TicketBase[]> {
  if (ids.length === 0) return [];
  // One ticket (opening it, its messages, a reply: the hottest case) by `id = $1`: PostgreSQL plans
  // that once per connection. With an array it re-planned on every run (the generic plan of
  // `= any($1)` is costed for many rows), and planning took 1.3 ms where running took 0.2.
  const one = ids.length === 1;
  const build = (value: (name: string) => SQL) =>
    scope.query(async (_db, owns) =>
      ticketBasesSql(
        owns,
        one ? sql`${tickets.id} = ${value('id')}` : sql`${tickets.id} = any(${value('ids')}::int[])`,
      ),
    );
  // One text whatever the ids (an array parameter): built once, prepared once per connection.
  const rows = one
    ? await scope.runMemo('tickets.base', build, { id: ids[0] })
    : await scope.runMemo('tickets.bases', build, { ids: `{${ids.join(',')}}` });
  const byId = new Map<number, TicketBase>();
  for (const r of rows) {
    const base = readTicketBase(r);
    byId.set(base.row.id, base);
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The rows of `loadTicketBases` for the tickets `which` selects (a condition on tickets), with
 * `sortAt` and `sortId` to order them newest first. The ticket list joins it to its page.
 */
export function ticketBasesSql(owns: TenantScope['owns'], which: SQL): SQL {
  return sql`
      select row_to_json(${tickets}) as "row", ${tickets.lastMessageAt} as "sortAt", ${tickets.id} as "sortId",
        json_build_object('id', ${contacts.id}, 'name', ${contacts.name}, 'number', ${contacts.number},
          'profilePicUrl', ${contacts.profilePicUrl}, 'extraInfo', ${contacts.extraInfo}) as "contact",
        case when ${queues.id} is null then null
          else json_build_object('id', ${queues.id}, 'name', ${queues.name}, 'color', ${queues.color}) end as "queue",
        case when ${users.id} is null then null else json_build_object('id', ${users.id}, 'name', ${users.name}) end as "user",
        case when ${channels.id} is null then null
          else json_build_object('id', ${channels.id}, 'name', ${channels.name}, 'type', ${channels.type}) end as "channel",
        coalesce((select json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) order by tg.id)
          from ${contactTags} join ${tags} tg on tg.id = ${contactTags.tagId} and tg.tenant_id = ${contactTags.tenantId}
          where ${owns(contactTags, eq(contactTags.contactId, contacts.id))}), '[]'::json) as "tags",
        coalesce((select json_agg(json_build_object('id', wu.id, 'name', wu.name) order by wu.id)
          from ${contactWallets} join ${users} wu on wu.id = ${contactWallets.userId} and wu.tenant_id = ${contactWallets.tenantId}
          where ${owns(contactWallets, eq(contactWallets.contactId, contacts.id))}), '[]'::json) as "wallets",
        (select json_build_object('id', ig.id, 'name', ig.name, 'type', ig.type) from ${integrations} ig
          where ig.tenant_id = ${tickets.tenantId} and ig.id = ${tickets.integrationId}) as "integration"
      from ${tickets}
      join ${contacts} on ${owns(contacts, eq(contacts.id, tickets.contactId))}
      left join ${queues} on ${owns(queues, eq(queues.id, tickets.queueId))}
      left join ${users} on ${owns(users, eq(users.id, tickets.userId))}
      left join ${channels} on ${owns(channels, eq(channels.id, tickets.channelId))}
      where ${owns(tickets, which)}`;
}

/** A row of `ticketBasesSql` as a TicketBase. */
export function readTicketBase(r: Record<string, unknown>): TicketBase {
  return {
    row: readTicket(json<Record<string, unknown>>(r.row)),
    contact: json<TicketBase['contact']>(r.contact),
    queue: r.queue === null ? null : json<TicketBase['queue']>(r.queue),
    user: r.user === null ? null : json<TicketBase['user']>(r.user),
    channel: r.channel === null ? null : json<TicketBase['channel']>(r.channel),
    tags: json<TicketBase['tags']>(r.tags),
    wallets: json<TicketBase['wallets']>(r.wallets),
    integration: r.integration == null ? null : json<NonNullable<TicketBase['integration']>>(r.integration),
  };
}

/**
 * The ticket's contact as `viewer` may see it: with hidePhoneNumber, agents and queue supervisors
 * get the number masked, and the name too when it is the number (a contact that wrote without a
 * name is named after its number).
 */
export function contactFor(viewer: TicketViewer | null, contact: TicketBase['contact']): TicketBase['contact'] {
  if (!masksNumbers(viewer)) return contact;
  const name = contact.name === contact.number ? maskNumber(contact.name) : contact.name;
  return { ...contact, name, number: maskNumber(contact.number) };
}

export function presentTicket(base: TicketBase, viewer: TicketViewer | null): Ticket {
  const { row } = base;
  const facts = factsOf(base);
  const can = { ...ticketCan(viewer, facts), read: viewer ? mayReadMessages(viewer, facts) : false };
  return {
    id: row.id,
    protocol: row.protocol,
    status: row.status,
    queueId: row.queueId,
    userId: row.userId,
    whatsappId: row.channelId,
    chatFlowId: row.chatFlowId,
    isGroup: row.isGroup,
    contactId: row.contactId,
    contact: { ...contactFor(viewer, base.contact), tags: base.tags, wallets: base.wallets },
    queue: base.queue,
    user: base.user,
    channel: base.channel,
    unreadMessages: row.unreadMessages,
    scheduledMessages: row.scheduledMessages,
    lastMessage: row.lastMessage,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    answered: row.answered,
    chatbot: isChatbot(row),
    startedAttendanceAt: row.startedAttendanceAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    isPrivate: row.isPrivate,
    integration: base.integration ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    can,
    messageActions: messageActionsFor(base.channel?.type, can.reply),
  };
}

/**
 * The views of `ids` as `viewer` sees them (`can` all false without a viewer). Used by the
 * messages module too: keep the signature stable.
 */
export async function loadTicketViews(
  scope: TenantScope,
  viewer: AuthContext | null,
  ids: number[],
): Promise<Ticket[]> {
  const [bases, v] = await Promise.all([
    loadTicketBases(scope, ids),
    viewer ? loadViewer(scope, viewer) : Promise.resolve(null),
  ]);
  return bases.map((b) => presentTicket(b, v));
}

type Named = { id: number; name: string };
/** A left join with no match gives an object of nulls; that is "nobody". */
const ref = (r: { id: number | null; name: string | null } | null): Named | null =>
  r && r.id !== null && r.name !== null ? { id: r.id, name: r.name } : null;

export function presentLog(r: {
  id: number;
  type: string;
  payload: Record<string, unknown> | null;
  createdAt: Date;
  user: { id: number | null; name: string | null } | null;
  queue: { id: number | null; name: string | null } | null;
}) {
  return {
    id: r.id,
    type: r.type,
    payload: r.payload,
    createdAt: r.createdAt.toISOString(),
    user: ref(r.user),
    queue: ref(r.queue),
  };
}

export function presentNote(r: {
  id: number;
  body: string;
  createdAt: Date;
  user: { id: number | null; name: string | null } | null;
}) {
  return { id: r.id, body: r.body, createdAt: r.createdAt.toISOString(), user: ref(r.user) };
}
