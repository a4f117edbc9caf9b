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
}

export function defineJob<T>(def: JobDefinition<T>): JobDefinition<T> {
  return def;
}
