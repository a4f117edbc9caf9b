import {
  ZChatFlowKeyword,
  ZChatFlowKeywordInput,
  ZChatFlowKeywordQuery,
  ZIdParams,
  ZUpdateChatFlowKeyword,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteKeyword } from './commands/delete-keyword.js';
import { createKeyword, updateKeyword } from './commands/save-keyword.js';
import { listKeywords } from './chat-flow-keywords.queries.js';
import { presentKeyword } from './chat-flows.presenter.js';

const schema = { tags: ['chat-flows'], security: [{ bearer: [] }] };

/** Keyword-to-flow mappings (SPEC §3): admins only, like the flows they start. */
export const chatFlowKeywordsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/chat-flow-keywords',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'listChatFlowKeywords',
        summary: 'List the keywords that start flows',
        ...schema,
        querystring: ZChatFlowKeywordQuery,
        response: { 200: z.array(ZChatFlowKeyword) },
      },
    },
    async (req) => (await listKeywords(req.scope, req.query)).map(presentKeyword),
  );
  app.post(
    '/chat-flow-keywords',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'createChatFlowKeyword',
        summary: 'Create a keyword that starts a flow',
        errors: ['ERR_CHAT_FLOW_KEYWORD_EXISTS', 'ERR_NO_AUTO_REPLY_FOUND'],
        ...schema,
        body: ZChatFlowKeywordInput,
        response: { 201: ZChatFlowKeyword },
      },
    },
    async (req, reply) => reply.status(201).send(presentKeyword(await createKeyword(req.scope, req.body))),
  );
  app.put(
    '/chat-flow-keywords/:id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'updateChatFlowKeyword',
        summary: 'Update a flow keyword',
        errors: ['ERR_NO_CHAT_FLOW_KEYWORD_FOUND', 'ERR_CHAT_FLOW_KEYWORD_EXISTS', 'ERR_NO_AUTO_REPLY_FOUND'],
        ...schema,
        params: ZIdParams,
        body: ZUpdateChatFlowKeyword,
        response: { 200: ZChatFlowKeyword },
      },
    },
    async (req) => presentKeyword(await updateKeyword(req.scope, req.params.id, req.body)),
  );
  app.delete(
    '/chat-flow-keywords/:id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'deleteChatFlowKeyword',
        summary: 'Delete a flow keyword',
        errors: ['ERR_NO_CHAT_FLOW_KEYWORD_FOUND'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteKeyword(req.scope, req.params.id);
      return reply.status(204).send();
    },
  );
};
