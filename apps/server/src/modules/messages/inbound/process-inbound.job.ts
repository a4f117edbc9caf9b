import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { ingestInbound } from '../commands/ingest-inbound.js';
import { channels, inboundEvents } from '../../../platform/db/schema.js';
import { withTenant } from '../../../platform/db/tenant-scope.js';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { channelAdapters } from '../../channels/channel-registry.js';

/**
 * Parses one stored inbound payload with its channel's adapter and ingests every event through
 * the shared inbound path. Events are ingested one by one (each deduplicated by provider id), so
 * a retry after a failure half-way stores the rest and nothing twice.
 */
export const processInboundJob = defineJob({
  id: 'channels.process-inbound',
  schema: z.object({ tenantId: z.number().int().positive(), eventId: z.number().int().positive() }),
  retryLimit: 5,
  retryDelaySeconds: 2,
  retryBackoff: true,
  // Fetched again at once while there is work: a backlog (a burst, the sweep after a crash) drains
  // at the speed of ingest, not one payload per polling interval (faults/kill-channel.test.ts).
  wake: true,
  // One payload a fetch, and (wake) the next fetch at once while there is work. 50 a fetch drained
  // faster in the soak but let a WhatsApp history's messages be stored before its contacts' LIDs
  // were joined (whatsapp.inbound.test.ts failed one run in three): the order matters there.
  batchSize: 1,
  async handler(data, { platform, scope }) {
    if (!scope) throw new Error('channels.process-inbound runs in a tenant scope');
    const event = await scope.first(inboundEvents, and(eq(inboundEvents.id, data.eventId), isNull(inboundEvents.processedAt))!);
    if (!event) return;
    const channel = await scope.first(channels, eq(channels.id, event.channelId));
    const adapter = channel ? channelAdapters[channel.type] : undefined;
    if (!channel || !adapter?.parse) {
      await scope.update(inboundEvents, { processedAt: new Date(), error: 'no adapter' }, eq(inboundEvents.id, event.id));
      return;
    }
    try {
      const parsed = await adapter.parse(platform, channel, event.payload);
      for (const e of parsed) await withTenant(platform.db, scope.tenantId, (s) => ingestInbound(s, channel, e));
      await scope.update(inboundEvents, { processedAt: new Date(), error: null }, eq(inboundEvents.id, event.id));
    } catch (err) {
      await scope.update(inboundEvents, { error: String((err as Error).message ?? err).slice(0, 500) }, eq(inboundEvents.id, event.id));
      throw err;
    }
  },
});
