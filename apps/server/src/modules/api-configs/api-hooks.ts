/**
 * The API configurations' side of the inbound and status ports (messages/after-inbound.ts,
 * messages/after-status.ts), registered at boot: one cached look-up (api-hooks.cache.ts), then a
 * job per configuration that wants hooks of the channel; nothing is posted inside the write.
 */
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { enqueue } from '../../platform/jobs/enqueue.js';
import { onAfterInbound, type InboundFacts } from '../messages/after-inbound.js';
import { onAfterStatus, type StatusFacts } from '../messages/after-status.js';
import { apiHooksOf } from './api-hooks.cache.js';
import { postApiHookJob } from './jobs/post-api-hook.job.js';

export async function apiHooksAfterInbound(scope: TenantScope, facts: InboundFacts): Promise<void> {
  if (facts.fromMe || facts.ticket.channelId === null) return;
  for (const apiConfigId of await apiHooksOf(scope, facts.ticket.channelId))
    enqueue(scope, postApiHookJob, { apiConfigId, event: 'hookMessage', messageId: facts.messageId });
}

export async function apiHooksAfterStatus(scope: TenantScope, facts: StatusFacts): Promise<void> {
  for (const apiConfigId of await apiHooksOf(scope, facts.channelId))
    enqueue(scope, postApiHookJob, {
      apiConfigId,
      event: 'hookMessageStatus',
      messageId: facts.messageId,
      status: facts.status,
    });
}

export function registerApiHooks(): void {
  onAfterInbound(apiHooksAfterInbound);
  onAfterStatus(apiHooksAfterStatus);
}
