import { ZIdParams, ZQueue, ZQueueInput } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createQueue, updateQueue } from './commands/save-queue.js';
import { deleteQueue } from './commands/delete-queue.js';
import { visibleQueues } from './queues.policy.js';
import { presentQueue } from './queues.presenter.js';

const schema = { tags: ['queues'], security: [{ bearer: [] }] };

export const queuesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/queue',
    {
      config: { auth: 'user' },
      schema: { operationId: 'listQueues', summary: 'List the queues', ...schema, response: { 200: z.array(ZQueue) } },
    },
    async (req) => (await visibleQueues(req.scope, req.auth)).map(presentQueue),
  );
  app.post(
    '/queue',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'createQueue',
        summary: 'Create a queue',
        errors: ['ERR_QUEUE_EXISTS', 'ERR_NO_INTEGRATION_FOUND', 'ERR_PREMIUM_FEATURE'],
        ...schema,
        body: ZQueueInput,
        response: { 201: ZQueue },
      },
    },
    async (req, reply) => reply.status(201).send(presentQueue(await createQueue(req.scope, req.body))),
  );
  app.put(
    '/queue/:id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'updateQueue',
        summary: 'Update a queue',
        errors: ['ERR_NO_QUEUE_FOUND', 'ERR_QUEUE_EXISTS', 'ERR_NO_INTEGRATION_FOUND', 'ERR_PREMIUM_FEATURE'],
        ...schema,
        params: ZIdParams,
        body: ZQueueInput,
        response: { 200: ZQueue },
      },
    },
    async (req) => presentQueue(await updateQueue(req.scope, req.params.id, req.body)),
  );
  app.delete(
    '/queue/:id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'deleteQueue',
        summary: 'Delete a queue without tickets',
        errors: ['ERR_NO_QUEUE_FOUND', 'ERR_QUEUE_TICKET_EXISTS'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteQueue(req.scope, req.params.id);
      return reply.status(204).send();
    },
  );
};
