// SECURITY-CRITICAL: the web chat widget's public API, called from any website. There are no
// cookies: a visitor is its bearer visitor token, checked against the channel of the key in the
// path (a token of another channel or tenant answers 401). Writes are rate limited per visitor.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import { bearerToken } from '../../platform/http/authenticate.js';
import './webchat.adapter.js'; // registers the web chat adapter for the outbound job
import { postVisitorMessage } from './commands/post-visitor-message.js';
import { postVisitorVoice } from './commands/post-visitor-voice.js';
import { startVisitorSession } from './commands/start-visitor-session.js';
import { verifyVisitorToken, type VisitorClaims } from './visitor-token.js';
import { webchatAssets } from './webchat-assets.js';
import { channelByKey, visitorHistory, visitorMedia } from './webchat.queries.js';
import {
  ZWebchatHistory,
  ZWebchatKeyParams,
  ZWebchatMediaParams,
  ZWebchatMessageInput,
  ZWebchatPosted,
  ZWebchatSession,
  ZWebchatSessionInput,
  ZWebchatVoiceQuery,
} from './webchat.schemas.js';
import { VOICE_NOTE_MAX_BYTES } from './voice-note.js';
import { serveStoredFile } from '../../modules/messages/serve-stored-file.js';
import { setupWebchatNamespace, WEBCHAT_NAMESPACE } from './webchat.socket.js';
import { tellWidgetOfEnd } from './webchat.end-live.js';
import { watchTickets } from '../../modules/tickets/tickets.events.js';

const tags = ['webchat'];
export const MESSAGES_PER_MINUTE = 20;
export const MESSAGE_BODY_LIMIT = 16 * 1024;

/** CORS for the widget API: any origin, no credentials (auth is the bearer visitor token). */
function allowAnyOrigin(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
  reply.header('access-control-allow-headers', 'authorization, content-type');
  reply.header('access-control-max-age', '600');
}

