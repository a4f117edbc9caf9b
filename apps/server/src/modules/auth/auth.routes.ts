import {
  ZForgotPassword,
  ZLogin,
  ZLoginResponse,
  ZQueueRef,
  ZRefreshResponse,
  ZResetPassword,
  ZUserConfigs,
  PROFILES,
} from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenants, users } from '../../platform/db/schema.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import { presentConfigs, queuesOfUser } from './auth.presenter.js';
import { login } from './commands/login.js';
import { logout } from './commands/logout.js';
import { refreshSession } from './commands/refresh-session.js';
import { resetPassword } from './commands/reset-password.js';
import { sendPasswordResetJob } from './jobs/send-password-reset.job.js';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './session-cookie.js';

const tags = ['auth'];
const limited = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platform } = app;

  app.post(
    '/auth/login/',
    {
      config: { auth: 'public', ...limited(30) },
      schema: {
        operationId: 'login',
        summary: 'Log in with email and password',
        errors: ['ERR_INVALID_CREDENTIALS', 'ERR_TENANT_INACTIVE'],
        tags,
        body: ZLogin,
        response: { 200: ZLoginResponse },
      },
    },
    async (req, reply) => {
      const { session, body } = await login(platform, req.body, {
        ip: req.ip,
        userAgent: String(req.headers['user-agent'] ?? ''),
      });
      setRefreshCookie(reply, platform.config, session.sessionId, session.secret);
      return body;
    },
  );

  app.post(
    '/auth/refresh_token',
    {
      config: { auth: 'public', ...limited(60) },
      schema: {
        operationId: 'refreshToken',
        summary: 'Get a new access token from the refresh cookie',
        errors: ['ERR_SESSION_EXPIRED', 'ERR_TENANT_INACTIVE'],
        tags,
        response: { 200: ZRefreshResponse },
      },
    },
    async (req, reply) => {
      const cookie = readRefreshCookie(req);
      if (!cookie) throw new AppError('ERR_SESSION_EXPIRED');
      try {
        const { token, rotatedSecret } = await refreshSession(platform, cookie.sessionId, cookie.secret);
        if (rotatedSecret) setRefreshCookie(reply, platform.config, cookie.sessionId, rotatedSecret);
        return { token };
      } catch (e) {
        clearRefreshCookie(reply);
        throw e;
      }
    },
  );

  app.post(
    '/auth/logout/',
    {
      config: { auth: 'user', allowExpired: true },
      schema: { operationId: 'logout', summary: 'End this session', tags, security: [{ bearer: [] }] },
    },
    async (req, reply) => {
      await logout(req.scope, req.auth.sessionId);
      clearRefreshCookie(reply);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/forgot-password/',
    {
      config: { auth: 'public', ...limited(10) },
      schema: { operationId: 'forgotPassword', summary: 'Mail a password reset code', tags, body: ZForgotPassword },
    },
    async (req, reply) => {
      // The same answer in the same time for every email: the lookup and the mail run in a job.
      await platform.jobs.send(sendPasswordResetJob, { email: req.body.email, language: req.body.language });
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/reset-password/',
    {
      config: { auth: 'public', ...limited(20) },
      schema: {
        operationId: 'resetPassword',
        summary: 'Set a new password with a reset code',
        errors: ['ERR_INVALID_RESET_CODE'],
        tags,
        body: ZResetPassword,
      },
    },
    async (req, reply) => {
      await resetPassword(platform, req.body);
      return reply.status(204).send();
    },
  );

  app.get(
    '/auth/me',
    {
      config: { auth: 'user', allowExpired: true },
      schema: {
        operationId: 'getCurrentUser',
        summary: 'The signed-in user',
        tags,
        security: [{ bearer: [] }],
        response: {
          200: z.object({
            userId: z.number(),
            username: z.string(),
            email: z.string(),
            profile: z.enum(PROFILES),
            tenantId: z.number(),
            queues: z.array(ZQueueRef),
            configs: ZUserConfigs,
            isAdmin: z.boolean(),
            isOperator: z.boolean(),
            tenant: z.object({ id: z.number(), name: z.string(), status: z.string(), dueDate: z.string().nullable() }),
          }),
        },
      },
    },
    async (req) => {
      const { auth, scope } = req;
      const user = await scope.first(users, eq(users.id, auth.userId));
      if (!user) throw new AppError('ERR_SESSION_EXPIRED');
      // The caller's own tenant row; its id comes from the verified session.
      const [tenant] = await unsafeSystemDb(platform.db).select().from(tenants).where(eq(tenants.id, auth.tenantId));
      return {
        userId: user.id,
        username: user.name,
        email: user.email,
        profile: user.profile,
        tenantId: user.tenantId,
        queues: await queuesOfUser(scope, user.id),
        configs: presentConfigs(user.configs),
        isAdmin: auth.isAdmin,
        isOperator: auth.isOperator,
        tenant: { id: tenant!.id, name: tenant!.name, status: tenant!.status, dueDate: tenant!.dueDate },
      };
    },
  );
};
