import multipart from '@fastify/multipart';
import {
  ZChatGroup,
  ZChatGroupInput,
  ZChatGroupMember,
  ZChatGroupUpdate,
  ZChatPeopleQuery,
  ZChatPerson,
  ZChatTargetQuery,
  ZId,
  ZIdParams,
  ZInternalMessage,
  ZInternalMessageInput,
  ZInternalMessagesPage,
  ZInternalUnread,
} from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findControlChar } from '../../platform/http/control-chars.js';
import { AppError } from '../../platform/http/app-error.js';
import { MULTIPART_LIMITS, readMultipart, type UploadedFile } from '../messages/upload.js';
import { addGroupMember, removeGroupMember } from './commands/group-membership.js';
import { markInternalRead } from './commands/mark-read.js';
import { createGroup, deleteGroup, renameGroup } from './commands/save-group.js';
import { sendInternalMessage } from './commands/send-internal-message.js';
import { internalMediaRoutes } from './internal-media.routes.js';
import { presentGroup, presentInternalMessage } from './internal-chat.presenter.js';
import {
  getColleague,
  getMemberGroup,
  groupWhere,
  listGroups,
  listPeople,
  pairWhere,
  readPage,
  unreadTotal,
} from './internal-chat.queries.js';

const schema = { tags: ['internal-chat'], security: [{ bearer: [] }] };
const ZTargetParams = z.object({ id: ZId });
const user = { auth: 'user' as const };

/** JSON `{ body }` or multipart with a `body` field and files (the checks of message uploads). */
async function outgoingOf(req: FastifyRequest): Promise<{ body: string; files: UploadedFile[] }> {
  if (!req.isMultipart()) {
    const { body } = ZInternalMessageInput.parse(req.body ?? {});
    if (findControlChar({ body }) !== undefined)
      throw new AppError('ERR_VALIDATION', { body: 'validation.invalidValue' });
    return { body, files: [] };
  }
  const { fields, files } = await readMultipart(req);
  return { body: ZInternalMessageInput.parse(fields).body, files };
}

