import type { FastifyBaseLogger } from 'fastify';
import type { SessionSupervisor } from '../channels/session/supervisor.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Jobs } from './jobs/jobs.js';
import type { Mailer } from './mail/mailer.js';
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
  sessions: SessionSupervisor;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}
