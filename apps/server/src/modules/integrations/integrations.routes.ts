import { ZIdParams, ZIntegration, ZIntegrationInput, ZIntegrationTestResult, ZTicket } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptTicket } from '../tickets/commands/accept-ticket.js';
import { loadTicketBases, presentTicket } from '../tickets/tickets.presenter.js';
import { loadViewer } from '../tickets/tickets.viewer.js';
import { deleteIntegration } from './commands/delete-integration.js';
import { createIntegration, updateIntegration } from './commands/save-integration.js';
import { testIntegration } from './commands/test-integration.js';
import { presentIntegration } from './integrations.presenter.js';
import { getIntegration, listIntegrations } from './integrations.queries.js';

const schema = { tags: ['integrations'], security: [{ bearer: [] }] };

/** Queue integrations (SPEC §3): admins only, as queues are changed by admins. */
export const integrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const secret = () => app.platform.config.encryptionSecret;
  app.get(
    '/queueIntegration',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'listIntegrations',
        summary: 'List the queue integrations (keys shown by their last 4 characters)',
        ...schema,
        response: { 200: z.array(ZIntegration) },
      },
    },
    async (req) => (await listIntegrations(req.scope)).map(presentIntegration),
  );
  app.get(
    '/queueIntegration/:id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'showIntegration',
        summary: 'Show a queue integration',
        errors: ['ERR_NO_INTEGRATION_FOUND'],
        ...schema,
        params: ZIdParams,
        response: { 200: ZIntegration },
      },
    },
    async (req) => presentIntegration(await getIntegration(req.scope, req.params.id)),
  );
  app.post(
    '/queueIntegration',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'createIntegration',
        summary: 'Create a queue integration (Typebot, OpenAI family, N8N/webhook, payment slip)',
        errors: ['ERR_INTEGRATION_EXISTS', 'ERR_NO_QUEUE_FOUND', 'ERR_PREMIUM_FEATURE'],
        ...schema,
        body: ZIntegrationInput,
        response: { 201: ZIntegration },
      },
    },
    async (req, reply) =>
      reply.status(201).send(presentIntegration(await createIntegration(req.scope, req.body, secret()))),
  );
  app.put(
    '/queueIntegration/:id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'updateIntegration',
        summary: 'Update a queue integration; an empty key keeps the stored one',
        errors: ['ERR_NO_INTEGRATION_FOUND', 'ERR_INTEGRATION_EXISTS', 'ERR_NO_QUEUE_FOUND', 'ERR_PREMIUM_FEATURE'],
        ...schema,
        params: ZIdParams,
        body: ZIntegrationInput,
        response: { 200: ZIntegration },
      },
    },
    async (req) => presentIntegration(await updateIntegration(req.scope, req.params.id, req.body, secret())),
  );
  app.delete(
    '/queueIntegration/:id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'deleteIntegration',
        summary: 'Delete a queue integration no queue, flow or ticket uses',
        errors: ['ERR_NO_INTEGRATION_FOUND', 'ERR_INTEGRATION_IN_USE'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteIntegration(req.scope, req.params.id);
      return reply.status(204).send();
    },
  );
  // The screen's test button: one real call to the provider, its answer shown as is.
  app.post(
    '/queueIntegration/:id/test',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'testIntegration',
        summary: 'Make one real call to the provider and answer what it said',
        errors: ['ERR_NO_INTEGRATION_FOUND', 'ERR_PREMIUM_FEATURE'],
        ...schema,
        params: ZIdParams,
        response: { 200: ZIntegrationTestResult },
      },
    },
    async (req) => testIntegration(req.scope, req.params.id, secret(), app.platform.config.webhookAllowPrivate),
  );
  // An agent takes the ticket over from its integration: open with the agent (as an accept).
  app.post(
    '/tickets/:id/take-over',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'takeOverTicket',
        summary: 'Take a ticket over from its integration: open with the caller',
        errors: ['ERR_NO_TICKET_FOUND', 'ERR_NO_PERMISSION', 'ERR_OTHER_OPEN_TICKET'],
        tags: ['tickets'],
        security: [{ bearer: [] }],
        params: ZIdParams,
        response: { 200: ZTicket },
      },
    },
    async (req) => {
      await acceptTicket(req.scope, req.auth, req.params.id);
      const [base] = await loadTicketBases(req.scope, [req.params.id]);
      return presentTicket(base!, await loadViewer(req.scope, req.auth));
    },
  );
};
