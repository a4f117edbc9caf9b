import type { TaskDelayedEvent, TaskEvent } from '@prosa/contracts';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { publish } from '../../platform/realtime/publish.js';
import { presentTask, type TaskRow } from './tasks.presenter.js';

/**
 * `task` goes to the whole company with the id only: every screen that shows tasks (the board,
 * the delayed badge) refetches what its user may see; nothing of the task itself leaves to users
 * who may not see it. Sent after commit.
 */
export function emitTaskChange(scope: TenantScope, action: TaskEvent['action'], id: number): void {
  publish(scope, { kind: 'tenant' }, 'task', { action, id } satisfies TaskEvent);
}

/** `task:delayed` to the owner's own room only, once per task (jobs/notify-delayed-tasks). */
export function emitTaskDelayed(scope: TenantScope, row: TaskRow): void {
  publish(scope, { kind: 'user', userId: row.ownerId }, 'task:delayed', {
    task: presentTask(row),
  } satisfies TaskDelayedEvent);
}
