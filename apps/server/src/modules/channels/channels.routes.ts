import {
  ZAdminChannel,
  ZChannel,
  ZChannelCreate,
  ZChannelSessionDelete,
  ZChannelUpdate,
  ZIdParams,
  ZUserChannel,
  ZUserChannelQuery,
} from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { channelAdapters } from './channel-registry.js';
import { listAllChannels } from './admin-channels.queries.js';
import { credentialsChanged } from './channel-secrets.js';
import { presentChannel, presentUserChannel, publicBase } from './channels.presenter.js';
import { getChannel, listChannels } from './channels.queries.js';
import { createChannel } from './commands/create-channel.js';
import { deleteChannel } from './commands/delete-channel.js';
import { updateChannel } from './commands/update-channel.js';

const schema = { tags: ['channels'], security: [{ bearer: [] }] };
const admin = { auth: 'admin' } as const;

/** Channels (/sessoes): settings for admins, session actions, the operator's list, a picker for users. */
export const channelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platform } = app;
  const base = (req: FastifyRequest) => publicBase(platform.config.publicUrl, `${req.protocol}://${req.host}`);

  app.get(
    '/channels',
    {
      config: admin,
      schema: {
        operationId: 'listChannels',
        summary: 'List the channels',
        ...schema,
        response: { 200: z.array(ZChannel) },
      },
    },
    async (req) => (await listChannels(req.scope)).map((row) => presentChannel(row, base(req))),
  );
  app.post(
    '/channels',
    {
      config: admin,
      schema: {
        operationId: 'createChannel',
        summary: 'Create a channel',
        errors: [
          'ERR_CHANNEL_NAME_EXISTS',
          'ERR_CHANNEL_NOT_SUPPORTED',
          'ERR_CHANNEL_TOKEN_INVALID',
          'ERR_CONNECTION_LIMIT_REACHED',
          'ERR_NO_QUEUE_FOUND',
          'ERR_NO_USER_FOUND',
          'ERR_PROXY_PRIVATE_ADDRESS',
          'ERR_PROVIDER_UNAVAILABLE',
        ],
        ...schema,
        body: ZChannelCreate,
        response: { 201: ZChannel },
      },
    },
    async (req, reply) =>
      reply.status(201).send(presentChannel(await createChannel(req.scope, req.body, base(req)), base(req))),
  );
  app.get(
    '/channels/:id',
    {
      config: admin,
      schema: {
        operationId: 'getChannel',
        summary: 'Read a channel',
        errors: ['ERR_NO_WAPP_FOUND'],
        ...schema,
        params: ZIdParams,
        response: { 200: ZChannel },
      },
    },
    async (req) => presentChannel(await getChannel(req.scope, req.params.id), base(req)),
  );
  app.put(
    '/channels/:id',
    {
      config: admin,
      schema: {
        operationId: 'updateChannel',
        summary: 'Update a channel',
        errors: [
          'ERR_NO_WAPP_FOUND',
          'ERR_CHANNEL_NAME_EXISTS',
          'ERR_CHANNEL_TOKEN_INVALID',
          'ERR_NO_QUEUE_FOUND',
          'ERR_NO_USER_FOUND',
          'ERR_PROXY_PRIVATE_ADDRESS',
          'ERR_PROVIDER_UNAVAILABLE',
        ],
        ...schema,
        params: ZIdParams,
        body: ZChannelUpdate,
        response: { 200: ZChannel },
      },
    },
    async (req) => {
      const { before, after } = await updateChannel(req.scope, req.params.id, req.body, base(req));
      // New credentials take effect at once on a channel that is meant to be up.
      if (
        after.status !== 'DISCONNECTED' &&
        channelAdapters[after.type]?.connect &&
        credentialsChanged(before, after)
      ) {
        await platform.sessions
          .restart(req.auth.tenantId, after.id)
          .catch((err) => req.log.warn({ err, channelId: after.id }, 'channel not reconnected after update'));
      }
      return presentChannel(await getChannel(req.scope, after.id), base(req));
    },
  );
  app.delete(
    '/channels/:id',
    {
      config: admin,
      schema: {
        operationId: 'deleteChannel',
        summary: 'Delete a channel',
        errors: ['ERR_NO_WAPP_FOUND'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteChannel(platform, req.scope, req.params.id, base(req));
      return reply.status(204).send();
    },
  );

  // Session actions: connect, restart, disconnect (with logout unless ?logout=false).
  app.post(
    '/channels/:id/session',
    {
      config: admin,
      schema: {
        operationId: 'startChannelSession',
        summary: "Connect a channel's session",
        errors: ['ERR_NO_WAPP_FOUND', 'ERR_CHANNEL_TOKEN_INVALID', 'ERR_PROVIDER_UNAVAILABLE'],
        ...schema,
        params: ZIdParams,
        response: { 200: ZChannel },
      },
    },
    async (req) => presentChannel(await platform.sessions.connect(req.auth.tenantId, req.params.id), base(req)),
  );
  app.put(
    '/channels/:id/session',
    {
      config: admin,
      schema: {
        operationId: 'restartChannelSession',
        summary: "Reconnect a channel's session (new QR code)",
        errors: ['ERR_NO_WAPP_FOUND', 'ERR_CHANNEL_TOKEN_INVALID', 'ERR_PROVIDER_UNAVAILABLE'],
        ...schema,
        params: ZIdParams,
        response: { 200: ZChannel },
      },
    },
    async (req) => presentChannel(await platform.sessions.restart(req.auth.tenantId, req.params.id), base(req)),
  );
  app.delete(
    '/channels/:id/session',
    {
      config: admin,
      schema: {
        operationId: 'stopChannelSession',
        summary: "Disconnect a channel's session",
        errors: ['ERR_NO_WAPP_FOUND'],
        ...schema,
        params: ZIdParams,
        querystring: ZChannelSessionDelete,
        response: { 200: ZChannel },
      },
    },
    async (req) =>
      presentChannel(
        await platform.sessions.disconnect(req.auth.tenantId, req.params.id, { logout: req.query.logout }),
        base(req),
      ),
  );

  app.get(
    '/admin/channels',
    {
      config: { auth: 'operator' },
      schema: {
        operationId: 'listAllChannels',
        summary: 'List the channels of every company (platform operator)',
        ...schema,
        response: { 200: z.array(ZAdminChannel) },
      },
    },
    () => listAllChannels(platform.db),
  );
  app.get(
    '/user/channel/',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listUserChannels',
        summary: 'List the channels the user may work on',
        ...schema,
        querystring: ZUserChannelQuery,
        response: { 200: z.array(ZUserChannel) },
      },
    },
    async (req) => (await listChannels(req.scope, req.query.type)).map(presentUserChannel),
  );
};
