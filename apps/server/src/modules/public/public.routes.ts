// Routes anyone may call before signing in (login and sign-up screens). Each says so with
// `config: { auth: 'public' }`; the one that writes is rate limited like the auth routes.
import { ZPlan, ZPlatformPublic, ZSignup, ZSignupResponse } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentPlan } from '../admin/admin.presenter.js';
import { listPlans } from '../admin/plans.queries.js';
import { readPlatformSettings } from '../admin/platform-settings.queries.js';
import { signupCompany } from './commands/signup-company.js';

const tags = ['public'];

export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platform } = app;

  app.get('/plans/public', { config: { auth: 'public' }, schema: { tags, response: { 200: z.array(ZPlan) } } }, async () =>
    (await listPlans(platform.db, { publicOnly: true })).map(presentPlan),
  );

  app.get('/platform/public', { config: { auth: 'public' }, schema: { tags, response: { 200: ZPlatformPublic } } }, async () => {
    const s = await readPlatformSettings(platform.db);
    return { allowSignup: s.allowSignup !== 'false', noticeBanner: s.noticeBanner };
  });

  app.post(
    '/empresa/signup',
    {
      config: { auth: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags, body: ZSignup, response: { 201: ZSignupResponse } },
    },
    async (req, reply) => reply.status(201).send(await signupCompany(platform, req.body)),
  );
};
