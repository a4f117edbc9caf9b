// Who may change an internal-chat group. Reading is for members only (getMemberGroup answers 404
// to anyone else, admins included: a private conversation is not the company's to read).
import type { AuthContext } from '../../platform/http/auth-context.js';
import { AppError } from '../../platform/http/app-error.js';
import type { GroupRow } from './internal-chat.queries.js';

/** The member who started the group, or an admin member, renames it, deletes it and picks its members. */
export const mayManage = (viewer: AuthContext, group: GroupRow) => viewer.isAdmin || group.ownerId === viewer.userId;

export function assertMayManage(viewer: AuthContext, group: GroupRow): void {
  if (!mayManage(viewer, group)) throw new AppError('ERR_NO_PERMISSION');
}
