/** Tenant-owned service-desk tables: channels, tickets, messages and what hangs off them (contacts: schema-contacts.ts). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CHANNEL_AUTO_CLOSE_TIMES, CHANNEL_STATUSES, CHANNEL_TYPES, MESSAGE_ACTION_KINDS, MESSAGE_STATUSES, type OutboundInteractive } from '@prosa/contracts';
import { users, queues } from './schema-accounts.js';
import { contacts } from './schema-contacts.js';
import { createdAt, tenantId, updatedAt } from './schema-platform.js';

export const channels = pgTable(
  'channels',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    type: text('type', { enum: CHANNEL_TYPES }).notNull(),
    status: text('status', { enum: CHANNEL_STATUSES }).notNull().default('DISCONNECTED'),
    number: text('number').notNull().default(''),
    /** Provider token or, for web chat, the public widget key. */
    token: text('token').notNull().default(''),
    qrcode: text('qrcode').notNull().default(''),
    retries: integer('retries').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    defaultQueueId: integer('default_queue_id').references(() => queues.id, { onDelete: 'set null' }),
    defaultUserId: integer('default_user_id').references(() => users.id, { onDelete: 'set null' }),
    greetingMessage: text('greeting_message').notNull().default(''),
    /** The chatbot flow this channel's new tickets run (before the company default, botTicketActive). */
    chatFlowId: integer('chat_flow_id'),
    farewellMessage: text('farewell_message').notNull().default(''),
    ratingEnabled: boolean('rating_enabled').notNull().default(false),
    ratingMessage: text('rating_message').notNull().default(''),
    /** How long after a close a 1-5 answer counts as the rating (modules/ratings). */
    ratingWaitMinutes: integer('rating_wait_minutes').notNull().default(10),
    /** Sent after a valid rating; and once after an answer that is not 1-5. Empty: nothing sent. */
    ratingThanksMessage: text('rating_thanks_message').notNull().default(''),
    ratingInvalidMessage: text('rating_invalid_message').notNull().default(''),
    /**
     * The channel's own auto-close time (SPEC §3 Channel), overriding the company's
     * autoCloseTicketsTime: '' follows the company, 'disabled' never closes, else one of
     * AUTO_TICKET_TIMES.
     */
    autoCloseTime: text('auto_close_time', { enum: CHANNEL_AUTO_CLOSE_TIMES }).notNull().default(''),
    /** Random public key in the provider webhook path (/webhooks/{type}/{key}); '' for none. */
    webhookKey: text('webhook_key').notNull().default(''),
    /** Outbound webhook of this channel's events (signed with webhookSecret, retried). */
    webhookUrl: text('webhook_url').notNull().default(''),
    webhookSecret: text('webhook_secret').notNull().default(''),
    proxy: text('proxy').notNull().default(''),
    transcriptionKey: text('transcription_key').notNull().default(''),
    importOptions: jsonb('import_options')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    config: jsonb('config')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * Session lease (modules/channels/session/supervisor.ts): the app instance running this channel's
     * long-lived session and until when its claim holds; a command for that owner from another
     * instance ('restart', 'stop', 'logout').
     */
    sessionOwner: text('session_owner'),
    sessionLeaseUntil: timestamp('session_lease_until', { withTimezone: true }),
    sessionCommand: text('session_command').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('channels_tenant_name_key').on(t.tenantId, t.name),
    index('channels_session_owner_idx')
      .on(t.sessionOwner)
      .where(sql`${t.sessionOwner} is not null`),
    uniqueIndex('channels_webhook_key')
      .on(t.webhookKey)
      .where(sql`${t.webhookKey} <> ''`),
    // A widget key or a bot token is one channel; Meta access tokens (system users) may serve many.
    uniqueIndex('channels_token_key')
      .on(t.type, t.token)
      .where(sql`${t.token} <> '' and ${t.type} in ('webchat', 'telegram')`),
  ],
);

/**
 * The channels a user is limited to (SPEC §3 User "channels"): none means every channel. A user
 * with rows here sees and starts tickets on those channels only.
 */
