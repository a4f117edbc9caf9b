/**
 * The channel adapters' own routes and jobs, registered once. Each adapter module registers itself
 * with the desk's registry (modules/channels/channel-registry.ts) on import; the app composition
 * (src/app.ts) wires this beside the desk's modules. Channels depend on the desk, never the reverse.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { JobDefinition } from '../platform/jobs/define-job.js';
import { metaRoutes } from './meta/meta.routes.js';
import { telegramRoutes } from './telegram/telegram.routes.js';
import { wavoipRoutes } from './wavoip/wavoip.routes.js';
import './wavoip/wavoip.adapter.js'; // registers the Wavoip calling provider (voice calls)
import { wabaRoutes } from './waba/waba.routes.js';
import { webchatRoutes } from './webchat/webchat.routes.js';
import './whatsapp/whatsapp.adapter.js'; // registers WhatsApp Web (a socket per channel, no routes)
import { fetchPicturesJob } from './whatsapp/whatsapp.pictures.js';

export const registerChannels: FastifyPluginAsync = async (app) => {
  await app.register(webchatRoutes);
  await app.register(wabaRoutes);
  await app.register(telegramRoutes);
  await app.register(metaRoutes);
  await app.register(wavoipRoutes);
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds jobs of every payload type
export const channelJobs: JobDefinition<any>[] = [fetchPicturesJob];