export const webchatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platform } = app;
  const secret = platform.config.jwtSecret;
  platform.realtime.useNamespace(WEBCHAT_NAMESPACE, setupWebchatNamespace(platform));
  watchTickets(tellWidgetOfEnd);

  // Scoped to this plugin: only the widget API answers other origins. onSend also covers errors.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/webchat/')) allowAnyOrigin(reply);
    return payload;
  });
  app.options('/webchat/*', { config: { auth: 'public' }, schema: { hide: true } }, async (_req, reply) =>
    reply.status(204).send(),
  );

  // The visitor is verified (signature only) before the rate limit, which counts per visitor id
  // alone: the client IP may come from X-Forwarded-For (trustProxy), so adding it to the key would
  // let a visitor open a fresh bucket per forged header.
  const visitors = new WeakMap<FastifyRequest, VisitorClaims>();
  const verifyVisitor = async (req: FastifyRequest) => {
    const claims = await verifyVisitorToken(bearerToken(req), secret);
    if (!claims) throw new AppError('ERR_SESSION_EXPIRED');
    visitors.set(req, claims);
  };
  const perVisitor = (max: number) => ({
    max,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => `webchat:${visitors.get(req)?.visitorId ?? req.ip}`,
  });
  /** The visitor of this request, only when its token belongs to the channel of the key. */
  const visitorOf = (req: FastifyRequest, channel: { id: number; tenantId: number }): VisitorClaims => {
    const v = visitors.get(req);
    if (!v || v.channelId !== channel.id || v.tenantId !== channel.tenantId) throw new AppError('ERR_SESSION_EXPIRED');
    return v;
  };

  app.post(
    '/webchat/:key/session',
    {
      config: { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      bodyLimit: MESSAGE_BODY_LIMIT,
      schema: {
        operationId: 'startWebchatSession',
        summary: 'Start or resume a web chat visitor session',
        errors: ['ERR_NO_WAPP_FOUND', 'ERR_NOT_FOUND'],
        tags,
        params: ZWebchatKeyParams,
        body: ZWebchatSessionInput,
        response: { 200: ZWebchatSession },
      },
    },
    async (req) => startVisitorSession(platform, await channelByKey(platform.db, req.params.key), req.body),
  );

  app.post(
    '/webchat/:key/messages',
    {
      config: { auth: 'public', rateLimit: perVisitor(MESSAGES_PER_MINUTE) },
      onRequest: [verifyVisitor],
      bodyLimit: MESSAGE_BODY_LIMIT,
      schema: {
        operationId: 'sendWebchatMessage',
        summary: 'Send a visitor message',
        errors: ['ERR_NO_WAPP_FOUND', 'ERR_NOT_FOUND', 'ERR_SESSION_EXPIRED', 'ERR_CREATING_MESSAGE'],
        tags,
        params: ZWebchatKeyParams,
        body: ZWebchatMessageInput,
        response: { 201: ZWebchatPosted },
      },
    },
    async (req, reply) => {
      const channel = await channelByKey(platform.db, req.params.key);
      const posted = await postVisitorMessage(platform, channel, visitorOf(req, channel), req.body);
      return reply.status(201).send(posted);
    },
  );

  // A voice note is posted as the recording's bytes (audio/webm, audio/ogg, audio/mp4...); what
  // it really is is decided from the bytes (voice-note.ts).
  app.addContentTypeParser(
    /^audio\/|^video\/webm|^application\/octet-stream/,
    { parseAs: 'buffer' },
    (_req, body, done) => done(null, body),
  );
  app.post(
    '/webchat/:key/voice',
    {
      config: { auth: 'public', rateLimit: perVisitor(MESSAGES_PER_MINUTE) },
      onRequest: [verifyVisitor],
      bodyLimit: VOICE_NOTE_MAX_BYTES,
      schema: {
        operationId: 'sendWebchatVoice',
        summary: 'Send a visitor voice note',
        errors: [
          'ERR_NO_WAPP_FOUND',
          'ERR_NOT_FOUND',
          'ERR_SESSION_EXPIRED',
          'ERR_FILE_TOO_LARGE',
          'ERR_FILE_TYPE_NOT_ALLOWED',
        ],
        tags,
        params: ZWebchatKeyParams,
        querystring: ZWebchatVoiceQuery,
        response: { 201: ZWebchatPosted },
      },
    },
    async (req, reply) => {
      const channel = await channelByKey(platform.db, req.params.key);
      const visitor = visitorOf(req, channel);
      if (!Buffer.isBuffer(req.body)) throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED');
      const posted = await postVisitorVoice(platform, channel, visitor, req.query.clientId, req.body);
      return reply.status(201).send(posted);
    },
  );

  // A file of the visitor's own conversation (a voice note), for the widget to play. The widget
  // fetches it with its bearer token: there is no cookie, and the URL alone opens nothing.
  app.get(
    '/webchat/:key/media/:id',
    {
      config: { auth: 'public', rateLimit: perVisitor(120) },
      onRequest: [verifyVisitor],
      schema: {
        operationId: 'getWebchatMedia',
        binary: 'application/octet-stream',
        summary: "Download a file of the visitor's conversation",
        errors: ['ERR_NO_WAPP_FOUND', 'ERR_NOT_FOUND', 'ERR_SESSION_EXPIRED'],
        tags,
        params: ZWebchatMediaParams,
      },
    },
    async (req, reply) => {
      const channel = await channelByKey(platform.db, req.params.key);
      const visitor = visitorOf(req, channel);
      const media = await withTenant(platform.db, channel.tenantId, (scope) =>
        visitorMedia(scope, channel.id, visitor.visitorId, req.params.id),
      );
      if (!media) throw new AppError('ERR_NOT_FOUND');
      return serveStoredFile(reply, platform.db, media, { disposition: 'attachment' });
    },
  );

  app.get(
    '/webchat/:key/messages',
    {
      config: { auth: 'public', rateLimit: perVisitor(120) },
      onRequest: [verifyVisitor],
      schema: {
        operationId: 'listWebchatMessages',
        summary: "List the visitor's conversation",
        errors: ['ERR_NO_WAPP_FOUND', 'ERR_NOT_FOUND', 'ERR_SESSION_EXPIRED'],
        tags,
        params: ZWebchatKeyParams,
        response: { 200: ZWebchatHistory },
      },
    },
    async (req) => {
      const channel = await channelByKey(platform.db, req.params.key);
      const visitor = visitorOf(req, channel);
      return withTenant(platform.db, channel.tenantId, (scope) => visitorHistory(scope, channel.id, visitor.visitorId));
    },
  );

  await app.register(webchatAssets);
};
