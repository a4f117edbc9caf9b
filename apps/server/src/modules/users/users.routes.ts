import {
  ZCreateUser,
  ZIdParams,
  ZUpdateUser,
  ZUpdateUserConfigs,
  ZUser,
  ZUserConfigs,
  ZUserList,
  ZUserListQuery,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { throttleEmailProbes } from '../auth/login-throttle.js';
import { createUser } from './commands/create-user.js';
import { deleteUser } from './commands/delete-user.js';
import { updateUser } from './commands/update-user.js';
import { updateUserConfigs } from './commands/update-user-configs.js';
import { assertMayView, isSupervisor } from './users.policy.js';
import { presentDirectoryEntry, presentUser } from './users.presenter.js';
import { getUserWithQueues, listUsers } from './users.queries.js';

const schema = { tags: ['users'], security: [{ bearer: [] }] };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every signed-in user lists the company's users: agents pick one to transfer a ticket to. As
  // GET /users/:id, only admins and supervisors see emails and logins; agents get names,
  // presence and queues, and search by name only (an email search would tell who exists).
  app.get(
    '/users/',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listUsers',
        summary: 'List the users',
        ...schema,
        querystring: ZUserListQuery,
        response: { 200: ZUserList },
      },
    },
    async (req) => {
      const full = isSupervisor(req.auth);
      const page = await listUsers(req.scope, { ...req.query, byEmail: full });
      const users = page.users.map((u) =>
        full
          ? presentUser(u.row, u.queues, req.auth, u.channelIds, u.callLineIds)
          : presentDirectoryEntry(u.row, u.queues),
      );
      return { ...page, users };
    },
  );
  app.post(
    '/users',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'createUser',
        summary: 'Create a user',
        errors: [
          'ERR_EMAIL_ALREADY_EXISTS',
          'ERR_USER_LIMIT_REACHED',
          'ERR_NO_QUEUE_FOUND',
          'ERR_NO_WAPP_FOUND',
          'ERR_TOO_MANY_ATTEMPTS',
          'ERR_USER_CREATION_DISABLED',
        ],
        ...schema,
        body: ZCreateUser,
        response: { 201: ZUser },
      },
    },
    async (req, reply) => {
      const { row, queues, channelIds, callLineIds } = await throttleEmailProbes(
        app.platform,
        { userId: req.auth.userId },
        () => createUser(req.scope, req.body),
      );
      return reply.status(201).send(presentUser(row, queues, req.auth, channelIds, callLineIds));
    },
  );
  // Admins and supervisors see anyone of the company; an agent only itself (checked in policy).
  app.get(
    '/users/:id',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getUser',
        summary: 'Read a user',
        errors: ['ERR_NO_USER_FOUND', 'ERR_NO_PERMISSION'],
        ...schema,
        params: ZIdParams,
        response: { 200: ZUser },
      },
    },
    async (req) => {
      const { row, queues, channelIds, callLineIds } = await getUserWithQueues(req.scope, req.params.id);
      assertMayView(req.auth, row);
      return presentUser(row, queues, req.auth, channelIds, callLineIds);
    },
  );
  // Any user may call it; the policy lets a non-admin edit only its own name, email and password.
  app.put(
    '/users/:id',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'updateUser',
        summary: 'Update a user',
        errors: [
          'ERR_NO_USER_FOUND',
          'ERR_NO_PERMISSION',
          'ERR_EMAIL_ALREADY_EXISTS',
          'ERR_NO_QUEUE_FOUND',
          'ERR_NO_WAPP_FOUND',
          'ERR_TOO_MANY_ATTEMPTS',
        ],
        ...schema,
        params: ZIdParams,
        body: ZUpdateUser,
        response: { 200: ZUser },
      },
    },
    async (req) => {
      const { supportEmails } = app.platform.config;
      const run = () => updateUser(req.scope, req.auth, req.params.id, req.body, supportEmails);
      // A 409 for a taken email tells that the account exists: such answers are limited per user.
      const { row, queues, channelIds, callLineIds } =
        req.body.email === undefined
          ? await run()
          : await throttleEmailProbes(app.platform, { userId: req.auth.userId }, run);
      return presentUser(row, queues, req.auth, channelIds, callLineIds);
    },
  );
  app.delete(
    '/users/:id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'deleteUser',
        summary: 'Delete a user',
        errors: ['ERR_NO_USER_FOUND', 'ERR_CANNOT_DELETE_SELF'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteUser(req.scope, req.auth, req.params.id);
      return reply.status(204).send();
    },
  );
  // Only the user itself (checked in policy).
  app.put(
    '/users/:id/configs',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'updateUserConfigs',
        summary: "Save a user's screen preferences",
        errors: ['ERR_NO_USER_FOUND', 'ERR_NO_PERMISSION'],
        ...schema,
        params: ZIdParams,
        body: ZUpdateUserConfigs,
        response: { 200: ZUserConfigs },
      },
    },
    (req) => updateUserConfigs(req.scope, req.auth, req.params.id, req.body),
  );
};
