/**
 * Reads of the web chat channel. A public widget key names its channel across all tenants, so
 * finding the channel by key (and listing the demo channels) is a platform lookup through the
 * unsafe handle, like a provider webhook resolving its channel; everything after it runs inside
 * the channel's own tenant scope.
 */
import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { channels, contacts, messages, tenants, tickets } from '../../platform/db/schema.js';
import { unsafeSystemDb, type TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import { ourReaction } from '../../modules/messages/messages.presenter.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';

/** Widget keys are random base64url strings; anything else is not looked up at all. */
export const KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The web chat channel of a public key, of an active company; otherwise ERR_NO_WAPP_FOUND. */
export async function channelByKey(db: Database, key: string): Promise<ChannelRow> {
  if (!KEY_PATTERN.test(key)) throw new AppError('ERR_NO_WAPP_FOUND');
  const [row] = await unsafeSystemDb(db)
    .select({ channel: channels })
    .from(channels)
    .innerJoin(tenants, eq(tenants.id, channels.tenantId))
    .where(and(eq(channels.type, 'webchat'), eq(channels.token, key), eq(tenants.status, 'active')))
    .limit(1);
  if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
  return row.channel;
}

export interface DemoChannel {
  key: string;
  channelName: string;
  companyName: string;
}

/** The web chat channels seeded for the demo companies (`config.demo`), for the demo page. */
export async function demoChannels(db: Database): Promise<DemoChannel[]> {
  return unsafeSystemDb(db)
    .select({ key: channels.token, channelName: channels.name, companyName: tenants.name })
    .from(channels)
    .innerJoin(tenants, eq(tenants.id, channels.tenantId))
    .where(
      and(
        eq(channels.type, 'webchat'),
        ne(channels.token, ''),
        eq(tenants.status, 'active'),
        sql`${channels.config}->>'demo' = 'true'`,
      ),
    )
    .orderBy(tenants.name, channels.name);
}

export interface VisitorMessage {
  id: number;
  body: string;
  fromMe: boolean;
  createdAt: string;
  status: string;
  isEdited: boolean;
  isDeleted: boolean;
  /** The company's reaction to the message ('' when none). */
  reaction: string;
  /** An agent's message: the name it was signed with ('' unsigned, or the visitor's own message). */
  senderName: string;
  /** The last message of a closed conversation: the widget shows that it ended after it. */
  ended: boolean;
  /** ...and the conversation awaits the visitor's 1-5 rating: the widget offers the buttons. */
  rating: boolean;
  /** 'chat', 'audio', 'image'...: with `media`, the widget fetches the file (GET media/:id). */
  mediaType: string;
  media: boolean;
}

/** Where a conversation stands for the widget: closed, and whether its rating is awaited. */
export function endStateOf(t: { status: string; ratingUntil: Date | null }, now = new Date()) {
  const ended = t.status === 'closed';
  return { ended, rating: ended && !!t.ratingUntil && t.ratingUntil > now };
}

/** The end state of one conversation, for a reply being sent to the widget. */
export async function conversationEndState(scope: TenantScope, ticketId: number) {
  const row = await scope.first(tickets, eq(tickets.id, ticketId));
  return row ? endStateOf(row) : { ended: false, rating: false };
}

export const HISTORY_LIMIT = 100;

/**
 * The visitor's conversation on this channel (all its tickets), oldest first, the last 100.
 * Internal system lines and replies not sent yet (queued or scheduled) are not the visitor's to see.
 */
export async function visitorHistory(scope: TenantScope, channelId: number, visitorId: string): Promise<VisitorMessage[]> {
  const contact = await scope.first(contacts, eq(contacts.webchatId, visitorId));
  if (!contact) return [];
  const rows = await scope.query((db, owns) => {
    const ticketIds = db
      .select({ id: tickets.id })
      .from(tickets)
      .where(owns(tickets, eq(tickets.contactId, contact.id), eq(tickets.channelId, channelId)));
    return db
      .select({
        id: messages.id,
        ticketId: messages.ticketId,
        body: messages.body,
        signature: messages.signature,
        fromMe: messages.fromMe,
        isDeleted: messages.isDeleted,
        isEdited: messages.isEdited,
        reactions: messages.reactions,
        status: messages.status,
        createdAt: messages.createdAt,
        mediaType: messages.mediaType,
        mediaKey: messages.mediaKey,
      })
      .from(messages)
      .where(
        owns(
          messages,
          inArray(messages.ticketId, ticketIds),
          ne(messages.mediaType, 'system'),
          or(eq(messages.fromMe, false), inArray(messages.status, ['sent', 'delivered', 'read', 'played'])),
        ),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(HISTORY_LIMIT);
  });
  const shownIds = [...new Set(rows.map((m) => m.ticketId))];
  const states = new Map(
    (shownIds.length ? await scope.select(tickets, inArray(tickets.id, shownIds)) : []).map((t) => [t.id, endStateOf(t)]),
  );
  // Newest first here: the first row met of each conversation is its last message.
  const lastOf = new Set<number>();
  const seen = new Set<number>();
  for (const m of rows) if (!seen.has(m.ticketId) && seen.add(m.ticketId)) lastOf.add(m.id);
  return rows.reverse().map((m) => ({
    ...(lastOf.has(m.id) ? (states.get(m.ticketId) ?? { ended: false, rating: false }) : { ended: false, rating: false }),
    senderName: m.fromMe ? (m.signature ?? '') : '',
    id: m.id,
    body: m.isDeleted ? '' : m.body,
    fromMe: m.fromMe,
    createdAt: m.createdAt.toISOString(),
    status: m.status,
    isEdited: m.isEdited && !m.isDeleted,
    isDeleted: m.isDeleted,
    reaction: m.isDeleted ? '' : ourReaction(m),
    mediaType: m.mediaType,
    media: !!m.mediaKey && !m.isDeleted,
  }));
}

/**
 * An outbound message of this visitor's own conversation (the widget may only mark those read),
 * with what tells whether its send has been recorded yet; undefined for anything else.
 */
export async function visitorOutbound(scope: TenantScope, channelId: number, visitorId: string, messageId: number) {
  const [found] = await scope.query((db, owns) =>
    db
      .select({ status: messages.status, externalId: messages.externalId })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(
        and(
          owns(messages, eq(messages.id, messageId), eq(messages.fromMe, true)),
          owns(tickets, eq(tickets.channelId, channelId)),
          owns(contacts, eq(contacts.webchatId, visitorId)),
        ),
      )
      .limit(1),
  );
  return found;
}

/**
 * The stored file of a message of this visitor's own conversation on this channel (theirs or the
 * company's, sent or being sent), for the widget to play; undefined for anything else (an agent's
 * message still queued or failed, deleted ones).
 */
export async function visitorMedia(scope: TenantScope, channelId: number, visitorId: string, messageId: number) {
  const [found] = await scope.query((db, owns) =>
    db
      .select({ mediaKey: messages.mediaKey, mimeType: messages.mimeType, mediaName: messages.mediaName })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(
        and(
          owns(
            messages,
            eq(messages.id, messageId),
            eq(messages.isDeleted, false),
            or(
              eq(messages.fromMe, false),
              inArray(messages.status, ['sent', 'delivered', 'read', 'played']),
              // In flight: the outbox claimed it and the adapter's send told the widget about it,
              // so the widget may ask before the outcome is written (it did, in the browser journey).
              and(eq(messages.status, 'pending'), sql`${messages.sendAttempts} > 0`, isNull(messages.lastError)),
            ),
          ),
          owns(tickets, eq(tickets.channelId, channelId)),
          owns(contacts, eq(contacts.webchatId, visitorId)),
        ),
      )
      .limit(1),
  );
  return found?.mediaKey ? { ...found, mediaKey: found.mediaKey } : undefined;
}
