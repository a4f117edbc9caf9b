import type { ChatFlowEvent } from '@prosa/contracts';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { publish } from '../../platform/realtime/publish.js';
import { presentChatFlowSummary } from './chat-flows.presenter.js';
import type { ChatFlowRow } from './chat-flows.queries.js';

/** `chatFlow` events go to the company's admins (who alone build flows), after commit. */
export function emitChatFlowChange(scope: TenantScope, action: ChatFlowEvent['action'], row: ChatFlowRow): void {
  const payload: ChatFlowEvent = { action, chatFlow: presentChatFlowSummary(row) };
  publish(scope, { kind: 'admins' }, 'chatFlow', payload);
}
