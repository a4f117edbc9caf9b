import {
  ZChatFlow,
  ZChatFlowExport,
  ZChatFlowImport,
  ZChatFlowInput,
  ZChatFlowList,
  ZChatFlowListQuery,
  ZChatFlowTransferOption,
  ZIdParams,
  ZUpdateChatFlow,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteChatFlow } from './commands/delete-chat-flow.js';
import { duplicateChatFlow } from './commands/duplicate-chat-flow.js';
import { importChatFlow } from './commands/import-chat-flow.js';
import { createChatFlow, updateChatFlow } from './commands/save-chat-flow.js';
import { exportChatFlow, exportFileName, presentChatFlow, presentChatFlowSummary } from './chat-flows.presenter.js';
import { getChatFlow, listChatFlows, listTransferFlows } from './chat-flows.queries.js';

const schema = { tags: ['chat-flows'], security: [{ bearer: [] }] };

/**
 * Chatbot flows (SPEC §3, issue 10). Admins build them: every route is admin-only except
 * `GET /chat-flow/transfer`, which every profile reads to offer "send to bot" on /atendimento and
 * which answers only the id and name of active flows available for transfer.
 */
export const chatFlowsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/chat-flow',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'listChatFlows',
        summary: 'List the chat flows',
        ...schema,
        querystring: ZChatFlowListQuery,
        response: { 200: ZChatFlowList },
      },
    },
    async (req) => {
      const page = await listChatFlows(req.scope, req.query);
      return { chatFlows: page.rows.map(presentChatFlowSummary), count: page.count, hasMore: page.hasMore };
    },
  );
  app.get(
    '/chat-flow/transfer',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listTransferChatFlows',
        summary: 'List the flows a ticket can be handed to',
        ...schema,
        response: { 200: z.array(ZChatFlowTransferOption) },
      },
    },
    async (req) => (await listTransferFlows(req.scope)).map((r) => ({ id: r.id, name: r.name })),
  );
  app.post(
    '/chat-flow',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'createChatFlow',
        summary: 'Create a chat flow',
        ...schema,
        body: ZChatFlowInput,
        response: { 201: ZChatFlow },
      },
    },
    async (req, reply) => reply.status(201).send(presentChatFlow(await createChatFlow(req.scope, req.auth, req.body))),
  );
  app.post(
    '/chat-flow/import',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'importChatFlow',
        summary: 'Import a chat flow',
        ...schema,
        body: ZChatFlowImport,
        response: { 201: ZChatFlow },
      },
    },
    async (req, reply) => reply.status(201).send(presentChatFlow(await importChatFlow(req.scope, req.auth, req.body))),
  );
  app.get(
    '/chat-flow/:id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'getChatFlow',
        summary: 'Read a chat flow',
        errors: ['ERR_NO_AUTO_REPLY_FOUND'],
        ...schema,
        params: ZIdParams,
        response: { 200: ZChatFlow },
      },
    },
    async (req) => presentChatFlow(await getChatFlow(req.scope, req.params.id)),
  );
  app.put(
    '/chat-flow/:id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'updateChatFlow',
        summary: 'Update a chat flow',
        errors: ['ERR_NO_AUTO_REPLY_FOUND'],
        ...schema,
        params: ZIdParams,
        body: ZUpdateChatFlow,
        response: { 200: ZChatFlow },
      },
    },
    async (req) => presentChatFlow(await updateChatFlow(req.scope, req.params.id, req.body)),
  );
  app.delete(
    '/chat-flow/:id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'deleteChatFlow',
        summary: 'Delete a chat flow no ticket runs',
        errors: ['ERR_NO_AUTO_REPLY_FOUND', 'ERR_AUTO_REPLY_RELATIONED_TICKET'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteChatFlow(req.scope, req.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    '/chat-flow/:id/duplicate',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'duplicateChatFlow',
        summary: 'Duplicate a chat flow',
        errors: ['ERR_NO_AUTO_REPLY_FOUND'],
        ...schema,
        params: ZIdParams,
        response: { 201: ZChatFlow },
      },
    },
    async (req, reply) =>
      reply.status(201).send(presentChatFlow(await duplicateChatFlow(req.scope, req.auth, req.params.id))),
  );
  // A file to download: the browser saves it under the flow's name.
  app.get(
    '/chat-flow/:id/export',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'exportChatFlow',
        summary: 'Export a chat flow',
        errors: ['ERR_NO_AUTO_REPLY_FOUND'],
        ...schema,
        params: ZIdParams,
        response: { 200: ZChatFlowExport },
      },
    },
    async (req, reply) => {
      const row = await getChatFlow(req.scope, req.params.id);
      reply.header('content-disposition', `attachment; filename="${exportFileName(row.name)}"`);
      return exportChatFlow(row);
    },
  );
};
