import { and, eq, ne } from 'drizzle-orm';
import { chatFlows, integrations, queues, tickets } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { emitIntegrationChange } from '../integrations.events.js';
import { getIntegration } from '../integrations.queries.js';
import { flowUsesIntegration } from '../flow-integrations.js';

/**
 * An integration in use cannot be deleted (ERR_INTEGRATION_IN_USE): a queue hands tickets to it,
 * a flow step does (condition action 4), or an open or pending ticket is with it.
 */
export async function deleteIntegration(scope: TenantScope, id: number): Promise<void> {
  await scope.transaction(async (tx) => {
    const row = await getIntegration(tx, id);
    if ((await tx.count(queues, eq(queues.integrationId, id))) > 0) throw new AppError('ERR_INTEGRATION_IN_USE');
    if ((await tx.count(tickets, and(eq(tickets.integrationId, id), ne(tickets.status, 'closed')))) > 0)
      throw new AppError('ERR_INTEGRATION_IN_USE');
    const flows = await tx.select(chatFlows);
    if (flows.some((f) => flowUsesIntegration(f.flow, id))) throw new AppError('ERR_INTEGRATION_IN_USE');
    await tx.delete(integrations, eq(integrations.id, id));
    emitIntegrationChange(tx, 'delete', row);
  });
}
