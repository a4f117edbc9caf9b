import type { z } from 'zod';
import type { TenantScope } from '../db/tenant-scope.js';
import type { Platform } from '../platform.js';

export interface JobContext {
  platform: Platform;
  /** The tenant scope of the job's `tenantId`; jobs of one tenant never see another's rows. */
  scope?: TenantScope;
  attempt: number;
}

export interface JobDefinition<T> {
  /** Queue name, `domain.verb-noun`. */
  id: string;
  /** Payloads hold ids, not objects (house rule 10); a `tenantId` field scopes the job. */
  schema: z.ZodType<T>;
  handler: (data: T, ctx: JobContext) => Promise<void>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /** Run on a cron schedule (platform sweepers); the payload is then `{}`. */
  cron?: string;
  batchSize?: number;
  /**
   * How many jobs of one fetched batch run at once (default 1: one after another); a failure
   * retries the batch. For jobs that are safe to repeat and lock what they share (chatbot.step).
   * Kept well under the database pool's size, so requests still find connections.
   */
  parallel?: number;
  /**
   * With `parallel`: the jobs of a batch with the same lane (a ticket, say) run one after another
   * in fetch order (pg-boss's: priority, then creation), the lanes side by side. A batch is
   * finished before the next is fetched, so a lane's order also holds from one batch to the next.
   */
  laneOf?: (data: T) => string | number;
  /**
   * A job sent from this process wakes its worker here at once, and a full batch is followed by
   * the next fetch at once, instead of waiting out the polling interval (up to a second of latency
   * on every job, and a cap on throughput). For jobs on a user's path (the chatbot's step).
   */
  wake?: boolean;
}

export function defineJob<T>(def: JobDefinition<T>): JobDefinition<T> {
  return def;
}
