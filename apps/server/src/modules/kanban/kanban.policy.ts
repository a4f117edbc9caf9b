// SECURITY-CRITICAL: who sees and manages which CRM lanes (SPEC §6): "Only admins create lanes
// when lanes are not separated per user" and "Users cannot edit another user's CRM".
import { eq, isNull, type SQL } from 'drizzle-orm';
import { crmLanes } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { isSettingEnabled } from '../settings/settings.queries.js';

/**
 * How one user sees the board, built once per request. Lanes not separated per user: everyone sees
 * the company's lanes (user_id null) and moves contacts on them; only admins create, change,
 * reorder or delete lanes. Separated (setting `separateLanesPerUser`): each user sees and manages
 * only its own lanes, admins included; another user's lane answers 404 like another company's.
 */
export interface LaneViewer {
  userId: number;
  separate: boolean;
  /** The owner of the lanes this viewer sees: null = the company's. */
  ownerId: number | null;
  manage: boolean;
}

export async function laneViewer(scope: TenantScope, auth: Pick<AuthContext, 'userId' | 'isAdmin'>): Promise<LaneViewer> {
  const separate = await isSettingEnabled(scope, 'separateLanesPerUser');
  return separate
    ? { userId: auth.userId, separate, ownerId: auth.userId, manage: true }
    : { userId: auth.userId, separate, ownerId: null, manage: auth.isAdmin };
}

/** The lanes a viewer sees. */
export function lanesOf(viewer: LaneViewer): SQL {
  return viewer.ownerId === null ? isNull(crmLanes.userId) : eq(crmLanes.userId, viewer.ownerId);
}

export function assertMayManageLanes(viewer: LaneViewer): void {
  if (!viewer.manage) throw new AppError('ERR_NO_PERMISSION');
}

/**
 * A contact on another user's lane is in that user's CRM: with lanes separated per user nobody
 * else moves it (nor edits its deal there). `currentOwner` is the user id of the contact's lane
 * (undefined: no lane, or a lane that is gone; null: a company lane).
 */
export function assertMayMoveFrom(viewer: LaneViewer, currentOwner: number | null | undefined): void {
  if (viewer.separate && currentOwner !== undefined && currentOwner !== viewer.userId)
    throw new AppError('ERR_NO_PERMISSION');
}
