import { V, type ChannelType } from '@prosa/contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { ChannelRow } from './channel-adapter.js';
import { channels, queues, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import { findActiveFlow } from '../chat-flows/chat-flows.queries.js';

export function listChannels(scope: TenantScope, type?: ChannelType): Promise<ChannelRow[]> {
  return scope.select(channels, type ? eq(channels.type, type) : undefined).orderBy(asc(channels.name), asc(channels.id));
}

/** A channel of the caller's company; another company's id answers ERR_NO_WAPP_FOUND (404). */
export async function getChannel(scope: TenantScope, id: number, opts: { forUpdate?: boolean } = {}): Promise<ChannelRow> {
  const q = scope.select(channels, eq(channels.id, id)).limit(1);
  const [row] = await (opts.forUpdate ? q.for('update') : q);
  if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
  return row;
}

export async function isChannelNameTaken(scope: TenantScope, name: string, exceptId?: number): Promise<boolean> {
  return !!(await scope.first(channels, and(eq(channels.name, name), exceptId ? ne(channels.id, exceptId) : undefined)));
}

/** The default queue and user must be the company's own. */
export async function assertChannelRefs(
  scope: TenantScope,
  refs: { defaultQueueId: number | null; defaultUserId: number | null; chatFlowId?: number | null },
): Promise<void> {
  // The channel's bot must be an active flow of the company (another company's counts as missing).
  if (refs.chatFlowId && !(await findActiveFlow(scope, refs.chatFlowId))) {
    throw new AppError('ERR_VALIDATION', { chatFlowId: V.flowUnavailable });
  }
  if (refs.defaultQueueId && !(await scope.first(queues, eq(queues.id, refs.defaultQueueId)))) {
    throw new AppError('ERR_NO_QUEUE_FOUND');
  }
  if (refs.defaultUserId && !(await scope.first(users, eq(users.id, refs.defaultUserId)))) {
    throw new AppError('ERR_NO_USER_FOUND');
  }
}
