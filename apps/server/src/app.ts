/**
 * The app composition: the one place that knows every layer. The platform (platform/) runs what it
 * is given; the desk (modules/) offers the channel port (modules/channels/channel-adapter.ts,
 * channel-registry.ts, the inbound store and the session supervisor); the adapters (channels/)
 * implement it. Import graph: channels -> modules -> platform, and only this file sees all three.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { channelJobs, registerChannels } from './channels/index.js';
import { registerModules } from './modules/index.js';
import { jobRegistry } from './modules/jobs.registry.js';
import { createSessionSupervisor, type SessionSupervisorOptions } from './modules/channels/session/supervisor.js';
import { buildPlatformApp, type BuildOptions as PlatformBuildOptions } from './platform/http/app.js';

export interface BuildOptions extends PlatformBuildOptions {
  sessionOptions?: SessionSupervisorOptions;
}

/** The desk's routes, then the channels' routes (the order they always had). */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(registerModules);
  await app.register(registerChannels);
};

export function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  return buildPlatformApp(opts, {
    routes,
    jobs: [...jobRegistry, ...channelJobs],
    sessions: (platformOf) => createSessionSupervisor(platformOf, opts.sessionOptions),
  });
}
