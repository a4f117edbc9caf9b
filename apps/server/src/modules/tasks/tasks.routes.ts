import {
  ZIdParams,
  ZTask,
  ZTaskInput,
  ZTaskList,
  ZTaskListQuery,
  ZTaskSummary,
  ZTaskSummaryInput,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteTask } from './commands/delete-task.js';
import { createTask, updateTask } from './commands/save-task.js';
import { presentTask } from './tasks.presenter.js';
import { listTasks, summarizeTasks } from './tasks.queries.js';

const schema = { tags: ['tasks'], security: [{ bearer: [] }] };

/** Every signed-in user has tasks; which ones each sees is tasks.policy.ts. */
export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tasks',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listTasks',
        summary: 'List tasks',
        ...schema,
        querystring: ZTaskListQuery,
        response: { 200: ZTaskList },
      },
    },
    async (req) => {
      const now = new Date();
      const { rows, count, hasMore } = await listTasks(req.scope, req.auth, req.query, now);
      return { tasks: rows.map((r) => presentTask(r, now)), count, hasMore };
    },
  );
  app.post(
    '/tasks',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'createTask',
        summary: 'Create a task',
        errors: ['ERR_NO_USER_FOUND'],
        ...schema,
        body: ZTaskInput,
        response: { 201: ZTask },
      },
    },
    async (req, reply) => reply.status(201).send(presentTask(await createTask(req.scope, req.auth, req.body))),
  );
  app.post(
    '/tasks/summary',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'summarizeTasks',
        summary: 'Count tasks by state',
        ...schema,
        body: ZTaskSummaryInput,
        response: { 200: ZTaskSummary },
      },
    },
    async (req) => summarizeTasks(req.scope, req.auth, req.body?.ownerId),
  );
  app.put(
    '/tasks/:id',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'updateTask',
        summary: 'Update a task',
        errors: ['ERR_NO_TASK_FOUND', 'ERR_NO_USER_FOUND'],
        ...schema,
        params: ZIdParams,
        body: ZTaskInput,
        response: { 200: ZTask },
      },
    },
    async (req) => presentTask(await updateTask(req.scope, req.auth, req.params.id, req.body)),
  );
  app.delete(
    '/tasks/:id',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'deleteTask',
        summary: 'Delete a task',
        errors: ['ERR_NO_TASK_FOUND'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteTask(req.scope, req.auth, req.params.id);
      return reply.status(204).send();
    },
  );
};
