// SECURITY-CRITICAL: who sees and may act on which ticket (SPEC §6 Ticket visibility and the
// settings that change it). Pure functions: the list query (tickets.visibility-sql.ts) applies the
// same rules in SQL, and tickets.policy.test.ts checks every profile against every setting.
import type { Profile, TicketStatus } from '@prosa/contracts';
import { AppError } from '../../platform/http/app-error.js';

/** The tenant settings that change ticket visibility or actions, read once per request. */
export interface TicketSettings {
  NotViewTicketsChatBot: boolean;
  NotViewAssignedTickets: boolean;
  NotViewTicketsQueueUndefined: boolean;
  DirectTicketsToWallets: boolean;
  userContactWallet: boolean;
  spyticket: boolean;
  userReopenTicket: boolean;
  /** Phone numbers are masked for everyone but admins and general supervisors. */
  hidePhoneNumber: boolean;
  /** Admins see tickets their agents marked private. */
  viewPrivateTickets: boolean;
  /** Tickets that admins and supervisors open without being their agent are logged (audit_logs). */
  auditMode: boolean;
}

/** Who is looking: the signed-in user, its queues and the tenant settings. */
export interface TicketViewer {
  userId: number;
  profile: Profile;
  /** Profile admin or a support email (SPEC §6). */
  isAdmin: boolean;
  /** The user's ignore-wallet flag: wallet rules do not narrow what it sees. */
  ignoreWallet: boolean;
  queueIds: readonly number[];
  /** The channels the user is limited to (SPEC §3 User "channels"); empty = every channel. */
  channelIds: readonly number[];
  settings: TicketSettings;
  /** The list's page size per status (tenant settings TicketsLimit*), when loaded with the viewer. */
  pageSizes?: Partial<Record<TicketStatus, number>>;
}

/** What the rules need to know about a ticket. */
export interface TicketFacts {
  status: TicketStatus;
  queueId: number | null;
  userId: number | null;
  /** The channel the conversation is on (none for a ticket without one). */
  channelId: number | null;
  isGroup: boolean;
  /** The ticket is with the chatbot (bot state or a chat flow). */
  chatbot: boolean;
  /** Owners of the contact's wallet. */
  walletUserIds: readonly number[];
  /** Marked private by its agent. */
  isPrivate: boolean;
}

export interface VisibilityOptions {
  /** Admins and general supervisors asked to see everything (then only channel and user filter). */
  showAll: boolean;
  /** The queue filter: tickets without a queue belong in this view. */
  includeNotQueueDefined: boolean;
  /** The queue filter: only these queues (empty: all the viewer's queues). */
  queueIds?: readonly number[];
}

/** A single ticket (opened by id, or a pushed event) is judged as the widest list would show it. */
export const SINGLE_TICKET: VisibilityOptions = { showAll: true, includeNotQueueDefined: true };

/** A stand-in admin for the admins room: every admin sees every ticket (private ones aside). */
export const adminViewer = (settings: TicketSettings): TicketViewer => ({
  userId: 0,
  profile: 'admin',
  isAdmin: true,
  ignoreWallet: true,
  queueIds: [],
  // The admins room holds admins without a channel limit only (platform/realtime joinRooms).
  channelIds: [],
  settings,
});

/** Admins and general supervisors may ask to see every ticket. */
export const maySeeAll = (v: Pick<TicketViewer, 'isAdmin' | 'profile'>) => v.isAdmin || v.profile === 'supervisor';

/** Ticket payloads and exports carry masked contact numbers for this viewer (no viewer: masked). */
export const masksNumbers = (v: TicketViewer | null) => !v || (v.settings.hidePhoneNumber && !maySeeAll(v));

/** Supervisors of either kind (and admins) are exempt from "hide tickets assigned to others". */
export const isSupervisorLike = (v: Pick<TicketViewer, 'isAdmin' | 'profile'>) =>
  v.isAdmin || v.profile === 'supervisor' || v.profile === 'supervisorfila';

/** Wallet rules narrow only ordinary users that do not ignore wallets. */
export const walletRulesApply = (v: TicketViewer) =>
  !v.isAdmin &&
  v.profile === 'user' &&
  !v.ignoreWallet &&
  (v.settings.DirectTicketsToWallets || v.settings.userContactWallet);

/**
 * A private ticket is its agent's alone (it stops being private when it leaves its agent, see
 * patchTicket): hidden from every other user, admins included, unless
 * viewPrivateTickets lets admins see it. Checked before anything else, showAll included.
 */
