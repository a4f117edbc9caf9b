import type { Ticket } from '@prosa/contracts';
import { eq, inArray } from 'drizzle-orm';
import {
  channels,
  contacts,
  contactTags,
  contactWallets,
  queues,
  tags,
  tickets,
  users,
} from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { ticketCan, type TicketFacts, type TicketViewer } from './tickets.policy.js';
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
}

/** The ticket has been handed to the chatbot (a flow, or a bot conversation in progress). */
export const isChatbot = (row: Pick<TicketRow, 'chatFlowId' | 'botState'>) =>
  row.chatFlowId !== null || row.botState !== null;

export function factsOf(base: TicketBase): TicketFacts {
  return {
    status: base.row.status,
    queueId: base.row.queueId,
    userId: base.row.userId,
    isGroup: base.row.isGroup,
    chatbot: isChatbot(base.row),
    walletUserIds: base.wallets.map((w) => w.id),
  };
}

/**
 * Tickets with contact, queue, user and channel (one query), the contacts' tags (one) and wallets
 * (one): a page costs three queries whatever its size. Keeps the order of `ids`; missing ids
 * (another tenant's, deleted) are left out.
 */
export async function loadTicketBases(scope: TenantScope, ids: number[]): Promise<TicketBase[]> {
  if (ids.length === 0) return [];
  const rows = await scope.query((db, owns) =>
    db
      .select({
        row: tickets,
        contact: {
          id: contacts.id,
          name: contacts.name,
          number: contacts.number,
          profilePicUrl: contacts.profilePicUrl,
          extraInfo: contacts.extraInfo,
        },
        queue: { id: queues.id, name: queues.name, color: queues.color },
        user: { id: users.id, name: users.name },
        channel: { id: channels.id, name: channels.name, type: channels.type },
      })
      .from(tickets)
      .innerJoin(contacts, owns(contacts, eq(contacts.id, tickets.contactId)))
      .leftJoin(queues, owns(queues, eq(queues.id, tickets.queueId)))
      .leftJoin(users, owns(users, eq(users.id, tickets.userId)))
      .leftJoin(channels, owns(channels, eq(channels.id, tickets.channelId)))
      .where(owns(tickets, inArray(tickets.id, ids))),
  );
  const contactIds = [...new Set(rows.map((r) => r.contact.id))];
  const [tagRows, walletRows] = contactIds.length
    ? await Promise.all([
        scope.query((db, owns) =>
          db
            .select({ contactId: contactTags.contactId, id: tags.id, name: tags.name, color: tags.color })
            .from(contactTags)
            .innerJoin(tags, owns(tags, eq(tags.id, contactTags.tagId)))
            .where(owns(contactTags, inArray(contactTags.contactId, contactIds))),
        ),
        scope.query((db, owns) =>
          db
            .select({ contactId: contactWallets.contactId, id: users.id, name: users.name })
            .from(contactWallets)
            .innerJoin(users, owns(users, eq(users.id, contactWallets.userId)))
            .where(owns(contactWallets, inArray(contactWallets.contactId, contactIds))),
        ),
      ])
    : [[], []];
  const group = <T extends { contactId: number }>(list: T[]) => {
    const m = new Map<number, Omit<T, 'contactId'>[]>();
    for (const { contactId, ...rest } of list) m.set(contactId, [...(m.get(contactId) ?? []), rest]);
    return m;
  };
  const tagsBy = group(tagRows);
  const walletsBy = group(walletRows);
  const byId = new Map(
    rows.map((r) => [
      r.row.id,
      {
        ...r,
        tags: tagsBy.get(r.contact.id) ?? [],
        wallets: walletsBy.get(r.contact.id) ?? [],
      } satisfies TicketBase,
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function presentTicket(base: TicketBase, viewer: TicketViewer | null): Ticket {
  const { row } = base;
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
    contact: { ...base.contact, tags: base.tags, wallets: base.wallets },
    queue: base.queue,
    user: base.user,
    channel: base.channel,
    unreadMessages: row.unreadMessages,
    lastMessage: row.lastMessage,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    answered: row.answered,
    chatbot: isChatbot(row),
    startedAttendanceAt: row.startedAttendanceAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    can: ticketCan(viewer, factsOf(base)),
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
