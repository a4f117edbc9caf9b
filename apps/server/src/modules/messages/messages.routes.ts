import multipart from '@fastify/multipart';
import {
  ZEditMessage,
  ZForwardMessages,
  ZId,
  ZMessage,
  ZMessagesPage,
  ZMessagesQuery,
  ZOk,
  ZReaction,
  ZSendMessage,
  ZWindow,
} from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createS3Storage } from '../../platform/storage/s3-storage.js';
import { createLocalStorage, setStorage } from '../../platform/storage/storage.js';
import { getOwnTenant } from '../tenants/tenants.queries.js';
import { deleteMessage } from './commands/delete-message.js';
import { editMessage } from './commands/edit-message.js';
import { forwardMessages } from './commands/forward-messages.js';
import { reactToMessage } from './commands/react-to-message.js';
import { readMessages } from './commands/read-messages.js';
import { resendMessage } from './commands/resend-message.js';
import { sendMessage, type Outgoing } from './commands/send-message.js';
import { messageWindow } from './message-window.js';
import { messageMediaRoutes } from './messages-media.routes.js';
import { conversationPdf } from './messages-pdf.js';
import { presentMessage } from './messages.presenter.js';
import { messageCounts, type MessageWithQuoted } from './messages.queries.js';
import { MULTIPART_LIMITS, readMultipart } from './upload.js';

const schema = { tags: ['messages'], security: [{ bearer: [] }] };
const ZTicketParams = z.object({ ticketId: ZId });
const ZMessageParams = z.object({ messageId: ZId });
const ZCounts = z.object({ total: z.number(), fromMe: z.number(), received: z.number(), today: z.number() });
const present = (m: MessageWithQuoted) => presentMessage(m.row, m.quoted);

/** JSON (ZSendMessage) or multipart with fields body, clientId, quotedMsgId and files. */
async function outgoingOf(req: FastifyRequest): Promise<Outgoing> {
  if (!req.isMultipart()) return { input: ZSendMessage.parse(req.body ?? {}), files: [] };
  const { fields, files } = await readMultipart(req);
  return { input: ZSendMessage.parse(fields), files };
}

/** What an action on a sent message (edit, react, delete) may answer: the message, the ticket, the channel. */
const MESSAGE_ACTION_ERRORS = [
  'ERR_NOT_FOUND',
  'ERR_NO_TICKET_FOUND',
  'ERR_NO_PERMISSION',
  'ERR_CHANNEL_NOT_SUPPORTED',
  'ERR_WINDOW_CLOSED',
  'ERR_SENDING_WAPP_MSG',
] as const;

