/**
 * The external API, `/v1/api/external/{apiId}/...`, for the company's own software: sends, contacts,
 * tickets and the number check, each authenticated by its API configuration's bearer token only
 * (external-auth.ts) and rate limited per token. Everything runs in the configuration's company.
 */
import multipart from '@fastify/multipart';
import {
  API_RATE_LIMIT_PER_MINUTE,
  LIMITS,
  ZApiCheckNumber,
  ZApiCheckNumberResult,
  ZApiContact,
  ZApiContactInput,
  ZApiContactParams,
  ZApiContactUpdate,
  ZApiIdParams,
  ZApiMessageParams,
  ZApiSendMessage,
  ZApiSentMessage,
  ZApiTicket,
  ZApiTicketInput,
  ZApiTicketParams,
  ZApiTicketUpdate,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import { AppError } from '../../../platform/http/app-error.js';
import { MULTIPART_LIMITS, readMultipart } from '../../messages/upload.js';
import { serveStoredFile } from '../../messages/serve-stored-file.js';
import { apiMessageFile } from './external-media.js';
import { checkNumber } from '../commands/check-number.js';
import { createApiTicket } from '../commands/create-api-ticket.js';
import { createApiContact, updateApiContact } from '../commands/save-api-contact.js';
import { sendApiMessage } from '../commands/send-api-message.js';
import { updateApiTicket } from '../commands/update-api-ticket.js';
import { callerOf, externalAuth, rateKeyOf } from './external-auth.js';
import { mediaOf } from './fetch-media.js';
import { loadApiTicket, presentApiContact } from './external.presenter.js';

const BASE = '/v1/api/external/:apiId';
const schema = { tags: ['external-api'], security: [{ apiToken: [] }] };
/** What every external call may answer besides its own codes: a refused token, another company's ids. */
const TOKEN_ERRORS = ['ERR_SESSION_EXPIRED', 'ERR_API_CONFIG_NOT_FOUND'] as const;
/** The number check's answers, also when a contact is created or changed on a channel that has it. */
const CHECK_ERRORS = [
  'ERR_WAPP_CHECK_CONTACT',
  'ERR_CONTACTS_NOT_EXISTS_WHATSAPP',
  'ERR_CHANNEL_NOT_SUPPORTED',
] as const;

export const externalApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platform } = app;
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const allowPrivate = platform.config.webhookAllowPrivate;
  const config = {
    auth: 'public' as const,
    rateLimit: { max: API_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute', keyGenerator: rateKeyOf },
  };
  const onRequest = [externalAuth(platform)];

  // 201 with the message recorded for sending; 200 with the first one when the externalKey was used.
  app.post(
    `${BASE}/messages`,
    {
      config,
      onRequest,
      bodyLimit: Math.ceil((LIMITS.chatFilesTotal * 4) / 3) + 64 * 1024,
      schema: {
        operationId: 'externalSendMessage',
        summary: 'Send a text or a file (base64 or URL) to a number or a ticket, once per externalKey',
        errors: [...TOKEN_ERRORS, 'ERR_NO_WAPP_FOUND', 'ERR_NO_TICKET_FOUND'],
        ...schema,
        params: ZApiIdParams,
        body: ZApiSendMessage,
        response: { 200: ZApiSentMessage, 201: ZApiSentMessage },
      },
    },
    async (req, reply) => {
      const { config: api, scope } = callerOf(req);
      const files = req.body.media ? [await mediaOf(req.body.media, allowPrivate)] : [];
      const sent = await sendApiMessage(scope, api, req.body, files);
      return reply.status(sent.duplicate ? 200 : 201).send(sent);
    },
  );
  // The same as multipart/form-data: fields externalKey, number or ticketId, body; files as `file`.
  app.post(
    `${BASE}/messages/upload`,
    {
      config,
      onRequest,
      schema: {
        operationId: 'externalSendMessageUpload',
        summary: 'Send files as multipart/form-data to a number or a ticket, once per externalKey',
        errors: [...TOKEN_ERRORS, 'ERR_NO_WAPP_FOUND', 'ERR_NO_TICKET_FOUND'],
        ...schema,
        params: ZApiIdParams,
        consumes: ['multipart/form-data'],
        response: { 200: ZApiSentMessage, 201: ZApiSentMessage },
      },
    },
    async (req, reply) => {
      const { config: api, scope } = callerOf(req);
      if (!req.isMultipart()) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE');
      const { fields, files } = await readMultipart(req);
      const input = ZApiSendMessage.parse(fields);
      const sent = await sendApiMessage(scope, api, input, files);
      return reply.status(sent.duplicate ? 200 : 201).send(sent);
    },
  );
  app.post(
    `${BASE}/contacts`,
    {
      config,
      onRequest,
      schema: {
        operationId: 'externalCreateContact',
        summary: 'Create a contact (the number checked where the channel can)',
        errors: [...TOKEN_ERRORS, ...CHECK_ERRORS, 'ERR_DUPLICATED_CONTACT'],
        ...schema,
        params: ZApiIdParams,
        body: ZApiContactInput,
        response: { 201: ZApiContact },
      },
    },
    async (req, reply) => {
      const { config: api, scope } = callerOf(req);
      return reply.status(201).send(presentApiContact(await createApiContact(platform, scope, api, req.body)));
    },
  );
  app.put(
    `${BASE}/contacts/:contactId`,
    {
      config,
      onRequest,
      schema: {
        operationId: 'externalUpdateContact',
        summary: 'Update a contact',
        errors: [...TOKEN_ERRORS, ...CHECK_ERRORS, 'ERR_NO_CONTACT_FOUND', 'ERR_DUPLICATED_CONTACT'],
        ...schema,
        params: ZApiContactParams,
        body: ZApiContactUpdate,
        response: { 200: ZApiContact },
      },
    },
    async (req) => {
      const { config: api, scope } = callerOf(req);
      return presentApiContact(await updateApiContact(platform, scope, api, req.params.contactId, req.body));
    },
  );
  app.post(
    `${BASE}/tickets`,
    {
      config,
      onRequest,
      schema: {
        operationId: 'externalCreateTicket',
        summary: 'Open a ticket for a contact on the configuration’s channel',
        errors: [...TOKEN_ERRORS, 'ERR_NO_CONTACT_FOUND', 'ERR_OTHER_OPEN_TICKET'],
        ...schema,
        params: ZApiIdParams,
        body: ZApiTicketInput,
        response: { 201: ZApiTicket },
      },
    },
    async (req, reply) => {
      const { config: api, scope } = callerOf(req);
      const id = await createApiTicket(scope, api, req.body);
      return reply.status(201).send(await loadApiTicket(scope, id));
    },
  );
  app.get(
    `${BASE}/tickets/:ticketId`,
    {
      config,
      onRequest,
      schema: {
        operationId: 'externalShowTicket',
        summary: 'Show a ticket',
        errors: [...TOKEN_ERRORS, 'ERR_NO_TICKET_FOUND'],
        ...schema,
        params: ZApiTicketParams,
        response: { 200: ZApiTicket },
      },
    },
    async (req) => loadApiTicket(callerOf(req).scope, req.params.ticketId),
  );
  app.put(
    `${BASE}/tickets/:ticketId`,
    {
      config,
      onRequest,
      schema: {
        operationId: 'externalUpdateTicket',
        summary: 'Change a ticket’s queue, status or chatbot flow',
        errors: [...TOKEN_ERRORS, 'ERR_NO_TICKET_FOUND', 'ERR_OTHER_OPEN_TICKET'],
        ...schema,
        params: ZApiTicketParams,
        body: ZApiTicketUpdate,
        response: { 200: ZApiTicket },
      },
    },
    async (req) => {
      const { scope } = callerOf(req);
      try {
        await updateApiTicket(scope, req.params.ticketId, req.body);
      } catch (err) {
        // A closed ticket reopened while the contact has another active one on the channel.
        if (isUniqueViolation(err)) throw new AppError('ERR_OTHER_OPEN_TICKET');
        throw err;
      }
      return loadApiTicket(scope, req.params.ticketId);
    },
  );
  app.post(
    `${BASE}/check-number`,
    {
      config,
      onRequest,
      schema: {
        operationId: 'externalCheckNumber',
        summary: 'Check that a number is on WhatsApp',
        errors: [...TOKEN_ERRORS, ...CHECK_ERRORS],
        ...schema,
        params: ZApiIdParams,
        body: ZApiCheckNumber,
        response: { 200: ZApiCheckNumberResult },
      },
    },
    async (req) => {
      const { config: api, scope } = callerOf(req);
      const found = await checkNumber(platform, scope, api.channelId, req.body.number, true);
      return { number: req.body.number, exists: true as const, jid: found!.id };
    },
  );
  // SECURITY-CRITICAL: a file leaves the server on the token alone; only a message on a ticket of
  // the configuration's channel (what its hooks report), served as every stored file is.
  app.get(
    `${BASE}/messages/:messageId/media`,
    {
      config,
      onRequest,
      schema: {
        operationId: 'externalGetMessageMedia',
        summary: "Download the file of a message on the configuration's channel (the hooks' mediaUrl)",
        binary: 'application/octet-stream',
        errors: [...TOKEN_ERRORS, 'ERR_NOT_FOUND'],
        ...schema,
        params: ZApiMessageParams,
      },
    },
    async (req, reply) => {
      const { config: api, scope } = callerOf(req);
      return serveStoredFile(reply, scope.database, await apiMessageFile(scope, api, req.params.messageId));
    },
  );
};
