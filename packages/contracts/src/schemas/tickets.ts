import { z } from 'zod';
import { TICKET_STATUSES } from '../enums.js';
import { ZId } from './common.js';
import { ZTicketIntegration } from './integrations.js';

const ZBoolish = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const ZIdList = z
  .union([z.array(z.coerce.number().int()), z.string().transform((s) => (s ? s.split(',').map(Number) : []))])
  .default([]);

/** The attendance filter (SPEC §3); also kept in the user's configs as filtrosAtendimento. */
export const ZAttendanceFilter = z.object({
  searchParam: z.string().max(200).default(''),
  pageNumber: z.coerce.number().int().min(1).default(1),
  status: z
    .union([z.array(z.enum(TICKET_STATUSES)), z.string().transform((s) => s.split(',').filter(Boolean))])
    .pipe(z.array(z.enum(TICKET_STATUSES)))
    .default(['open', 'pending']),
  showAll: ZBoolish.default(false),
  count: z.coerce.number().int().nullable().optional(),
  queuesIds: ZIdList,
  tagsIds: ZIdList,
  withUnreadMessages: ZBoolish.default(false),
  isNotAssignedUser: ZBoolish.default(false),
  includeNotQueueDefined: ZBoolish.default(true),
  useradmId: z.coerce.number().int().nullable().optional(),
  whatsappIds: ZIdList,
  /** Tabs: only tickets with the chatbot (true) or without it (false); both when absent. */
  chatbot: ZBoolish.optional(),
  /** Tabs: only group conversations (true) or only one-to-one ones (false); both when absent. */
  isGroup: ZBoolish.optional(),
});
export type AttendanceFilter = z.infer<typeof ZAttendanceFilter>;

export const ZTicketContact = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  profilePicUrl: z.string(),
  tags: z.array(z.object({ id: z.number(), name: z.string(), color: z.string() })),
  wallets: z.array(z.object({ id: z.number(), name: z.string() })),
  extraInfo: z.array(z.object({ name: z.string(), value: z.string() })),
});

/** A ticket as lists and the chat header show it (SPEC §3 Ticket). */
export const ZTicket = z.object({
  id: z.number(),
  protocol: z.string(),
  status: z.enum(TICKET_STATUSES),
  queueId: z.number().nullable(),
  userId: z.number().nullable(),
  /** The channel (kept as whatsappId, the name integrations know). */
  whatsappId: z.number().nullable(),
  chatFlowId: z.number().nullable(),
  isGroup: z.boolean(),
  contactId: z.number(),
  contact: ZTicketContact,
  queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  channel: z.object({ id: z.number(), name: z.string(), type: z.string() }).nullable(),
  unreadMessages: z.number(),
  /** Pending scheduled messages (SPEC §3): the list shows a clock when above 0. */
  scheduledMessages: z.number(),
  lastMessage: z.string(),
  lastMessageAt: z.string().nullable(),
  answered: z.boolean(),
  chatbot: z.boolean(),
  startedAttendanceAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Marked private by its agent: hidden from other users unless viewPrivateTickets (SPEC §6). */
  isPrivate: z.boolean(),
  /** The queue integration answering the ticket (null: none); an agent may take it over. */
  integration: ZTicketIntegration,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the viewer may do; screens do not re-derive it. */
  can: z.object({
    accept: z.boolean(),
    reply: z.boolean(),
    close: z.boolean(),
    reopen: z.boolean(),
    returnToQueue: z.boolean(),
    transfer: z.boolean(),
    delete: z.boolean(),
    /** Read its messages: a pending ticket of someone else only with `spyticket` (or as a supervisor). */
    read: z.boolean(),
    /** Mark the ticket private or public again (its own agent, while open). */
    markPrivate: z.boolean(),
  }),
  /**
   * What the viewer may do to this ticket's messages, the channel's provider included (a channel
   * without edits offers no edit). The message's own rules (ours, text, 24 hours) still apply.
   */
  messageActions: z.object({
    react: z.boolean(),
    /** The only reactions the channel takes (Telegram's list, Instagram's heart); null: any emoji. */
    reactionEmojis: z.array(z.string()).nullable(),
    edit: z.boolean(),
    /** Deleting a message the customer already has; one never sent may always be deleted. */
    delete: z.boolean(),
  }),
});
export type Ticket = z.infer<typeof ZTicket>;
/** `count` is exact up to 1,000 matching tickets, then 1,000 (the tab badges: GET /user/counttickets). */
export const ZTicketList = z.object({ tickets: z.array(ZTicket), count: z.number(), hasMore: z.boolean() });

export const ZUpdateTicket = z.object({
  status: z.enum(TICKET_STATUSES).optional(),
  userId: ZId.nullable().optional(),
  queueId: ZId.nullable().optional(),
  /** On close: send this farewell text first, then close a few seconds later. */
  farewellMessage: z.string().max(4096).optional(),
  /** On close without a typed farewell: send the channel's farewell message, if it has one. */
  useChannelFarewell: z.boolean().optional(),
  isTransference: z.boolean().optional(),
});
export type UpdateTicket = z.infer<typeof ZUpdateTicket>;

export const ZCreateTicket = z.object({
  contactId: ZId,
  whatsappId: ZId.optional(),
  queueId: ZId.optional(),
});
export const ZBulkTickets = z.object({ ticketIds: z.array(ZId).min(1).max(500) });
export const ZBulkResult = z.object({ count: z.number() });
/** PUT /tickets/{id}/private: the agent marks its ticket private, or public again. */
export const ZTicketPrivacy = z.object({ isPrivate: z.boolean() });
/** PUT /tickets/bot/{id}: hand the ticket to a chatbot flow. */
export const ZTicketToBot = z.object({ chatFlowId: ZId });
/** GET /user/counttickets: open and pending tickets the caller may see, per tab. */
export const ZTicketCounts = z.object({ open: z.number(), pending: z.number(), chatbot: z.number(), groups: z.number() });
export type TicketCounts = z.infer<typeof ZTicketCounts>;

const ZNamedRef = z.object({ id: z.number(), name: z.string() });
export const ZTicketLog = z.object({
  id: z.number(),
  type: z.string(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  queue: z.object({ id: z.number(), name: z.string() }).nullable(),
  payload: z.record(z.string(), z.unknown()).nullable(),
  /** Both sides of a transfer, named ('transfered' and 'receivedTransfer'); null on other entries. */
  transfer: z
    .object({
      fromQueue: ZNamedRef.nullable(),
      toQueue: ZNamedRef.nullable(),
      fromUser: ZNamedRef.nullable(),
      toUser: ZNamedRef.nullable(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type TicketLog = z.infer<typeof ZTicketLog>;
export const ZNoteInput = z.object({ body: z.string().trim().min(1, 'validation.required').max(4000, 'validation.max') });
export const ZNote = z.object({
  id: z.number(),
  body: z.string(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
