import type { QueueInput } from '@prosa/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { queues } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { requirePlanFeature } from '../../tenants/plan-features.js';
import { assertIntegrationOfTenant } from '../../integrations/integrations.queries.js';
import { getQueue } from '../queues.queries.js';
import { emitQueueChange } from '../queues.events.js';

async function assertNameFree(scope: TenantScope, name: string, exceptId?: number) {
  const clash = await scope.first(queues, and(eq(queues.name, name), exceptId ? ne(queues.id, exceptId) : undefined));
  if (clash) throw new AppError('ERR_QUEUE_EXISTS');
}

/** A queue's integration: one of the tenant's, on a plan with integrations. */
async function assertIntegrationUsable(scope: TenantScope, integrationId: number | null) {
  if (integrationId === null) return;
  await assertIntegrationOfTenant(scope, integrationId);
  await requirePlanFeature(scope, 'integrations');
}

export async function createQueue(scope: TenantScope, input: QueueInput) {
  await assertNameFree(scope, input.name);
  await assertIntegrationUsable(scope, input.integrationId);
  const row = await scope.insert(queues, input);
  emitQueueChange(scope, 'create', row);
  return row;
}

export async function updateQueue(scope: TenantScope, id: number, input: QueueInput) {
  await getQueue(scope, id);
  await assertNameFree(scope, input.name, id);
  await assertIntegrationUsable(scope, input.integrationId);
  const [row] = await scope.update(queues, { ...input, updatedAt: new Date() }, eq(queues.id, id));
  emitQueueChange(scope, 'update', row!);
  return row!;
}