export const userChannels = pgTable(
  'user_channels',
  {
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.channelId] }),
    index('user_channels_tenant_channel_idx').on(t.tenantId, t.channelId),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    status: text('status', { enum: ['open', 'pending', 'closed'] })
      .notNull()
      .default('pending'),
    protocol: text('protocol').notNull().default(''),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'restrict' }),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    chatFlowId: integer('chat_flow_id'),
    isGroup: boolean('is_group').notNull().default(false),
    unreadMessages: integer('unread_messages').notNull().default(0),
    /** Pending schedules of the ticket (SPEC §3), kept by the schedules commands: the list reads no subquery. */
    scheduledMessages: integer('scheduled_messages').notNull().default(0),
    lastMessage: text('last_message').notNull().default(''),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** Last time the customer wrote (auto-close, 24-hour window). */
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    /** Last time an agent wrote (auto-return to pending). */
    lastOutboundAt: timestamp('last_outbound_at', { withTimezone: true }),
    answered: boolean('answered').notNull().default(false),
    botState: jsonb('bot_state').$type<Record<string, unknown>>(),
    /**
     * When the bot must act without a customer message (time without answer, the rest of a step
     * after a delay): the chatbot sweep reads only tickets with one due.
     */
    botDueAt: timestamp('bot_due_at', { withTimezone: true }),
    /** Absence messages sent to this ticket outside business hours (at most maxRetriesBusinessHours). */
    absenceSent: integer('absence_sent').notNull().default(0),
    startedAttendanceAt: timestamp('started_attendance_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * When an agent's first message (fromMe with a user: not the bot, not an automatic text) was
     * recorded: the dashboard's first-response time, read without the messages table.
     */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    /** Whose that first message was (estatisticas-atendimentos-usuarios: first response per agent). */
    firstResponseUserId: integer('first_response_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Seconds from creation to the first agent message (null: none yet), kept by PostgreSQL: the
     * reports' percentiles read it from the period index without computing it per row.
     */
    firstResponseSecs: doublePrecision('first_response_secs').generatedAlwaysAs(
      sql`case when first_response_at is not null then greatest(0, date_part('epoch', first_response_at - created_at)) end`,
    ),
    /** Seconds from creation to the (last) close of a closed ticket (null: not closed). */
    resolutionSecs: doublePrecision('resolution_secs').generatedAlwaysAs(
      sql`case when status = 'closed' and closed_at is not null then greatest(0, date_part('epoch', closed_at - created_at)) end`,
    ),
    /** Close scheduled after a farewell message was sent. */
    closeAfter: timestamp('close_after', { withTimezone: true }),
    /** 1-5, the customer's answer to the rating question; the rated agent is `userId`. */
    rating: integer('rating'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    /** Awaiting the customer's rating until then (set on close on channels with rating on). */
    ratingUntil: timestamp('rating_until', { withTimezone: true }),
    /** The invalid-answer text went out once; the next non-rating ends the wait. */
    ratingInvalidSent: boolean('rating_invalid_sent').notNull().default(false),
    /** Marked private by its agent: hidden from every other user unless viewPrivateTickets (SPEC §6). */
    isPrivate: boolean('is_private').notNull().default(false),
    /** The queue integration the ticket is with (modules/integrations): it answers, agents may take over. */
    integrationId: integer('integration_id'),
    /** That integration's per-ticket state (Typebot session, AI conversation, last message handled). */
    integrationState: jsonb('integration_state').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tickets_tenant_status_idx').on(t.tenantId, t.status, t.lastMessageAt),
    index('tickets_tenant_queue_idx').on(t.tenantId, t.queueId, t.status),
    index('tickets_tenant_user_idx').on(t.tenantId, t.userId, t.status),
    index('tickets_tenant_contact_idx').on(t.tenantId, t.contactId),
    index('tickets_tenant_protocol_idx').on(t.tenantId, t.protocol),
    // The period reads of the dashboard and the reports: tickets created in a range of dates, with
    // what their figures and the visibility rule read, so a year is an index-only scan.
    index('tickets_tenant_created_idx').on(
      t.tenantId,
      t.createdAt,
      t.status,
      t.queueId,
      t.userId,
      t.channelId,
      t.contactId,
      t.isPrivate,
      t.isGroup,
      t.firstResponseUserId,
      t.firstResponseSecs,
      t.closedAt,
      t.resolutionSecs,
      t.rating,
    ),
    // Ratings given in a period (estatisticas-atendimentos-usuarios, avaliacoes): the rated tickets only.
    index('tickets_tenant_rated_idx')
      .on(t.tenantId, t.ratedAt)
      .where(sql`${t.ratedAt} is not null`),
    index('tickets_tenant_closed_idx')
      .on(t.tenantId, t.closedAt)
      .where(sql`${t.closedAt} is not null`),
    // The few private tickets: the list reports' "not another agent's private ticket" anti-join.
    index('tickets_tenant_private_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.isPrivate}`),
    // Farewell closes still due: the crash-repair sweep reads only these few rows.
    index('tickets_close_after_idx')
      .on(t.closeAfter)
      .where(sql`${t.closeAfter} is not null`),
    index('tickets_bot_due_idx')
      .on(t.botDueAt)
      .where(sql`${t.botDueAt} is not null`),
    // The minute's bot-recovery sweep (chatbot.recover-steps): tickets in a flow by their last
    // inbound, and new pending tickets by their creation; both read a few recent rows, not the table.
    index('tickets_bot_active_idx')
      .on(t.lastInboundAt)
      .where(sql`${t.botState} is not null and ${t.status} <> 'closed'`),
    index('tickets_pending_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // Tickets awaiting a rating: the inbound check of a rating channel reads only these few rows.
    index('tickets_rating_wait_idx')
      .on(t.tenantId, t.channelId, t.contactId)
      .where(sql`${t.ratingUntil} is not null`),
    // One open or pending ticket per (channel, contact): races cannot make two.
    uniqueIndex('tickets_one_active_key')
      .on(t.tenantId, t.channelId, t.contactId)
      .where(sql`${t.status} in ('open', 'pending')`),
  ],
);

/** Per-tenant, per-day protocol sequence: protocol = yyyymmdd + sequence. */
export const protocolCounters = pgTable(
  'protocol_counters',
  {
    tenantId: tenantId(),
    day: date('day', { mode: 'string' }).notNull(),
    seq: integer('seq').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] })],
);

