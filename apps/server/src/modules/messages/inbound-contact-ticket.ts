/**
 * The contact and ticket of an inbound message, in as few round trips as possible: one query finds
 * the contact with its open or pending ticket on the channel. Creations rely on the unique indexes
 * (contacts per number / webchatId, tickets_one_active_key): a racing insert does nothing and the
 * row the other transaction committed is read back.
 */
import type { InboundEvent, ChannelRow } from '../channels/channel-adapter.js';
import { and, asc, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import { contacts, contactWallets, settings, tickets, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import { requirePlanFeature } from '../tenants/plan-features.js';
import { nextProtocol } from '../tickets/protocol.js';
import { logTicket } from '../tickets/ticket-log.js';
import type { TicketRow } from '../tickets/tickets.presenter.js';

type MessageEvent = Extract<InboundEvent, { kind: 'message' }>;
export type ContactRow = typeof contacts.$inferSelect;

export type ContactIdentity = { number: string } | { webchatId: string } | { externalKey: string } | { lid: string };

/**
 * How the sender is known: its phone number; else the web chat visitor id; else, on WhatsApp Web,
 * its LID (`...@lid`, tenant-wide like a number; the adapter joins a LID and a number on one contact
 * when it learns both); else the provider's id scoped to this channel (Telegram chat, Messenger
 * PSID, Instagram IGSID, a WhatsApp group).
 */
export function identityOf(channel: ChannelRow, from: MessageEvent['from']): ContactIdentity {
  const number = (from.number ?? '').replace(/\D/g, '');
  if (number) return { number };
  if (channel.type === 'webchat' && from.providerId) return { webchatId: from.providerId };
  if (channel.type === 'whatsapp' && from.providerId?.endsWith('@lid')) return { lid: from.providerId };
  if (from.providerId) return { externalKey: externalKeyOf(channel.id, from.providerId) };
  throw new AppError('ERR_WAPP_INVALID_CONTACT');
}

export const externalKeyOf = (channelId: number, providerId: string) => `${channelId}:${providerId}`;
/** The provider's own id back from a contact's external key. */
export const providerIdOf = (externalKey: string) => externalKey.slice(externalKey.indexOf(':') + 1);

export function identityWhere(identity: ContactIdentity): SQL {
  if ('number' in identity) return eq(contacts.number, identity.number);
  if ('webchatId' in identity) return eq(contacts.webchatId, identity.webchatId);
  if ('lid' in identity) return eq(contacts.lid, identity.lid);
  return eq(contacts.externalKey, identity.externalKey);
}

const ACTIVE = ['open', 'pending'] as ('open' | 'pending')[];

/** The contact and its open or pending ticket on this channel, in one query. */
export async function findContactAndTicket(tx: TenantScope, channel: ChannelRow, identity: ContactIdentity) {
  const [row] = await tx.query((db, owns) =>
    db
      .select({ contact: contacts, ticket: tickets })
      .from(contacts)
      .leftJoin(
        tickets,
        owns(
          tickets,
          and(eq(tickets.contactId, contacts.id), eq(tickets.channelId, channel.id), inArray(tickets.status, ACTIVE)),
        ),
      )
      .where(owns(contacts, identityWhere(identity)))
      .limit(1),
  );
  return { contact: row?.contact ?? null, ticket: row?.ticket ?? null };
}

/** A new contact's fields from the sender's details (the identity's column aside). */
export function newContactOf(identity: ContactIdentity, from: MessageEvent['from'], isGroup: boolean) {
  const name = from.name?.trim() || ('number' in identity ? identity.number : 'Visitante');
  return {
    name: name.slice(0, 200),
    email: (from.email ?? '').slice(0, 200),
    profilePicUrl: from.profilePicUrl ?? '',
    isGroup,
  };
}

export async function createContact(
  tx: TenantScope,
  identity: ContactIdentity,
  from: MessageEvent['from'],
  isGroup: boolean,
): Promise<ContactRow> {
  const [created] = await tx.query((db) =>
    db
      .insert(contacts)
      .values({ tenantId: tx.tenantId, ...newContactOf(identity, from, isGroup), ...identity })
      .onConflictDoNothing()
      .returning(),
  );
  if (created) return created;
  const again = await tx.first(contacts, identityWhere(identity));
  if (!again) throw new Error('contact vanished after a conflicting insert');
  return again;
}

/**
 * DirectTicketsToWallets (DOMAIN.md Wallets): the owner a customer's new ticket opens to — one of
 * the contact's wallet, online first, then the oldest user — or null when the setting is off or
 * the contact has no wallet. One statement; the fast path (inbound-fast-path.ts) inlines the same.
 */
export async function directedOwner(tx: TenantScope, contactId: number): Promise<number | null> {
  const rows = await tx.query((db, owns) =>
    db
      .select({ userId: contactWallets.userId })
      .from(contactWallets)
      .innerJoin(users, owns(users, eq(users.id, contactWallets.userId)))
      .where(
        owns(
          contactWallets,
          eq(contactWallets.contactId, contactId),
          exists(
            db
              .select({ one: sql`1` })
              .from(settings)
              .where(owns(settings, eq(settings.key, 'DirectTicketsToWallets'), eq(settings.value, 'enabled'))),
          ),
        ),
      )
      .orderBy(desc(users.isOnline), asc(users.id))
      .limit(1),
  );
  return rows[0]?.userId ?? null;
}

/** The last ticket of the contact on the channel, whatever its status (echoes of our own sends). */
export async function latestTicket(tx: TenantScope, channelId: number, contactId: number): Promise<TicketRow | null> {
  const [row] = await tx
    .select(tickets, and(eq(tickets.channelId, channelId), eq(tickets.contactId, contactId)))
    .orderBy(desc(tickets.id))
    .limit(1);
  return row ?? null;
}

/**
 * A new ticket of the contact on the channel: pending in the channel's default queue, or open with
 * its default user. `initial` carries the counters of the message that opens it, so the inbound
 * path needs no second write. Answers `created: false` when a racing transaction made it first.
 * A group's ticket needs a plan with groups (forwarding or the external API to a group).
 */
export async function createTicket(
  tx: TenantScope,
  channel: ChannelRow,
  contact: ContactRow,
  initial: Omit<Partial<TicketRow>, 'status'> & { status?: 'open' | 'pending' },
  logBy: { userId?: number | null } = {},
): Promise<{ ticket: TicketRow; created: boolean }> {
  if (contact.isGroup) await requirePlanFeature(tx, 'group');
  const protocol = initial.protocol ?? (await nextProtocol(tx));
  const userId = initial.userId !== undefined ? initial.userId : channel.defaultUserId;
  const status = initial.status ?? (userId ? 'open' : 'pending');
  const [row] = await tx.query((db) =>
    db
      .insert(tickets)
      .values({
        ...initial,
        tenantId: tx.tenantId,
        contactId: contact.id,
        channelId: channel.id,
        queueId: initial.queueId !== undefined ? initial.queueId : channel.defaultQueueId,
        userId,
        status,
        protocol,
        isGroup: contact.isGroup,
        startedAttendanceAt: status === 'open' ? new Date() : null,
      })
      .onConflictDoNothing()
      .returning(),
  );
  if (!row) {
    const [active] = await tx
      .select(
        tickets,
        and(eq(tickets.channelId, channel.id), eq(tickets.contactId, contact.id), inArray(tickets.status, ACTIVE)),
      )
      .limit(1);
    if (!active) throw new AppError('ERR_CREATING_TICKET');
    return { ticket: active, created: false };
  }
  await logTicket(tx, row.id, 'create', { userId: logBy.userId ?? null, queueId: row.queueId });
  return { ticket: row, created: true };
}
