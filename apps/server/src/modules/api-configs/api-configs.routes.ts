import { ZApiConfig, ZApiConfigInput, ZApiConfigWithToken, ZIdParams } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentApiConfig } from './api-configs.presenter.js';
import { channelRefs, listApiConfigs } from './api-configs.queries.js';
import { deleteApiConfig } from './commands/delete-api-config.js';
import { renewApiToken } from './commands/renew-api-token.js';
import { createApiConfig, updateApiConfig } from './commands/save-api-config.js';

const schema = { tags: ['api-config'], security: [{ bearer: [] }] };
const admin = { auth: 'admin' } as const;

/** API configurations (SPEC §3), admins only. The token is answered by create and renew only. */
export const apiConfigsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api-config',
    {
      config: admin,
      schema: {
        operationId: 'listApiConfigs',
        summary: 'List the API configurations (tokens never shown)',
        ...schema,
        response: { 200: z.array(ZApiConfig) },
      },
    },
    async (req) => (await listApiConfigs(req.scope)).map(({ row, channel }) => presentApiConfig(row, channel)),
  );
  app.post(
    '/api-config',
    {
      config: admin,
      schema: {
        operationId: 'createApiConfig',
        summary: 'Create an API configuration; its token is answered once',
        errors: ['ERR_API_CONFIG_EXISTS', 'ERR_NO_WAPP_FOUND'],
        ...schema,
        body: ZApiConfigInput,
        response: { 201: ZApiConfigWithToken },
      },
    },
    async (req, reply) => {
      const { row, token, hookSecret } = await createApiConfig(req.scope, req.body);
      const channel = (await channelRefs(req.scope)).get(row.channelId) ?? null;
      return reply.status(201).send({ apiConfig: presentApiConfig(row, channel), token, hookSecret });
    },
  );
  app.put(
    '/api-config/:id',
    {
      config: admin,
      schema: {
        operationId: 'updateApiConfig',
        summary: 'Update an API configuration',
        errors: ['ERR_API_CONFIG_NOT_FOUND', 'ERR_API_CONFIG_EXISTS', 'ERR_NO_WAPP_FOUND'],
        ...schema,
        params: ZIdParams,
        body: ZApiConfigInput,
        response: { 200: ZApiConfig },
      },
    },
    async (req) => {
      const row = await updateApiConfig(req.scope, req.params.id, req.body);
      return presentApiConfig(row, (await channelRefs(req.scope)).get(row.channelId) ?? null);
    },
  );
  app.put(
    '/api-config/renew-token/:id',
    {
      config: admin,
      schema: {
        operationId: 'renewApiToken',
        summary: 'Renew the token of an API configuration (the old one stops at once); the new one is answered once',
        errors: ['ERR_API_CONFIG_NOT_FOUND'],
        ...schema,
        params: ZIdParams,
        response: { 200: ZApiConfigWithToken },
      },
    },
    async (req) => {
      const { row, token, hookSecret } = await renewApiToken(req.scope, req.params.id);
      const channel = (await channelRefs(req.scope)).get(row.channelId) ?? null;
      return { apiConfig: presentApiConfig(row, channel), token, hookSecret };
    },
  );
  app.delete(
    '/api-config/:id',
    {
      config: admin,
      schema: {
        operationId: 'deleteApiConfig',
        summary: 'Delete an API configuration',
        errors: ['ERR_API_CONFIG_NOT_FOUND'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteApiConfig(req.scope, req.params.id);
      return reply.status(204).send();
    },
  );
};
