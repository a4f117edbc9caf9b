/**
 * "Webhooks verify, store, enqueue" (HOUSE.md rule 8). A verified provider payload is written to
 * inbound_events before the provider gets its 200, then parsed and ingested by a job. If the
 * process dies in between, the inbound sweeper finds the unprocessed row and enqueues it again;
 * ingestion deduplicates by provider id, so running a payload twice stores nothing twice.
 */
import { inboundEvents } from '../../../platform/db/schema.js';
import { withTenant } from '../../../platform/db/tenant-scope.js';
import type { Platform } from '../../../platform/platform.js';
import { enqueue } from '../../../platform/jobs/enqueue.js';
import type { ChannelRow } from '../../channels/channel-adapter.js';
import { processInboundJob } from './process-inbound.job.js';

export async function storeInbound(platform: Platform, channel: ChannelRow, payload: unknown): Promise<number> {
  return withTenant(platform.db, channel.tenantId, (scope) =>
    scope.transaction(async (tx) => {
      const row = await tx.insert(inboundEvents, { channelId: channel.id, payload: payload ?? null });
      enqueue(tx, processInboundJob, { eventId: row.id });
      return row.id;
    }),
  );
}
