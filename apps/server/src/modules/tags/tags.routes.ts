import { ZIdParams, ZTag, ZTagInput } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteTag } from './commands/delete-tag.js';
import { createTag, updateTag } from './commands/save-tag.js';
import { presentTag } from './tags.presenter.js';
import { listTags } from './tags.queries.js';

const schema = { tags: ['tags'], security: [{ bearer: [] }] };

export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every signed-in user reads the tags (agents tag contacts and filter tickets by them), on
  // every screen: kept in memory until a tag of the company changes (TenantScope.cached).
  app.get(
    '/tags',
    {
      config: { auth: 'user' },
      schema: { operationId: 'listTags', summary: 'List the tags', ...schema, response: { 200: z.array(ZTag) } },
    },
    async (req) => req.scope.cached('tags', async () => (await listTags(req.scope)).map(presentTag)),
  );
  app.post(
    '/tags',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'createTag',
        summary: 'Create a tag',
        errors: ['ERR_TAG_EXISTS'],
        ...schema,
        body: ZTagInput,
        response: { 201: ZTag },
      },
    },
    async (req, reply) => reply.status(201).send(presentTag(await createTag(req.scope, req.body))),
  );
  app.put(
    '/tags/:id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'updateTag',
        summary: 'Update a tag',
        errors: ['ERR_NO_TAG_FOUND', 'ERR_TAG_EXISTS'],
        ...schema,
        params: ZIdParams,
        body: ZTagInput,
        response: { 200: ZTag },
      },
    },
    async (req) => presentTag(await updateTag(req.scope, req.params.id, req.body)),
  );
  app.delete(
    '/tags/:id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'deleteTag',
        summary: 'Delete a tag no contact carries',
        errors: ['ERR_NO_TAG_FOUND', 'ERR_TAG_CONTACTS_EXISTS'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteTag(req.scope, req.params.id);
      return reply.status(204).send();
    },
  );
};
