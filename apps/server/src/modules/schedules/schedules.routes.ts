import multipart from '@fastify/multipart';
import {
  ZIdParams,
  ZOk,
  ZScheduleCreate,
  ZScheduleItem,
  ZScheduleList,
  ZScheduleQuery,
  ZScheduleUpdate,
} from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { MULTIPART_LIMITS, readMultipart, type UploadedFile } from '../messages/upload.js';
import { createSchedule } from './commands/create-schedule.js';
import { deleteSchedule } from './commands/delete-schedule.js';
import { updateSchedule } from './commands/update-schedule.js';
import { listVisibleSchedules } from './schedules.queries.js';

const schema = { tags: ['schedules'], security: [{ bearer: [] }] };

/** JSON, or multipart with the same fields and one file (field name free). */
async function bodyOf<S extends z.ZodType>(
  req: FastifyRequest,
  zod: S,
): Promise<{ input: z.output<S>; files: UploadedFile[] }> {
  if (!req.isMultipart()) return { input: zod.parse(req.body ?? {}), files: [] };
  const { fields, files } = await readMultipart(req);
  return { input: zod.parse(fields), files };
}

/** Scheduled messages (SPEC §3 Schedule, §7 /schedule): any user, on tickets it may see. */
export const schedulesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  app.get(
    '/schedule',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listSchedules',
        summary: 'List scheduled messages',
        ...schema,
        querystring: ZScheduleQuery,
        response: { 200: ZScheduleList },
      },
    },
    async (req) => listVisibleSchedules(req.scope, req.auth, req.query),
  );
  app.post(
    '/schedule',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'createSchedule',
        summary: 'Schedule a message',
        errors: ['ERR_NO_TICKET_FOUND', 'ERR_NO_WAPP_FOUND', 'ERR_CHANNEL_NOT_SUPPORTED', 'ERR_FILE_TYPE_NOT_ALLOWED'],
        ...schema,
        response: { 201: ZScheduleItem },
      },
    },
    async (req, reply) => {
      const { input, files } = await bodyOf(req, ZScheduleCreate);
      return reply.status(201).send(await createSchedule(req.scope, req.auth, input, files));
    },
  );
  app.put(
    '/schedule/:id',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'updateSchedule',
        summary: 'Update a pending scheduled message',
        errors: ['ERR_NO_SCHEDULE_FOUND', 'ERR_SCHEDULE_NOT_PENDING', 'ERR_FILE_TYPE_NOT_ALLOWED'],
        ...schema,
        params: ZIdParams,
        response: { 200: ZScheduleItem },
      },
    },
    async (req) => {
      const { input, files } = await bodyOf(req, ZScheduleUpdate);
      return updateSchedule(req.scope, req.auth, req.params.id, input, files);
    },
  );
  app.delete(
    '/schedule/:id',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'deleteSchedule',
        summary: 'Delete a scheduled message',
        errors: ['ERR_NO_SCHEDULE_FOUND'],
        ...schema,
        params: ZIdParams,
        response: { 200: ZOk },
      },
    },
    async (req) => {
      await deleteSchedule(req.scope, req.auth, req.params.id);
      return { ok: true as const };
    },
  );
};
