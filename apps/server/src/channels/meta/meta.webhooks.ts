// SECURITY-CRITICAL: the public webhooks of the Messenger and Instagram channels. GET answers Meta's
// verification handshake only for the channel's verify token; POST is accepted only with a valid
// X-Hub-Signature-256 over the exact bytes received, keyed by that channel's app secret. A payload
// is stored (and enqueued) before the 200, and parsed later (HOUSE.md rule 8).
import { ZOk } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error.js';
import type { Platform } from '../../platform/platform.js';
import { storeInbound } from '../../modules/messages/inbound/store-inbound.js';
import { answerHubHandshake, assertHubSigned, ZHubHandshake, ZWebhookKeyParams } from '../shared/hub-signature.js';
import { useRawJsonBody } from '../shared/raw-body.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import { accountOf, metaConfigOf, type MetaChannelType, type MetaConfig } from './meta.config.js';
import { metaChannelByWebhookKey, siblingChannel } from './meta.webhook-channel.js';

const tags = ['webhooks'];

type Entry = Record<string, unknown> & { id?: unknown };

/** Stores each entry for the channel it belongs to: this one, or a sibling page of the same app. */
async function storeByPage(platform: Platform, channel: ChannelRow, config: MetaConfig, body: unknown): Promise<void> {
  const root = body as { object?: unknown; entry?: unknown } | null;
  const { object, ids } = accountOf(config);
  if (!root || root.object !== object || !Array.isArray(root.entry)) return;
  const byChannel = new Map<number, { channel: ChannelRow; entries: Entry[] }>();
  for (const entry of root.entry as Entry[]) {
    const id = typeof entry?.id === 'string' || typeof entry?.id === 'number' ? String(entry.id) : '';
    const target = ids.includes(id) ? channel : await siblingChannel(platform, channel, config, id);
    if (!target) continue;
    const group = byChannel.get(target.id) ?? { channel: target, entries: [] };
    group.entries.push(entry);
    byChannel.set(target.id, group);
  }
  for (const { channel: target, entries } of byChannel.values())
    await storeInbound(platform, target, { object, entry: entries });
}

function webhookRoutes(type: MetaChannelType): FastifyPluginAsyncZod {
  return async (app) => {
    const { platform } = app;
    const path = `/webhooks/${type}/:key`;
    const name = type === 'messenger' ? 'Messenger' : 'Instagram';

    app.get(
      path,
      {
        config: { auth: 'public' },
        schema: {
          tags,
          operationId: `verify${name}Webhook`,
          summary: `Answer the ${name} webhook's verification challenge`,
          errors: ['ERR_WEBHOOK_SIGNATURE', 'ERR_NO_PERMISSION'],
          binary: 'text/plain',
          params: ZWebhookKeyParams,
          querystring: ZHubHandshake,
        },
      },
      async (req, reply) => {
        const channel = await metaChannelByWebhookKey(platform.db, type, req.params.key);
        const config = channel ? metaConfigOf(channel) : null;
        return answerHubHandshake(reply, req.query, config?.verifyToken);
      },
    );

    app.post(
      path,
      {
        config: { auth: 'public' },
        schema: {
          tags,
          operationId: `receive${name}Webhook`,
          summary: `Receive a ${name} notification (signed)`,
          errors: ['ERR_WEBHOOK_SIGNATURE'],
          params: ZWebhookKeyParams,
          response: { 200: ZOk },
        },
      },
      async (req) => {
        const channel = await metaChannelByWebhookKey(platform.db, type, req.params.key);
        const config = channel ? metaConfigOf(channel) : null;
        assertHubSigned(req, config?.appSecret);
        if (!channel || !config) throw new AppError('ERR_WEBHOOK_SIGNATURE');
        await storeByPage(platform, channel, config, req.body);
        return { ok: true as const };
      },
    );
  };
}

/** Both webhooks in one plugin: the raw-body parser stays inside it. */
export const metaWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  useRawJsonBody(app);
  await app.register(webhookRoutes('messenger'));
  await app.register(webhookRoutes('instagram'));
};
