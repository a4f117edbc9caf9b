import { z } from 'zod';
import { V, vMinLength, ZId, ZRequiredId, ZRequiredText } from './common.js';

/** SPEC §4 Task: what is stored (pending, finished) and what is shown (delayed = pending past its limit). */
export const TASK_STORED_STATUSES = ['pending', 'finished'] as const;
export type TaskStoredStatus = (typeof TASK_STORED_STATUSES)[number];
export const TASK_STATUSES = ['pending', 'delayed', 'finished'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_PRIORITIES = ['high', 'medium', 'low', 'none'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** A moment with its offset (the browser sends its local time as ISO); required (SPEC §5). */
export const ZTaskLimitDate = z
  .string({ error: V.required })
  .min(1, V.required)
  .pipe(z.iso.datetime({ offset: true, error: V.invalidDate }));

/** SPEC §5: name, description, limit date, owner and priority required. */
export const ZTaskInput = z.object({
  name: ZRequiredText(120),
  description: ZRequiredText(2000),
  limitDate: ZTaskLimitDate,
  ownerId: ZRequiredId,
  priority: z.enum(TASK_PRIORITIES, { error: V.required }),
  /** Pending or finished; delayed is computed, never stored. */
  status: z.enum(TASK_STORED_STATUSES, { error: V.invalidValue }).default('pending'),
});
export type TaskInput = z.input<typeof ZTaskInput>;
export type TaskInputParsed = z.output<typeof ZTaskInput>;

const ZTaskUserRef = z.object({ id: z.number(), name: z.string() });

export const ZTask = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  limitDate: z.string(),
  owner: ZTaskUserRef,
  creator: ZTaskUserRef.nullable(),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  can: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type Task = z.infer<typeof ZTask>;

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { error: V.invalidValue }).optional());

export const ZTaskListQuery = z.object({
  searchParam: z
    .string()
    .trim()
    .max(100, V.max)
    .refine((s) => s.length === 0 || s.length >= 2, vMinLength(2))
    .default(''),
  ownerId: z.preprocess((v) => (v === '' ? undefined : v), ZId.optional()),
  priority: optionalEnum(TASK_PRIORITIES),
  status: optionalEnum(TASK_STATUSES),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(40),
});
export type TaskListQuery = z.input<typeof ZTaskListQuery>;
export type TaskListQueryParsed = z.output<typeof ZTaskListQuery>;
export const ZTaskList = z.object({ tasks: z.array(ZTask), count: z.number(), hasMore: z.boolean() });
export type TaskList = z.infer<typeof ZTaskList>;

/** POST /tasks/summary: counts of the tasks the user sees (own, or the company's for admins and supervisors). */
export const ZTaskSummaryInput = z.object({ ownerId: ZId.optional() }).default({});
export const ZTaskSummary = z.object({
  total: z.number(),
  byStatus: z.object({ pending: z.number(), delayed: z.number(), finished: z.number() }),
  byPriority: z.object({ high: z.number(), medium: z.number(), low: z.number(), none: z.number() }),
});
export type TaskSummary = z.infer<typeof ZTaskSummary>;

/** Socket events: `task` (changed; ids only) and `task:delayed` (to the owner, once). */
export const ZTaskEvent = z.object({ action: z.enum(['create', 'update', 'delete']), id: z.number() });
export type TaskEvent = z.infer<typeof ZTaskEvent>;
export const ZTaskDelayedEvent = z.object({ task: ZTask });
export type TaskDelayedEvent = z.infer<typeof ZTaskDelayedEvent>;
