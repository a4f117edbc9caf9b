import { ZPanel } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadViewer } from '../tickets/tickets.viewer.js';
import { readPanel } from './panel.queries.js';

/**
 * The attendance panel (SPEC §2 /painel-atendimentos): admins, general and queue supervisors. The
 * screen reads it again on every ticket and presence event it hears (no polling) and after a
 * reconnect, so it is right after a dropped connection too.
 */
export const panelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/panel',
    {
      config: { auth: 'supervisor' },
      schema: {
        operationId: 'getAttendancePanel',
        summary: 'What is in service now, by user and by queue (open, pending, waiting, presence)',
        tags: ['panel'],
        response: { 200: ZPanel },
      },
    },
    async (req) => readPanel(req.scope, await loadViewer(req.scope, req.auth)),
  );
};
