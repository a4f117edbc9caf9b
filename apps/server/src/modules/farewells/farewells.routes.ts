import {
  ZFarewellMessage,
  ZFarewellMessageInput,
  ZFarewellMessagesPage,
  ZFarewellMessagesQuery,
  ZIdParams,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteFarewellMessage } from './commands/delete-farewell-message.js';
import { createFarewellMessage, updateFarewellMessage } from './commands/save-farewell-message.js';
import { presentFarewellMessage } from './farewells.presenter.js';
import { allFarewellMessages, pageFarewellMessages } from './farewells.queries.js';

const schema = { tags: ['farewell-messages'], security: [{ bearer: [] }] };

/** Farewell messages (/despedida): every user keeps their own and picks the shared ones when closing. */
export const farewellsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/farewellMessages',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listFarewellMessages',
        summary: 'List the farewell messages (a page)',
        ...schema,
        querystring: ZFarewellMessagesQuery,
        response: { 200: ZFarewellMessagesPage },
      },
    },
    async (req) => {
      const page = await pageFarewellMessages(req.scope, req.auth, req.query.searchParam, req.query.pageNumber);
      return {
        farewellMessages: page.rows.map((r) => presentFarewellMessage(r, req.auth)),
        count: page.count,
        hasMore: page.hasMore,
      };
    },
  );
  app.get(
    '/farewellMessages/all',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listAllFarewellMessages',
        summary: 'List every farewell message',
        ...schema,
        response: { 200: z.array(ZFarewellMessage) },
      },
    },
    async (req) => (await allFarewellMessages(req.scope, req.auth)).map((r) => presentFarewellMessage(r, req.auth)),
  );
  app.post(
    '/farewellMessages',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'createFarewellMessage',
        summary: 'Create a farewell message',
        errors: ['ERR_NO_PERMISSION'],
        ...schema,
        body: ZFarewellMessageInput,
        response: { 201: ZFarewellMessage },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(presentFarewellMessage(await createFarewellMessage(req.scope, req.auth, req.body), req.auth)),
  );
  app.put(
    '/farewellMessages/:id',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'updateFarewellMessage',
        summary: 'Update a farewell message',
        errors: ['ERR_NO_FAREWELL_MESSAGE_FOUND', 'ERR_NO_PERMISSION'],
        ...schema,
        params: ZIdParams,
        body: ZFarewellMessageInput,
        response: { 200: ZFarewellMessage },
      },
    },
    async (req) =>
      presentFarewellMessage(await updateFarewellMessage(req.scope, req.auth, req.params.id, req.body), req.auth),
  );
  app.delete(
    '/farewellMessages/:id',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'deleteFarewellMessage',
        summary: 'Delete a farewell message',
        errors: ['ERR_NO_FAREWELL_MESSAGE_FOUND', 'ERR_NO_PERMISSION'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteFarewellMessage(req.scope, req.auth, req.params.id);
      return reply.status(204).send();
    },
  );
};
