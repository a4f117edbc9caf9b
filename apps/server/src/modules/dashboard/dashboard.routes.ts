import { ZDashboard, ZDashboardQuery } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readDashboard } from './dashboard.queries.js';

/**
 * The company dashboard (SPEC §2, / and /home): admins and supervisors; a queue supervisor's
 * figures cover the tickets the desk shows them (its queues, its own tickets).
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      config: { auth: 'supervisor' },
      schema: {
        operationId: 'getDashboard',
        summary: "The company's service figures for a period",
        tags: ['dashboard'],
        // Its own codes: none; validation, session and profile answers are the common ones.
        errors: [],
        security: [{ bearer: [] }],
        querystring: ZDashboardQuery,
        response: { 200: ZDashboard },
      },
    },
    (req) => readDashboard(req.scope, req.auth, req.query),
  );
};
