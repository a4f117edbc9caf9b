/**
 * Help (SPEC §2 /ajuda, §7): `GET /helps/list` for every signed-in user (search, a page at a time);
 * the operator's administration `GET/POST /helps`, `PUT/DELETE /helps/{id}`.
 */
import { ZHelp, ZHelpInput, ZHelpListPage, ZHelpListQuery, ZIdParams } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createHelp, deleteHelp, listAllHelps, searchHelps, updateHelp } from './helps.queries.js';

const schema = { tags: ['helps'], security: [{ bearer: [] }] };
const operator = { auth: 'operator' } as const;

export const helpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.platform;
  app.get(
    '/helps/list',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listHelpArticles',
        summary: 'Help articles for /ajuda: title or description containing the search, in order, a page at a time',
        ...schema,
        querystring: ZHelpListQuery,
        response: { 200: ZHelpListPage },
      },
    },
    async (req) => searchHelps(db, req.query.searchParam, req.query.pageNumber),
  );
  app.get(
    '/helps',
    {
      config: operator,
      schema: {
        operationId: 'listHelps',
        summary: 'Every help article (platform operator)',
        ...schema,
        response: { 200: z.array(ZHelp) },
      },
    },
    async () => listAllHelps(db),
  );
  app.post(
    '/helps',
    {
      config: operator,
      schema: {
        operationId: 'createHelp',
        summary: 'Create a help article (platform operator)',
        ...schema,
        body: ZHelpInput,
        response: { 201: ZHelp },
      },
    },
    async (req, reply) => reply.status(201).send(await createHelp(db, req.body)),
  );
  app.put(
    '/helps/:id',
    {
      config: operator,
      schema: {
        operationId: 'updateHelp',
        summary: 'Update a help article (platform operator)',
        errors: ['ERR_NO_HELP_FOUND'],
        ...schema,
        params: ZIdParams,
        body: ZHelpInput,
        response: { 200: ZHelp },
      },
    },
    async (req) => updateHelp(db, req.params.id, req.body),
  );
  app.delete(
    '/helps/:id',
    {
      config: operator,
      schema: {
        operationId: 'deleteHelp',
        summary: 'Delete a help article (platform operator)',
        errors: ['ERR_NO_HELP_FOUND'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteHelp(db, req.params.id);
      return reply.status(204).send();
    },
  );
};
