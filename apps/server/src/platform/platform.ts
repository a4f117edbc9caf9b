import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { channels } from './db/schema.js';
import type { Jobs } from './jobs/jobs.js';
import type { Mailer } from './mail/mailer.js';
import type { Metrics } from './metrics/metrics.js';
import type { Realtime } from './realtime/realtime.js';

/** What every module may use: configuration, the database, mail and real time. No domain here. */
export interface Platform {
  config: Config;
  db: Database;
  mailer: Mailer;
  realtime: Realtime;
  jobs: Jobs;
  log: FastifyBaseLogger;
  /** Channel sessions (connect, restart, disconnect) and their lease across app instances. */
  sessions: ChannelSessions;
  /** Prometheus metrics: owners of a figure add their gauge at boot (`addGauge`); off by default. */
  metrics: Metrics;
}

type ChannelRow = typeof channels.$inferSelect;

/**
 * Live provider connections (WhatsApp Web sockets, polling) as the platform sees them: started
 * after listen, stopped first on close. The implementation is the desk's session supervisor
 * (modules/channels/session/supervisor.ts), handed to buildApp by the app composition (src/app.ts):
 * the platform layer imports nothing from modules/ or channels/.
 */
export interface ChannelSessions {
  /** This app instance's name in `session_owner`. */
  readonly instanceId: string;
  /** Whether this instance runs the channel's session now. */
  isRunning(channelId: number): boolean;
  connect(tenantId: number, channelId: number): Promise<ChannelRow>;
  restart(tenantId: number, channelId: number): Promise<ChannelRow>;
  disconnect(tenantId: number, channelId: number, opts?: { logout?: boolean }): Promise<ChannelRow>;
  startAll(): Promise<void>;
  stopAll(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}
