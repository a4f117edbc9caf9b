/**
 * The delivery step: claim the pending row (one conditional UPDATE, so a retry and a sweeper's
 * re-enqueue never post it at the same time, and a delivered row is never posted again), POST it
 * signed, then mark it delivered, schedule the next attempt with exponential backoff, or give up
 * after WEBHOOK_MAX_ATTEMPTS. The row's next_attempt_at holds the lease of an attempt in flight.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import { apiConfigs, channels, channelWebhookDeliveries, integrations } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { jobsOf } from '../../platform/jobs/enqueue.js';
import type { Platform } from '../../platform/platform.js';
import { n8nHeaders } from '../integrations/drivers/n8n.js';
import { configOf } from '../integrations/integrations.queries.js';
import { deliverWebhookJob } from './jobs/deliver-webhook.job.js';
import { postSigned, WEBHOOK_TIMEOUT_MS } from './post-signed.js';

export const WEBHOOK_MAX_ATTEMPTS = 8;
/** Waits after failed attempts 1..7: 30 s, 1, 2, 4, 8, 16, 32 min (about an hour in all). */
export const WEBHOOK_BACKOFF_BASE_MS = 30_000;
const BACKOFF_CAP_MS = 3_600_000;
/** An attempt not finished within this (a crash mid-post) may be claimed again. */
const LEASE_MS = WEBHOOK_TIMEOUT_MS + 50_000;

export const backoffMs = (attempts: number) => Math.min(WEBHOOK_BACKOFF_BASE_MS * 2 ** (attempts - 1), BACKOFF_CAP_MS);

export type WebhookOutcome = 'delivered' | 'retry' | 'failed' | 'skipped';
type Row = typeof channelWebhookDeliveries.$inferSelect;

async function claim(scope: TenantScope, id: number, now: Date): Promise<Row | undefined> {
  const d = channelWebhookDeliveries;
  const [row] = await scope.update(
    d,
    { attempts: sql`${d.attempts} + 1` as unknown as number, nextAttemptAt: new Date(now.getTime() + LEASE_MS) },
    // A second of slack: a job may be picked up a moment before its stamped time.
    and(eq(d.id, id), eq(d.status, 'pending'), lte(d.nextAttemptAt, new Date(now.getTime() + 1_000)))!,
  );
  return row;
}

const finish = (scope: TenantScope, id: number, patch: Partial<Row>) =>
  scope.update(channelWebhookDeliveries, patch, eq(channelWebhookDeliveries.id, id));

interface Target {
  url: string;
  secret: string;
  headers?: Record<string, string>;
}

/**
 * The channel's webhook, the API configuration's status URL for its hooks (while active), or an
 * N8N/webhook integration's URL with its key header (while it is one).
 */
async function targetOf(platform: Platform, scope: TenantScope, row: Row): Promise<Target | null> {
  if (row.integrationId !== null) {
    const integration = await scope.first(integrations, eq(integrations.id, row.integrationId));
    if (integration?.type !== 'n8n' || !integration.url) return null;
    const cfg = configOf(integration, platform.config.encryptionSecret);
    return { url: cfg.url, secret: cfg.signingSecret ?? '', headers: n8nHeaders(cfg) };
  }
  if (row.apiConfigId !== null) {
    const config = await scope.first(apiConfigs, eq(apiConfigs.id, row.apiConfigId));
    return config?.active && config.statusUrl ? { url: config.statusUrl, secret: config.hookSecret } : null;
  }
  const channel = await scope.first(channels, eq(channels.id, row.channelId));
  return channel?.webhookUrl ? { url: channel.webhookUrl, secret: channel.webhookSecret } : null;
}

export async function deliverWebhook(
  platform: Platform,
  scope: TenantScope,
  deliveryId: number,
  now = new Date(),
): Promise<WebhookOutcome> {
  const row = await claim(scope, deliveryId, now);
  if (!row) return 'skipped';
  const target = await targetOf(platform, scope, row);
  if (!target) {
    await finish(scope, row.id, { status: 'failed', lastError: 'ERR_WEBHOOK_URL_REMOVED', nextAttemptAt: now });
    return 'failed';
  }
  const result = await postSigned({
    url: target.url,
    secret: target.secret,
    body: JSON.stringify(row.payload),
    event: row.event,
    deliveryId: row.id,
    allowPrivate: platform.config.webhookAllowPrivate,
    now,
    ...(target.headers ? { headers: target.headers } : {}),
  });
  if (result.ok) {
    await finish(scope, row.id, {
      status: 'delivered',
      deliveredAt: new Date(),
      responseStatus: result.status,
      lastError: null,
    });
    return 'delivered';
  }
  const failure = { responseStatus: result.status, lastError: result.error.slice(0, 500) };
  if (!result.retryable || row.attempts >= WEBHOOK_MAX_ATTEMPTS) {
    await finish(scope, row.id, { ...failure, status: 'failed', nextAttemptAt: now });
    return 'failed';
  }
  const next = new Date(now.getTime() + backoffMs(row.attempts));
  await finish(scope, row.id, { ...failure, nextAttemptAt: next });
  // A lost send is repaired by the sweeper once next_attempt_at is overdue.
  await jobsOf(scope.database)
    .send(
      deliverWebhookJob,
      { tenantId: scope.tenantId, deliveryId: row.id },
      { startAfter: next, singletonKey: `webhook:${row.id}:${row.attempts}` },
    )
    .catch((err: unknown) => platform.log.warn({ err, deliveryId: row.id }, 'webhook retry not queued'));
  return 'retry';
}
