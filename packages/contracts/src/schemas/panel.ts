import { z } from 'zod';
import { PRESENCES } from './ichat.js';

/**
 * The attendance panel (SPEC §2 /painel-atendimentos): by user and by queue, what is in service
 * now. "Waiting" is a ticket whose customer wrote last (their last message after the agent's): the
 * panel shows how long since that message. Visibility is the desk's: a queue supervisor sees the
 * tickets of their queues only.
 */
const ZPresence = z.enum(PRESENCES);

export const ZPanelTicket = z.object({
  id: z.number(),
  contactName: z.string(),
  status: z.enum(['open', 'pending']),
  queueId: z.number().nullable(),
  /** The customer's last message (null: they have not written). */
  lastInboundAt: z.string().nullable(),
  /** The customer wrote last: awaiting the agent. */
  waiting: z.boolean(),
});
export type PanelTicket = z.infer<typeof ZPanelTicket>;

export const ZPanelUser = z.object({
  id: z.number(),
  name: z.string(),
  presence: ZPresence,
  open: z.number(),
  pending: z.number(),
  /** Of open and pending: the customer wrote last. */
  waiting: z.number(),
  /** The oldest customer message still unanswered in this user's tickets. */
  oldestWaitingAt: z.string().nullable(),
  /** Their tickets, longest waiting first (at most PANEL_TICKETS_PER_USER). */
  tickets: z.array(ZPanelTicket),
});
export type PanelUser = z.infer<typeof ZPanelUser>;

export const ZPanelQueue = z.object({
  /** null: tickets without a queue. */
  id: z.number().nullable(),
  name: z.string(),
  color: z.string(),
  open: z.number(),
  pending: z.number(),
  /** Pending and nobody's yet. */
  unassigned: z.number(),
  waiting: z.number(),
  oldestWaitingAt: z.string().nullable(),
  /** Members of the queue online now. */
  agentsOnline: z.number(),
  agents: z.number(),
});
export type PanelQueue = z.infer<typeof ZPanelQueue>;

export const ZPanel = z.object({
  users: z.array(ZPanelUser),
  queues: z.array(ZPanelQueue),
  /** The server's clock when read: "time since" is counted from it, whatever the browser's clock. */
  at: z.string(),
});
export type Panel = z.infer<typeof ZPanel>;

export const PANEL_TICKETS_PER_USER = 30;