export const ticketLogs = pgTable(
  'ticket_logs',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** access, create, open, pending, closed, transfered, receivedTransfer, queue, userDefine, ... */
    type: text('type').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_logs_ticket_idx').on(t.tenantId, t.ticketId, t.createdAt),
    // The service reports' period reads: the events of some types in a range of dates.
    index('ticket_logs_tenant_type_created_idx').on(t.tenantId, t.type, t.createdAt),
  ],
);

export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_notes_ticket_idx').on(t.tenantId, t.ticketId),
    // The anotacoes report's period read.
    index('ticket_notes_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

/**
 * One reaction on a message: an agent's (fromMe, userId), one made from the company's own phone
 * (fromMe, no userId), or a customer's (`author`: who, by the provider's id, in a group).
 */
export interface MessageReaction {
  emoji: string;
  fromMe: boolean;
  userId?: number;
  author?: string;
}

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fromMe: boolean('from_me').notNull(),
    body: text('body').notNull().default(''),
    /**
     * The agent's name the message was signed with (userDisableSignature), frozen at send time;
     * null when unsigned. `body` stays what the agent typed: the signed text the customer gets is
     * made from both where it leaves (messages/signature.ts).
     */
    signature: text('signature'),
    /**
     * Reply buttons or a list (a chatbot step), sent natively where the channel has them
     * (OutboundMessage.interactive); `body` keeps the numbered-text rendering for the rest.
     */
    interactive: jsonb('interactive').$type<OutboundInteractive>(),
    /** chat, image, audio, video, document, sticker, location, system */
    mediaType: text('media_type').notNull().default('chat'),
    /** Storage key under DATA_DIR/media (or the S3 key); never a public URL. */
    mediaKey: text('media_key'),
    mediaName: text('media_name'),
    mimeType: text('mime_type'),
    mediaSize: integer('media_size'),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('pending'),
    /** The provider's message id: unique per channel, so an inbound message is stored once. */
    externalId: text('external_id'),
    /** The sender's idempotency key: a retried POST stores one message. */
    clientId: text('client_id'),
    quotedMsgId: bigint('quoted_msg_id', { mode: 'number' }),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isEdited: boolean('is_edited').notNull().default(false),
    reactions: jsonb('reactions')
      .$type<MessageReaction[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sendAttempts: integer('send_attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The last reaction, edit or deletion the provider refused for good (message_actions has why). */
    actionFailed: text('action_failed', { enum: MESSAGE_ACTION_KINDS }),
    scheduleDate: timestamp('schedule_date', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('messages_ticket_idx').on(t.tenantId, t.ticketId, t.createdAt, t.id),
    uniqueIndex('messages_channel_external_key')
      .on(t.channelId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    uniqueIndex('messages_client_key')
      .on(t.tenantId, t.ticketId, t.clientId)
      .where(sql`${t.clientId} is not null`),
    // No full-text index on the body: nothing searches message text yet, and a GIN entry per
    // message cost about a sixth of the inbound path's database time (bench/desk.ts, ingest).
    // The dashboard's messages in and out of a period: an index-only range walk, joined to the
    // tickets the viewer may see (bench/dashboard.ts: 708 -> 300 ms for 30 days on 2,000,000).
    index('messages_tenant_created_idx').on(t.tenantId, t.createdAt, t.ticketId, t.fromMe),
    // The outbox: pending outbound messages, found by the messages.resend-stuck sweeper every minute.
    index('messages_outbox_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'pending' and ${t.fromMe}`),
  ],
);

/** Raw provider webhook payloads: stored on arrival, processed by a job (house rule 8). */
export const inboundEvents = pgTable(
  'inbound_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantId(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<unknown>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('inbound_events_processed_idx').on(t.processedAt)],
);

/** Scheduled messages of a ticket's contact (SPEC §3 Schedule). */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    mediaKey: text('media_key'),
    mediaName: text('media_name'),
    mimeType: text('mime_type'),
    /** The next occurrence due (moved on by the period after each send). */
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    repeatCount: integer('repeat_count').notNull().default(0),
    repeatPeriod: text('repeat_period', { enum: ['weekly', 'biweekly', 'monthly', 'bimonthly'] }),
    sentCount: integer('sent_count').notNull().default(0),
    status: text('status', { enum: ['pending', 'sent', 'error'] })
      .notNull()
      .default('pending'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('schedules_due_idx').on(t.status, t.sendAt),
    index('schedules_tenant_ticket_idx').on(t.tenantId, t.ticketId),
    // The agendamentosold report's period read.
    index('schedules_tenant_send_at_idx').on(t.tenantId, t.sendAt),
  ],
);
