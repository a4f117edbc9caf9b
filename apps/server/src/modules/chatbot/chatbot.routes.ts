import { ZFlowSimulateRequest, ZFlowSimulateResponse } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { simulateFlow } from './simulate-flow.js';

const schema = { tags: ['chatbot'], security: [{ bearer: [] }] };

export const chatbotRoutes: FastifyPluginAsyncZod = async (app) => {
  // Admins build flows; the simulator runs one turn of the engine without a ticket.
  app.post(
    '/chat-flow/simulate',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'simulateChatFlow',
        summary: 'Run a flow on simulated customer messages',
        errors: ['ERR_NO_QUEUE_FOUND', 'ERR_NO_USER_FOUND'],
        ...schema,
        body: ZFlowSimulateRequest,
        response: { 200: ZFlowSimulateResponse },
      },
    },
    (req) => simulateFlow(req.scope, req.body),
  );
};
