import type { TaskInputParsed } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { tasks, users } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { enqueue } from '../../../platform/jobs/enqueue.js';
import { notifyDelayedTimerJob } from '../jobs/notify-delayed-timer.job.js';
import { emitTaskChange } from '../tasks.events.js';
import type { TaskViewer } from '../tasks.policy.js';
import { getTaskRow, getVisibleTask } from '../tasks.queries.js';

/** A pending task's owner is told when it becomes delayed: a run of the notice job just after its limit date. */
function delayTimer(scope: TenantScope, id: number, status: string, limitDate: Date) {
  if (status !== 'pending') return;
  enqueue(scope, notifyDelayedTimerJob, {}, {
    startAfter: new Date(limitDate.getTime() + 1000),
    singletonKey: `task:${id}:${limitDate.getTime()}`,
  });
}

/** The owner must be a user of this company (an id of another one is not found here). */
async function assertOwner(scope: TenantScope, ownerId: number) {
  if (!(await scope.first(users, eq(users.id, ownerId))))
    throw new AppError('ERR_VALIDATION', { ownerId: 'validation.invalidValue' });
}

export async function createTask(scope: TenantScope, viewer: TaskViewer, input: TaskInputParsed) {
  return scope.transaction(async (tx) => {
    await assertOwner(tx, input.ownerId);
    const row = await tx.insert(tasks, {
      ...input,
      limitDate: new Date(input.limitDate),
      creatorId: viewer.userId,
      finishedAt: input.status === 'finished' ? new Date() : null,
    });
    emitTaskChange(tx, 'create', row.id);
    delayTimer(tx, row.id, row.status, row.limitDate);
    return (await getTaskRow(tx, row.id))!;
  });
}

/**
 * Saves every field; finishing stamps finishedAt, reopening clears it. A new limit date clears the
 * delayed notice, so the owner is told again if the task becomes delayed again.
 */
export async function updateTask(scope: TenantScope, viewer: TaskViewer, id: number, input: TaskInputParsed) {
  return scope.transaction(async (tx) => {
    const before = await getVisibleTask(tx, viewer, id);
    await assertOwner(tx, input.ownerId);
    const limitDate = new Date(input.limitDate);
    const moved = limitDate.getTime() !== before.limitDate.getTime() || input.ownerId !== before.ownerId;
    const finishedAt =
      input.status === 'finished' ? (before.status === 'finished' ? before.finishedAt : new Date()) : null;
    await tx.update(
      tasks,
      {
        ...input,
        limitDate,
        finishedAt,
        ...(moved ? { delayNotifiedAt: null } : {}),
        updatedAt: new Date(),
      },
      eq(tasks.id, id),
    );
    emitTaskChange(tx, 'update', id);
    if (moved || before.status !== input.status) delayTimer(tx, id, input.status, limitDate);
    // Not through the viewer: an owner who hands the task to someone else no longer sees it,
    // yet their save stands and is answered.
    return (await getTaskRow(tx, id))!;
  });
}
