// Routes anyone may call before signing in (login and sign-up screens). Each says so with
// `config: { auth: 'public' }`; the one that writes is rate limited like the auth routes.
import { noticeTargets, ZPlan, ZPlatformPublic, ZSignup, ZSignupResponse } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentPlan } from '../admin/admin.presenter.js';
import { listPlans } from '../admin/plans.queries.js';
import { readPlatformSettings, signupAllowed, signupNeedsToken } from '../admin/platform-settings.queries.js';
import { throttleEmailProbes } from '../auth/login-throttle.js';
import { signupCompany } from './commands/signup-company.js';

const tags = ['public'];

export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platform } = app;

  app.get(
    '/plans/public',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'listPublicPlans',
        summary: 'List the plans offered at sign-up',
        tags,
        response: { 200: z.array(ZPlan) },
      },
    },
    async () => (await listPlans(platform.db, { publicOnly: true })).map(presentPlan),
  );

  app.get(
    '/platform/public',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'getPublicPlatformInfo',
        summary: "The platform's public settings",
        tags,
        response: { 200: ZPlatformPublic },
      },
    },
    async () => {
      const s = await readPlatformSettings(platform.db);
      // Before sign-in only a notice meant for every company: one for some companies is theirs alone.
      const forEveryone = noticeTargets(s.noticeBannerTenants).length === 0;
      return {
        allowSignup: signupAllowed(s),
        signupNeedsToken: signupNeedsToken(s),
        noticeBanner: forEveryone ? s.noticeBanner : '',
      };
    },
  );

  app.post(
    '/empresa/signup',
    {
      config: { auth: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        operationId: 'signUp',
        summary: 'Sign a new company up',
        errors: [
          'ERR_EMAIL_ALREADY_EXISTS',
          'ERR_NO_PLAN_FOUND',
          'ERR_USER_CREATION_DISABLED',
          'ERR_RESELLER_TOKEN_ONLY',
        ],
        tags,
        body: ZSignup,
        response: { 201: ZSignupResponse },
      },
    },
    // A 409 for a taken email tells that the account exists: such answers are limited per address.
    async (req, reply) =>
      reply
        .status(201)
        .send(await throttleEmailProbes(platform, { ip: req.ip }, () => signupCompany(platform, req.body))),
  );
};
