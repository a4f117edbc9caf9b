import type { TaskListQueryParsed, TaskStatus } from '@prosa/contracts';
import { and, asc, count, eq, ilike, lt, gte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tasks, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import { seesAllTasks, type TaskViewer } from './tasks.policy.js';
import type { TaskRow } from './tasks.presenter.js';

const owner = alias(users, 'task_owner');
const creator = alias(users, 'task_creator');

/** The tasks a viewer may see (tasks.policy.ts); undefined = the whole company. */
export function visibleTo(viewer: TaskViewer): SQL | undefined {
  if (seesAllTasks(viewer)) return undefined;
  return or(eq(tasks.ownerId, viewer.userId), eq(tasks.creatorId, viewer.userId));
}

/** A shown status (SPEC §4) as a condition on the stored one and the limit date. */
export function statusIs(status: TaskStatus, now: Date): SQL {
  if (status === 'finished') return eq(tasks.status, 'finished');
  return and(eq(tasks.status, 'pending'), status === 'delayed' ? lt(tasks.limitDate, now) : gte(tasks.limitDate, now))!;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Tasks with their owner's and creator's names, in one statement. */
function selectTasks(scope: TenantScope, where: SQL | undefined, page?: { limit: number; offset: number }) {
  return scope.query(async (db, owns) => {
    const q = db
      .select({ task: tasks, ownerName: owner.name, creatorName: creator.name, total: sql<number>`count(*) over ()` })
      .from(tasks)
      .innerJoin(owner, owns(owner, eq(owner.id, tasks.ownerId)))
      .leftJoin(creator, owns(creator, eq(creator.id, tasks.creatorId)))
      .where(owns(tasks, where))
      // Finished ones last; the rest by how soon they are due.
      .orderBy(sql`${tasks.status} = 'finished'`, asc(tasks.limitDate), asc(tasks.id))
      .$dynamic();
    const rows = page ? await q.limit(page.limit).offset(page.offset) : await q;
    return {
      rows: rows.map((r): TaskRow => ({ ...r.task, ownerName: r.ownerName, creatorName: r.creatorName })),
      total: Number(rows[0]?.total ?? 0),
    };
  });
}

export async function getVisibleTask(scope: TenantScope, viewer: TaskViewer, id: number): Promise<TaskRow> {
  const { rows } = await selectTasks(scope, and(eq(tasks.id, id), visibleTo(viewer)));
  if (!rows[0]) throw new AppError('ERR_NO_TASK_FOUND');
  return rows[0];
}

/** A task by id with names, for events (no viewer: the caller already decided). */
export async function getTaskRow(scope: TenantScope, id: number): Promise<TaskRow | undefined> {
  return (await selectTasks(scope, eq(tasks.id, id))).rows[0];
}

export async function listTasks(scope: TenantScope, viewer: TaskViewer, q: TaskListQueryParsed, now = new Date()) {
  const search = q.searchParam ? `%${escapeLike(q.searchParam)}%` : undefined;
  const where = and(
    visibleTo(viewer),
    q.ownerId ? eq(tasks.ownerId, q.ownerId) : undefined,
    q.priority ? eq(tasks.priority, q.priority) : undefined,
    q.status ? statusIs(q.status, now) : undefined,
    search ? or(ilike(tasks.name, search), ilike(tasks.description, search)) : undefined,
  );
  const offset = (q.pageNumber - 1) * q.pageSize;
  const { rows, total } = await selectTasks(scope, where, { limit: q.pageSize, offset });
  // A page past the end has no rows to carry the window count: count on its own then.
  const total_ = rows.length > 0 || offset === 0 ? total : await scope.count(tasks, where);
  return { rows, count: total_, hasMore: offset + rows.length < total_ };
}

/** Counts by shown status and by priority, of the tasks the viewer sees (optionally of one owner). */
export async function summarizeTasks(scope: TenantScope, viewer: TaskViewer, ownerId?: number, now = new Date()) {
  const shown = sql<TaskStatus>`case when ${tasks.status} = 'finished' then 'finished' when ${tasks.limitDate} < ${now} then 'delayed' else 'pending' end`;
  const rows = await scope.query(
    (db, owns) =>
      db
        .select({ status: shown, priority: tasks.priority, n: count() })
        .from(tasks)
        .where(owns(tasks, visibleTo(viewer), ownerId ? eq(tasks.ownerId, ownerId) : undefined))
        .groupBy(sql`1`, sql`2`), // by position: the CASE carries a parameter
  );
  const byStatus = { pending: 0, delayed: 0, finished: 0 };
  const byPriority = { high: 0, medium: 0, low: 0, none: 0 };
  let total = 0;
  for (const r of rows) {
    const n = Number(r.n);
    byStatus[r.status] += n;
    byPriority[r.priority] += n;
    total += n;
  }
  return { total, byStatus, byPriority };
}
