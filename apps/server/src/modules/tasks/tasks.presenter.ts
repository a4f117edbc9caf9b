import type { Task, TaskStatus } from '@prosa/contracts';
import type { tasks } from '../../platform/db/schema.js';

export type TaskRow = typeof tasks.$inferSelect & {
  ownerName: string;
  creatorName: string | null;
};

/** SPEC §4: a pending task past its limit date shows as delayed. */
export function taskStatus(row: Pick<TaskRow, 'status' | 'limitDate'>, now = new Date()): TaskStatus {
  if (row.status === 'finished') return 'finished';
  return row.limitDate.getTime() < now.getTime() ? 'delayed' : 'pending';
}

export function presentTask(row: TaskRow, now = new Date()): Task {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    limitDate: row.limitDate.toISOString(),
    owner: { id: row.ownerId, name: row.ownerName },
    creator: row.creatorId === null ? null : { id: row.creatorId, name: row.creatorName ?? '' },
    priority: row.priority,
    status: taskStatus(row, now),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // Whoever sees a task may change it (tasks.policy.ts).
    can: { edit: true, delete: true },
  };
}
