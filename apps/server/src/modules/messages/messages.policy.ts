// SECURITY-CRITICAL: who may read a ticket's messages and files, reply, and change a message.
// Visibility is the tickets policy's (tickets.policy.ts); this file only applies it to messages.
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { AppError } from '../../platform/http/app-error.js';
import {
  assertCan,
  isSupervisorLike,
  isTicketVisible,
  mayReadMessages,
  type TicketFacts,
  type TicketViewer,
} from '../tickets/tickets.policy.js';
import { factsOf, loadTicketBases, type TicketBase } from '../tickets/tickets.presenter.js';
import { loadViewer } from '../tickets/tickets.viewer.js';
import type { MessageRow } from './messages.presenter.js';

/** Messages may be deleted or edited this long after they were written (SPEC §8 ERR_DELETE_WAPP_MSG). */
export const CHANGE_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface TicketAccess {
  base: TicketBase;
  viewer: TicketViewer;
  facts: TicketFacts;
}

/** The ticket as the caller sees it; another tenant's or an invisible ticket is not found. */
export async function loadTicketAccess(scope: TenantScope, auth: AuthContext, ticketId: number): Promise<TicketAccess> {
  const [[base], viewer] = await Promise.all([loadTicketBases(scope, [ticketId]), loadViewer(scope, auth)]);
  if (!base) throw new AppError('ERR_NO_TICKET_FOUND');
  const facts = factsOf(base);
  if (!isTicketVisible(viewer, facts)) throw new AppError('ERR_NO_TICKET_FOUND');
  return { base, viewer, facts };
}

/** Reading messages and files: a pending ticket of someone else only with `spyticket` (policy). */
export async function assertMayRead(scope: TenantScope, auth: AuthContext, ticketId: number): Promise<TicketAccess> {
  const access = await loadTicketAccess(scope, auth, ticketId);
  if (!mayReadMessages(access.viewer, access.facts)) throw new AppError('ERR_NO_PERMISSION');
  return access;
}

/** Replying: the ticket is open and the caller's, or the caller supervises (policy `reply`). */
export async function assertMayReply(scope: TenantScope, auth: AuthContext, ticketId: number): Promise<TicketAccess> {
  const access = await loadTicketAccess(scope, auth, ticketId);
  assertCan(access.viewer, access.facts, 'reply');
  return access;
}

/** A message is changed by the agent who wrote it, or by a supervisor or admin. */
function assertAuthorOrSupervisor(access: TicketAccess, msg: MessageRow): void {
  if (msg.userId !== access.viewer.userId && !isSupervisorLike(access.viewer)) throw new AppError('ERR_NO_PERMISSION');
}

const withinWindow = (msg: MessageRow, now: Date) => now.getTime() - msg.createdAt.getTime() <= CHANGE_WINDOW_MS;

/** Only our own messages of the last 24 hours may be deleted. */
export function assertMayDelete(access: TicketAccess, msg: MessageRow, now = new Date()): void {
  if (!msg.fromMe || !withinWindow(msg, now)) throw new AppError('ERR_DELETE_WAPP_MSG');
  assertAuthorOrSupervisor(access, msg);
}

/** Only our own text messages of the last 24 hours, not deleted, may be edited. */
export function assertMayEdit(access: TicketAccess, msg: MessageRow, now = new Date()): void {
  if (!msg.fromMe || msg.isDeleted || msg.mediaType !== 'chat' || msg.mediaKey) throw new AppError('ERR_NO_PERMISSION');
  if (!withinWindow(msg, now)) throw new AppError('ERR_DELETE_WAPP_MSG');
  assertAuthorOrSupervisor(access, msg);
}

/** A failed message of ours may be put back in the outbox. */
export function assertMayResend(access: TicketAccess, msg: MessageRow): void {
  if (!msg.fromMe || msg.status !== 'failed' || msg.isDeleted) throw new AppError('ERR_NO_PERMISSION');
  assertAuthorOrSupervisor(access, msg);
}
