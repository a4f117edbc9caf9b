import multipart from '@fastify/multipart';
import { ZIdParams, ZQuickMessage, ZQuickMessageInput, type QuickMessageInput } from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import { serveStoredFile } from '../messages/serve-stored-file.js';
import { MULTIPART_LIMITS, readMultipart, type UploadedFile } from '../messages/upload.js';
import { deleteQuickMessage } from './commands/delete-quick-message.js';
import { createQuickMessage, updateQuickMessage } from './commands/save-quick-message.js';
import { presentQuickMessage } from './quick-messages.presenter.js';
import { getQuickMessage, listQuickMessages } from './quick-messages.queries.js';

const schema = { tags: ['quick-messages'], security: [{ bearer: [] }] };

/** JSON (ZQuickMessageInput), or multipart with the same fields and one file in `file`. */
async function inputOf(req: FastifyRequest): Promise<{ input: QuickMessageInput; file?: UploadedFile }> {
  if (!req.isMultipart()) return { input: ZQuickMessageInput.parse(req.body ?? {}) };
  const { fields, files } = await readMultipart(req);
  if (files.length > 1) throw new AppError('ERR_VALIDATION', { file: 'validation.invalidValue' });
  return { input: ZQuickMessageInput.parse(fields), file: files[0] };
}

/** Quick messages (/mensagens-rapidas): every user keeps their own and uses the shared ones. */
export const quickMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: the file of a quick message comes as multipart.
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  app.get(
    '/fastreply',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listQuickMessages',
        summary: 'List the quick messages',
        ...schema,
        response: { 200: z.array(ZQuickMessage) },
      },
    },
    async (req) => (await listQuickMessages(req.scope, req.auth)).map((r) => presentQuickMessage(r, req.auth)),
  );
  app.post(
    '/fastreply',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'createQuickMessage',
        summary: 'Create a quick message',
        errors: ['ERR_FAST_REPLY_EXISTS', 'ERR_NO_PERMISSION', 'ERR_FILE_TOO_LARGE', 'ERR_FILE_TYPE_NOT_ALLOWED'],
        ...schema,
        response: { 201: ZQuickMessage },
      },
    },
    async (req, reply) => {
      const { input, file } = await inputOf(req);
      const row = await createQuickMessage(req.scope, req.auth, input, file);
      return reply.status(201).send(presentQuickMessage(row, req.auth));
    },
  );
  app.put(
    '/fastreply/:id',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'updateQuickMessage',
        summary: 'Update a quick message',
        errors: [
          'ERR_NO_FAST_REPLY_FOUND',
          'ERR_FAST_REPLY_EXISTS',
          'ERR_NO_PERMISSION',
          'ERR_FILE_TOO_LARGE',
          'ERR_FILE_TYPE_NOT_ALLOWED',
        ],
        ...schema,
        params: ZIdParams,
        response: { 200: ZQuickMessage },
      },
    },
    async (req) => {
      // Not found or not theirs before any file is read.
      await getQuickMessage(req.scope, req.auth, req.params.id);
      const { input, file } = await inputOf(req);
      return presentQuickMessage(await updateQuickMessage(req.scope, req.auth, req.params.id, input, file), req.auth);
    },
  );
  app.delete(
    '/fastreply/:id',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'deleteQuickMessage',
        summary: 'Delete a quick message',
        errors: ['ERR_NO_FAST_REPLY_FOUND', 'ERR_NO_PERMISSION'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteQuickMessage(req.scope, req.auth, req.params.id);
      return reply.status(204).send();
    },
  );
  // The file, for the composer to attach to a message (served like message media).
  app.get(
    '/fastreply/:id/media',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getQuickMessageMedia',
        binary: 'application/octet-stream',
        summary: "Download a quick message's file",
        errors: ['ERR_NO_FAST_REPLY_FOUND', 'ERR_NOT_FOUND'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      const row = await getQuickMessage(req.scope, req.auth, req.params.id);
      return serveStoredFile(reply, req.scope.database, row, { cache: 'private, no-cache' });
    },
  );
};
