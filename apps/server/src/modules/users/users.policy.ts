// SECURITY-CRITICAL: who may see and change which user. Agents must never promote themselves
// (a known fault of older products) and a company must never lose its last admin.
import type { UpdateUser } from '@prosa/contracts';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { AppError } from '../../platform/http/app-error.js';
import type { UserRow } from './users.queries.js';

export const isSupervisor = (a: AuthContext) =>
  a.isAdmin || a.profile === 'supervisor' || a.profile === 'supervisorfila';

/** An admin may not take the admin profile away from itself: it keeps the company administered. */
const wouldDropOwnAdmin = (actor: AuthContext, target: UserRow, profile: UpdateUser['profile']) =>
  actor.userId === target.id && target.profile === 'admin' && profile !== undefined && profile !== 'admin';

/** What the viewer may do with `target`; sent with the user so screens do not re-derive it. */
export function userCan(viewer: AuthContext, target: UserRow) {
  const self = viewer.userId === target.id;
  return {
    edit: viewer.isAdmin || self,
    delete: viewer.isAdmin && !self,
    changeProfile: viewer.isAdmin && !(self && target.profile === 'admin'),
  };
}

export function assertMayView(actor: AuthContext, target: UserRow): void {
  if (!isSupervisor(actor) && actor.userId !== target.id) throw new AppError('ERR_NO_PERMISSION');
}

export const sameIds = (a: number[], b: number[]) => {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((id) => y.has(id));
};

/** Support emails (SPEC §6) are kept lowercased; the comparison ignores case either way. */
export const isSupportEmail = (email: string, supportEmails: string[]) => supportEmails.includes(email.toLowerCase());

/**
 * A non-admin edits only itself, and only its name, email and password: a field it may not
 * change is refused when its value differs from the saved one (a form may send it unchanged).
 */
export function assertMayUpdate(
  actor: AuthContext,
  target: UserRow,
  input: UpdateUser,
  currentQueueIds: number[],
  supportEmails: string[],
  currentChannelIds: number[] = [],
  currentCallLineIds: number[] = [],
): void {
  if (!actor.isAdmin) {
    const changes =
      actor.userId !== target.id ||
      (input.profile !== undefined && input.profile !== target.profile) ||
      (input.ignoreWallet !== undefined && input.ignoreWallet !== target.ignoreWallet) ||
      (input.blockMultipleLogins !== undefined && input.blockMultipleLogins !== target.blockMultipleLogins) ||
      (input.queues !== undefined && !sameIds(input.queues, currentQueueIds)) ||
      // Lifting its own channel limit would widen what it sees.
      (input.channelIds !== undefined && !sameIds(input.channelIds, currentChannelIds)) ||
      // Call access is the admin's to give (issue 17).
      (input.callsBlocked !== undefined && input.callsBlocked !== target.callsBlocked) ||
      (input.callLineIds !== undefined && !sameIds(input.callLineIds, currentCallLineIds)) ||
      // A support email is an admin's (SPEC §6): taking one would be promoting itself.
      (input.email !== undefined && input.email !== target.email && isSupportEmail(input.email, supportEmails));
    if (changes) throw new AppError('ERR_NO_PERMISSION');
  }
  if (wouldDropOwnAdmin(actor, target, input.profile)) throw new AppError('ERR_NO_PERMISSION');
}

/** Configs (theme, saved filters) are personal: only the user itself changes them. */
export function assertIsSelf(actor: AuthContext, target: UserRow): void {
  if (actor.userId !== target.id) throw new AppError('ERR_NO_PERMISSION');
}