export const privateHidden = (v: TicketViewer, t: Pick<TicketFacts, 'isPrivate' | 'userId'>) =>
  // Without an agent a ticket is nobody's private one (it would be lost to everyone).
  t.isPrivate && t.userId !== null && t.userId !== v.userId && !(v.isAdmin && v.settings.viewPrivateTickets);

/**
 * A user limited to some channels sees tickets of those channels only. The limit is a hard
 * boundary, like privacy: it holds for every profile (SPEC §6 "Admin and supervisor with showAll
 * see all tickets, filtered only by channel and user"), with showAll, and for the user's own
 * tickets too; a ticket without a channel is on none of them.
 */
export const channelAllowed = (v: Pick<TicketViewer, 'channelIds'>, t: Pick<TicketFacts, 'channelId'>) =>
  v.channelIds.length === 0 || (t.channelId !== null && v.channelIds.includes(t.channelId));

export function isTicketVisible(v: TicketViewer, t: TicketFacts, opts: VisibilityOptions = SINGLE_TICKET): boolean {
  if (privateHidden(v, t)) return false;
  if (!channelAllowed(v, t)) return false;
  // Admins and general supervisors with showAll: everything (the list filters by channel and user).
  if (opts.showAll && maySeeAll(v)) return true;
  // The queue filter the viewer chose narrows every ticket, its own included.
  if (t.queueId === null ? !opts.includeNotQueueDefined : opts.queueIds?.length && !opts.queueIds.includes(t.queueId)) {
    return false;
  }
  // Own tickets are always visible within the queue filter.
  if (t.userId === v.userId) return true;
  const s = v.settings;
  if (t.queueId === null) {
    if (s.NotViewTicketsQueueUndefined && !v.isAdmin) return false;
    // A group conversation needs queue access; without a queue only admins see it.
    if (t.isGroup && !v.isAdmin) return false;
  } else if (!v.queueIds.includes(t.queueId)) {
    return false;
  }
  if (s.NotViewTicketsChatBot && t.chatbot && !v.isAdmin) return false;
  if (s.NotViewAssignedTickets && t.userId !== null && !isSupervisorLike(v)) return false;
  if (walletRulesApply(v)) {
    const mine = t.walletUserIds.includes(v.userId);
    // DirectTicketsToWallets: a contact owned by other agents is theirs.
    if (s.DirectTicketsToWallets && t.walletUserIds.length > 0 && !mine) return false;
    // userContactWallet: an agent sees only the contacts of its own wallet.
    if (s.userContactWallet && !mine) return false;
  }
  return true;
}

/**
 * May the viewer read the ticket's messages? A pending ticket of someone else is peeked at only
 * with `spyticket` (or by supervisors); accepting it first always works.
 */
export function mayReadMessages(v: TicketViewer, t: TicketFacts): boolean {
  if (!isTicketVisible(v, t)) return false;
  if (t.status !== 'pending' || t.userId === v.userId || isSupervisorLike(v)) return true;
  return v.settings.spyticket;
}

export type TicketAction =
  'accept' | 'reply' | 'close' | 'reopen' | 'returnToQueue' | 'transfer' | 'delete' | 'markPrivate';
export type TicketCan = Record<TicketAction, boolean>;

export const NOTHING: TicketCan = {
  accept: false,
  reply: false,
  close: false,
  reopen: false,
  returnToQueue: false,
  transfer: false,
  delete: false,
  markPrivate: false,
};

/** What the viewer may do with the ticket; sent with it so screens do not re-derive it. */
export function ticketCan(v: TicketViewer | null, t: TicketFacts): TicketCan {
  if (!v || !isTicketVisible(v, t)) return { ...NOTHING };
  const own = t.userId === v.userId;
  const sup = isSupervisorLike(v);
  const handles = own || sup || t.userId === null;
  return {
    // A pending ticket already given to someone (a wallet owner, a transfer) is theirs to accept.
    accept: t.status === 'pending' && handles,
    reply: t.status === 'open' && (own || sup),
    close: t.status !== 'closed' && handles,
    reopen: t.status === 'closed' && (sup || v.settings.userReopenTicket),
    returnToQueue: t.status === 'open' && (own || sup),
    transfer: t.status !== 'closed' && handles,
    delete: sup,
    // Only the agent working the ticket marks it private (or public again).
    markPrivate: t.status === 'open' && own,
  };
}

/** Throws the spec code when the viewer may not do `action`; an invisible ticket is not found. */
export function assertCan(v: TicketViewer, t: TicketFacts, action: TicketAction): void {
  if (!isTicketVisible(v, t)) throw new AppError('ERR_NO_TICKET_FOUND');
  if (!ticketCan(v, t)[action]) throw new AppError('ERR_NO_PERMISSION');
}
