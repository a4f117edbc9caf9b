import {
  ZCallIntentCreated,
  ZCallIntentInput,
  ZCallLine,
  ZCallLineInput,
  ZCallLineList,
  ZCallLookup,
  ZCallLookupQuery,
  ZId,
  ZIdParams,
  ZTicketCalls,
  ZUserCallLines,
  ZUserCallLinesQuery,
} from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicBase } from '../channels/channels.presenter.js';
import { getVisibleTicket } from '../tickets/tickets.queries.js';
import { masksNumbers } from '../tickets/tickets.policy.js';
import { loadViewer } from '../tickets/tickets.viewer.js';
import { eq } from 'drizzle-orm';
import { users } from '../../platform/db/schema.js';
import {
  createCallLine,
  deleteCallLine,
  listCallLines,
  presentCallLine,
  updateCallLine,
  usableLinesOf,
} from './call-lines.js';
import { callProviderOf } from './call-provider.js';
import { ticketCalls } from './calls.queries.js';
import { lookupCaller } from './commands/lookup-caller.js';
import { readRecording } from './commands/read-recording.js';
import { recordIntent } from './commands/record-intent.js';

const tags = ['calls'];
const ZTicketIdParams = z.object({ ticketId: ZId });
/** What a recording may be served as: audio, or bytes to download (never a page). */
const AUDIO = /^audio\/[\w.+-]+$/;

/** Voice calls (issue 17): call lines, the user's lines, intents, caller lookup, call logs. */
export const callsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platform } = app;
  const base = (req: FastifyRequest) => publicBase(platform.config.publicUrl, `${req.protocol}://${req.host}`);

  app.get(
    '/callLines',
    {
      config: { auth: 'admin' },
      schema: { operationId: 'listCallLines', summary: 'List the call lines', tags, response: { 200: ZCallLineList } },
    },
    async (req) => ({
      lines: (await listCallLines(req.scope)).map((r) => presentCallLine(r.line, r.channelName, base(req))),
    }),
  );
  app.post(
    '/callLines',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'createCallLine',
        summary: 'Register a call line (a calling provider device)',
        errors: ['ERR_CALL_LINE_TOKEN_EXISTS', 'ERR_NO_WAPP_FOUND'],
        tags,
        body: ZCallLineInput,
        response: { 201: ZCallLine },
      },
    },
    async (req, reply) => {
      const r = await createCallLine(req.scope, req.body);
      return reply.status(201).send(presentCallLine(r.line, r.channelName, base(req)));
    },
  );
  app.put(
    '/callLines/:id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'updateCallLine',
        summary: 'Update a call line',
        errors: ['ERR_CALL_LINE_NOT_FOUND', 'ERR_CALL_LINE_TOKEN_EXISTS', 'ERR_NO_WAPP_FOUND'],
        tags,
        params: ZIdParams,
        body: ZCallLineInput,
        response: { 200: ZCallLine },
      },
    },
    async (req) => {
      const r = await updateCallLine(req.scope, req.params.id, req.body);
      return presentCallLine(r.line, r.channelName, base(req));
    },
  );
  app.delete(
    '/callLines/:id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'deleteCallLine',
        summary: 'Delete a call line',
        errors: ['ERR_CALL_LINE_NOT_FOUND'],
        tags,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteCallLine(req.scope, req.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/user/channelwavoip',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listMyCallLines',
        summary: 'The call lines the signed-in user may call from (a channel’s first)',
        tags,
        querystring: ZUserCallLinesQuery,
        response: { 200: ZUserCallLines },
      },
    },
    async (req) => {
      const providerUrl = callProviderOf('wavoip').clientUrl(platform.config);
      const me = await req.scope.first(users, eq(users.id, req.auth.userId));
      if (!me || me.callsBlocked) return { providerUrl, lines: [] };
      const lines = await usableLinesOf(req.scope, req.auth.userId, req.query.channelId);
      return {
        providerUrl,
        lines: lines.map((l) => ({ id: l.id, name: l.name, token: l.token, channelId: l.channelId })),
      };
    },
  );

  app.post(
    '/calls/intents',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'createCallIntent',
        summary: 'Declare a call the user places or accepted (matched with the provider’s events)',
        errors: ['ERR_CALLS_BLOCKED', 'ERR_CALL_LINE_NOT_FOUND', 'ERR_NO_CONTACT_FOUND', 'ERR_NO_TICKET_FOUND'],
        tags,
        body: ZCallIntentInput,
        response: { 201: ZCallIntentCreated },
      },
    },
    async (req, reply) => reply.status(201).send(await recordIntent(req.scope, req.auth, req.body)),
  );

  app.get(
    '/calls/lookup',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'lookupCaller',
        summary: 'Who is calling: the contact of a number and its open ticket',
        tags,
        querystring: ZCallLookupQuery,
        response: { 200: ZCallLookup },
      },
    },
    (req) => lookupCaller(req.scope, req.auth, req.query.phone),
  );

  app.get(
    '/tickets/:ticketId/calls',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listTicketCalls',
        summary: "A ticket's calls, newest first",
        errors: ['ERR_NO_TICKET_FOUND'],
        tags,
        params: ZTicketIdParams,
        response: { 200: ZTicketCalls },
      },
    },
    async (req) => {
      const viewer = await loadViewer(req.scope, req.auth);
      await getVisibleTicket(req.scope, viewer, req.params.ticketId);
      return { calls: await ticketCalls(req.scope, req.params.ticketId, masksNumbers(viewer)) };
    },
  );

  app.get(
    '/callLogs/:id/recording',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getCallRecording',
        summary: "A call's recording, through Prosa's access checks",
        binary: ['audio/wav', 'audio/mpeg', 'audio/ogg', 'audio/webm', 'application/octet-stream'],
        errors: ['ERR_NO_RECORDING'],
        tags,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      const rec = await readRecording(req.scope, req.auth, platform.config, req.params.id);
      const type = AUDIO.test(rec.contentType) ? rec.contentType : 'application/octet-stream';
      reply
        .header('Content-Type', type)
        .header(
          'Content-Disposition',
          `${type === 'application/octet-stream' ? 'attachment' : 'inline'}; filename="call-${req.params.id}"`,
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-cache');
      if (rec.contentLength !== null) reply.header('Content-Length', rec.contentLength);
      return reply.send(rec.body);
    },
  );
};