export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { s3, dataDir } = app.platform.config;
  setStorage(app.platform.db, s3 ? createS3Storage(s3, dataDir) : createLocalStorage(dataDir));
  // Uploads are accepted by this module's routes only.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  await app.register(messageMediaRoutes);

  app.get(
    '/messages/:ticketId',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listMessages',
        summary: "List a ticket's messages (a page)",
        errors: ['ERR_NO_TICKET_FOUND', 'ERR_NO_PERMISSION'],
        ...schema,
        params: ZTicketParams,
        querystring: ZMessagesQuery,
        response: { 200: ZMessagesPage },
      },
    },
    async (req) => {
      const page = await readMessages(req.scope, req.auth, req.params.ticketId, req.query.pageNumber);
      return {
        messages: page.rows.map(present),
        messagesOffLine: [],
        hasMore: page.hasMore,
        count: page.count,
        ticket: page.ticket,
      };
    },
  );
  // 201 with the new message; 200 with the stored one when the clientId was already used.
  app.post(
    '/messages/:ticketId',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'sendMessage',
        summary: 'Send a message (text or files) on a ticket',
        errors: [
          'ERR_NO_TICKET_FOUND',
          'ERR_NO_PERMISSION',
          'ERR_WINDOW_CLOSED',
          'ERR_FILE_TOO_LARGE',
          'ERR_FILE_TYPE_NOT_ALLOWED',
          'ERR_CHANNEL_NOT_SUPPORTED',
        ],
        ...schema,
        params: ZTicketParams,
        response: { 200: ZMessage, 201: ZMessage },
      },
    },
    async (req, reply) => {
      const { message, created } = await sendMessage(req.scope, req.auth, req.params.ticketId, () => outgoingOf(req));
      return reply.status(created ? 201 : 200).send(present(message));
    },
  );
  app.delete(
    '/messages/:messageId',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'deleteMessage',
        summary: 'Delete a sent message',
        errors: [...MESSAGE_ACTION_ERRORS, 'ERR_DELETE_WAPP_MSG'],
        ...schema,
        params: ZMessageParams,
        response: { 200: ZMessage },
      },
    },
    async (req) => present(await deleteMessage(req.scope, req.auth, req.params.messageId)),
  );
  app.post(
    '/messages/edit/:messageId',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'editMessage',
        summary: 'Edit a sent message',
        errors: MESSAGE_ACTION_ERRORS,
        ...schema,
        params: ZMessageParams,
        body: ZEditMessage,
        response: { 200: ZMessage },
      },
    },
    async (req) => present(await editMessage(req.scope, req.auth, req.params.messageId, req.body.body)),
  );
  app.post(
    '/messages/reactions/:messageId',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'reactToMessage',
        summary: 'React to a message',
        errors: MESSAGE_ACTION_ERRORS,
        ...schema,
        params: ZMessageParams,
        body: ZReaction,
        response: { 200: ZMessage },
      },
    },
    async (req) => present(await reactToMessage(req.scope, req.auth, req.params.messageId, req.body.emoji)),
  );
  app.post(
    '/messages/resend/:messageId',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'resendMessage',
        summary: 'Send a failed message again',
        errors: ['ERR_NOT_FOUND', 'ERR_NO_TICKET_FOUND', 'ERR_NO_PERMISSION'],
        ...schema,
        params: ZMessageParams,
        response: { 200: ZMessage },
      },
    },
    async (req) => present(await resendMessage(req.scope, req.auth, req.params.messageId)),
  );
  app.post(
    '/forward-messages/',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'forwardMessages',
        summary: 'Forward messages to other contacts',
        errors: [
          'ERR_NOT_FOUND',
          'ERR_NO_TICKET_FOUND',
          'ERR_NO_CONTACT_FOUND',
          'ERR_NO_PERMISSION',
          'ERR_NO_WAPP_FOUND',
          'ERR_CREATING_TICKET',
        ],
        ...schema,
        body: ZForwardMessages,
        response: { 201: ZOk },
      },
    },
    async (req, reply) => {
      await forwardMessages(req.scope, req.auth, req.body);
      return reply.status(201).send({ ok: true as const });
    },
  );
  app.get(
    '/messages/pdf/:ticketId',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'exportConversationPdf',
        binary: 'application/pdf',
        summary: "A ticket's conversation as PDF",
        errors: ['ERR_NO_TICKET_FOUND', 'ERR_NO_PERMISSION'],
        ...schema,
        params: ZTicketParams,
      },
    },
    async (req, reply) => {
      const pdf = await conversationPdf(req.scope, req.auth, req.params.ticketId);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="ticket-${req.params.ticketId}.pdf"`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(pdf);
    },
  );
  app.get(
    '/messages/window/:ticketId',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getMessagingWindow',
        summary: "Whether the channel's reply window is open",
        errors: ['ERR_NO_TICKET_FOUND', 'ERR_NO_PERMISSION'],
        ...schema,
        params: ZTicketParams,
        response: { 200: ZWindow },
      },
    },
    async (req) => messageWindow(req.scope, req.auth, req.params.ticketId),
  );
  // Dashboard totals of the whole company: supervisors and admins.
  app.get(
    '/count/messages',
    {
      config: { auth: 'supervisor' },
      schema: {
        operationId: 'countMessages',
        summary: 'Count messages by period (dashboard)',
        ...schema,
        response: { 200: ZCounts },
      },
    },
    async (req) => messageCounts(req.scope, (await getOwnTenant(req.scope)).timezone),
  );
};
