/**
 * Resellers and their setup tokens (SPEC §6 setup token): the platform operator's administration,
 * every route `auth: 'operator'`. Tokens are made by the server and shown once; a revoked token
 * stays listed and /signup refuses it (ERR_RESELLER_TOKEN_ONLY).
 */
import {
  ZIdParams,
  ZReseller,
  ZResellerInput,
  ZResellerToken,
  ZResellerTokenCreated,
  ZResellerTokenParams,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createResellerToken, listResellerTokens, revokeResellerToken } from './reseller-tokens.js';
import { createReseller, deleteReseller, listResellers, updateReseller } from './resellers.queries.js';

const schema = { tags: ['admin'], security: [{ bearer: [] }] };
const operator = { auth: 'operator' } as const;

export const resellersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.platform;
  app.get(
    '/admin/resellers',
    {
      config: operator,
      schema: {
        operationId: 'listResellers',
        summary: 'Every reseller with its active tokens and companies (platform operator)',
        ...schema,
        response: { 200: z.array(ZReseller) },
      },
    },
    async () => listResellers(db),
  );
  app.post(
    '/admin/resellers',
    {
      config: operator,
      schema: {
        operationId: 'createReseller',
        summary: 'Create a reseller (platform operator)',
        errors: ['ERR_RESELLER_EXISTS'],
        ...schema,
        body: ZResellerInput,
        response: { 201: ZReseller },
      },
    },
    async (req, reply) => reply.status(201).send(await createReseller(db, req.body)),
  );
  app.put(
    '/admin/resellers/:id',
    {
      config: operator,
      schema: {
        operationId: 'updateReseller',
        summary: 'Update a reseller (platform operator)',
        errors: ['ERR_NO_RESELLER_FOUND', 'ERR_RESELLER_EXISTS'],
        ...schema,
        params: ZIdParams,
        body: ZResellerInput,
        response: { 200: ZReseller },
      },
    },
    async (req) => updateReseller(db, req.params.id, req.body),
  );
  app.delete(
    '/admin/resellers/:id',
    {
      config: operator,
      schema: {
        operationId: 'deleteReseller',
        summary: 'Delete a reseller and its tokens; its companies stay (platform operator)',
        errors: ['ERR_NO_RESELLER_FOUND'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteReseller(db, req.params.id);
      return reply.status(204).send();
    },
  );
  app.get(
    '/admin/resellers/:id/tokens',
    {
      config: operator,
      schema: {
        operationId: 'listResellerTokens',
        summary: "A reseller's setup tokens, newest first, revoked ones marked (platform operator)",
        errors: ['ERR_NO_RESELLER_FOUND'],
        ...schema,
        params: ZIdParams,
        response: { 200: z.array(ZResellerToken) },
      },
    },
    async (req) => listResellerTokens(db, req.params.id),
  );
  app.post(
    '/admin/resellers/:id/tokens',
    {
      config: operator,
      schema: {
        operationId: 'createResellerToken',
        summary: 'Make a setup token for a reseller; the answer is the only time it is shown (platform operator)',
        errors: ['ERR_NO_RESELLER_FOUND'],
        ...schema,
        params: ZIdParams,
        response: { 201: ZResellerTokenCreated },
      },
    },
    async (req, reply) => reply.status(201).send(await createResellerToken(db, req.params.id)),
  );
  app.delete(
    '/admin/resellers/:id/tokens/:tokenId',
    {
      config: operator,
      schema: {
        operationId: 'revokeResellerToken',
        summary: "Revoke a reseller's setup token: it stays listed and sign-up refuses it (platform operator)",
        errors: ['ERR_NO_RESELLER_FOUND'],
        ...schema,
        params: ZResellerTokenParams,
        response: { 200: ZResellerToken },
      },
    },
    async (req) => revokeResellerToken(db, req.params.id, req.params.tokenId),
  );
};
