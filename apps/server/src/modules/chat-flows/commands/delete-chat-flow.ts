import { and, eq } from 'drizzle-orm';
import { channels, chatFlows, settings, tickets } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { publish } from '../../../platform/realtime/publish.js';
import { emitChatFlowChange } from '../chat-flows.events.js';
import { getChatFlow } from '../chat-flows.queries.js';

/**
 * A flow that tickets name cannot be deleted (ERR_AUTO_REPLY_RELATIONED_TICKET): the engine would
 * lose the step they wait on; deactivate it instead. An unused flow goes with its keywords (the
 * foreign key cascades), and the channels and the company default that named it name none, in
 * the same transaction, so nothing points at a flow that is gone.
 */
export async function deleteChatFlow(scope: TenantScope, id: number): Promise<void> {
  await scope.transaction(async (tx) => {
    const row = await getChatFlow(tx, id, { forUpdate: true });
    if ((await tx.count(tickets, eq(tickets.chatFlowId, id))) > 0)
      throw new AppError('ERR_AUTO_REPLY_RELATIONED_TICKET');
    await tx.update(channels, { chatFlowId: null, updatedAt: new Date() }, eq(channels.chatFlowId, id));
    const cleared = await tx.update(
      settings,
      { value: '', updatedAt: new Date() },
      and(eq(settings.key, 'botTicketActive'), eq(settings.value, String(id)))!,
    );
    await tx.delete(chatFlows, eq(chatFlows.id, id));
    emitChatFlowChange(tx, 'delete', row);
    // Published after commit, like every settings change (modules/settings).
    if (cleared.length > 0) {
      publish(tx, { kind: 'tenant' }, 'settings', { action: 'update', setting: { key: 'botTicketActive', value: '' } });
    }
  });
}