export const internalChatRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  await app.register(internalMediaRoutes);

  app.get(
    '/users/chat-interno/',
    {
      config: user,
      schema: {
        operationId: 'listInternalChatUsers',
        summary: 'List the colleagues to chat with',
        ...schema,
        querystring: ZChatPeopleQuery,
        response: { 200: z.array(ZChatPerson) },
      },
    },
    (req) => listPeople(req.scope, req.auth.userId, req.query),
  );
  app.get(
    '/chat-interno/count/mensagens',
    {
      config: user,
      schema: {
        operationId: 'countInternalChatUnread',
        summary: 'Count unread internal messages',
        ...schema,
        response: { 200: ZInternalUnread },
      },
    },
    async (req) => ({ count: await unreadTotal(req.scope, req.auth.userId) }),
  );
  app.get(
    '/chat-interno/mensagens/:id',
    {
      config: user,
      schema: {
        operationId: 'listInternalChatMessages',
        summary: 'List an internal conversation',
        errors: ['ERR_NO_USER_FOUND', 'ERR_NO_CHAT_GROUP_FOUND', 'ERR_NO_PERMISSION'],
        ...schema,
        params: ZTargetParams,
        querystring: ZChatTargetQuery,
        response: { 200: ZInternalMessagesPage },
      },
    },
    async (req) => {
      const me = req.auth.userId;
      const { id } = req.params;
      const where = req.query.isGroup
        ? (await getMemberGroup(req.scope, me, id), groupWhere(id))
        : (await getColleague(req.scope, me, id), pairWhere(me, id));
      const page = await readPage(req.scope, where, req.query.before);
      return { messages: page.messages.map((m) => presentInternalMessage(m.row, m.senderName)), hasMore: page.hasMore };
    },
  );
  app.post(
    '/chat-interno/mensagens/:id',
    {
      config: user,
      schema: {
        operationId: 'sendInternalChatMessage',
        summary: 'Send an internal message',
        errors: [
          'ERR_NO_USER_FOUND',
          'ERR_NO_CHAT_GROUP_FOUND',
          'ERR_NO_PERMISSION',
          'ERR_FILE_TOO_LARGE',
          'ERR_FILE_TYPE_NOT_ALLOWED',
        ],
        ...schema,
        params: ZTargetParams,
        querystring: ZChatTargetQuery,
        response: { 201: z.array(ZInternalMessage) },
      },
    },
    async (req, reply) => {
      const { body, files } = await outgoingOf(req);
      const target = { id: req.params.id, isGroup: req.query.isGroup };
      return reply.status(201).send(await sendInternalMessage(req.scope, req.auth, target, body, files));
    },
  );
  app.put(
    '/chat-interno/mensagens/:id',
    {
      config: user,
      schema: {
        operationId: 'markInternalChatRead',
        summary: 'Mark an internal conversation read',
        errors: ['ERR_NO_USER_FOUND', 'ERR_NO_CHAT_GROUP_FOUND', 'ERR_NO_PERMISSION'],
        ...schema,
        params: ZTargetParams,
        querystring: ZChatTargetQuery,
        response: { 200: ZInternalUnread },
      },
    },
    (req) => markInternalRead(req.scope, req.auth, { id: req.params.id, isGroup: req.query.isGroup }),
  );

  app.get(
    '/group',
    {
      config: user,
      schema: {
        operationId: 'listChatGroups',
        summary: 'List the internal chat groups',
        ...schema,
        response: { 200: z.array(ZChatGroup) },
      },
    },
    async (req) =>
      (await listGroups(req.scope, req.auth.userId)).map((g) => presentGroup(g.group, g.userIds, g.unread, req.auth)),
  );
  app.post(
    '/group',
    {
      config: user,
      schema: {
        operationId: 'createChatGroup',
        summary: 'Create an internal chat group',
        errors: ['ERR_NO_USER_FOUND', 'ERR_NO_TEAM_FOUND'],
        ...schema,
        body: ZChatGroupInput,
        response: { 201: ZChatGroup },
      },
    },
    async (req, reply) => reply.status(201).send(await createGroup(req.scope, req.auth, req.body)),
  );
  app.put(
    '/group/:id',
    {
      config: user,
      schema: {
        operationId: 'updateChatGroup',
        summary: 'Update an internal chat group',
        errors: ['ERR_NO_CHAT_GROUP_FOUND', 'ERR_NO_USER_FOUND', 'ERR_NO_PERMISSION'],
        ...schema,
        params: ZIdParams,
        body: ZChatGroupUpdate,
        response: { 200: ZChatGroup },
      },
    },
    (req) => renameGroup(req.scope, req.auth, req.params.id, req.body.name),
  );
  app.delete(
    '/group/:id',
    {
      config: user,
      schema: {
        operationId: 'deleteChatGroup',
        summary: 'Delete an internal chat group',
        errors: ['ERR_NO_CHAT_GROUP_FOUND', 'ERR_NO_PERMISSION'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteGroup(req.scope, req.auth, req.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    '/group/user',
    {
      config: user,
      schema: {
        operationId: 'addChatGroupMember',
        summary: 'Add a user to an internal chat group',
        errors: ['ERR_NO_CHAT_GROUP_FOUND', 'ERR_NO_USER_FOUND', 'ERR_NO_PERMISSION'],
        ...schema,
        body: ZChatGroupMember,
      },
    },
    async (req, reply) => {
      await addGroupMember(req.scope, req.auth, req.body.groupId, req.body.userId);
      return reply.status(204).send();
    },
  );
  app.delete(
    '/group/user',
    {
      config: user,
      schema: {
        operationId: 'removeChatGroupMember',
        summary: 'Remove a user from an internal chat group',
        errors: ['ERR_NO_CHAT_GROUP_FOUND', 'ERR_NO_USER_FOUND', 'ERR_NO_PERMISSION'],
        ...schema,
        querystring: ZChatGroupMember,
      },
    },
    async (req, reply) => {
      await removeGroupMember(req.scope, req.auth, req.query.groupId, req.query.userId);
      return reply.status(204).send();
    },
  );
};
