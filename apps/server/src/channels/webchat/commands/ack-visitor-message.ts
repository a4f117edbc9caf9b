/**
 * The widget says it showed (delivered) or the visitor saw (read) an agent's message. The status
 * goes through the shared inbound status path, as a provider's receipt would; only a message of
 * this visitor's own conversation can be marked.
 */
import { withTenant } from '../../../platform/db/tenant-scope.js';
import type { Platform } from '../../../platform/platform.js';
import { ingestInbound } from '../../../modules/messages/commands/ingest-inbound.js';
import type { ChannelRow } from '../../../modules/channels/channel-adapter.js';
import { outboundExternalId } from '../webchat.adapter.js';
import { visitorOutbound } from '../webchat.queries.js';

/**
 * The adapter emits to the widget before the outbound job records the send (status and external
 * id), so a fast widget can acknowledge first: wait for the record a few times before giving up.
 */
const RECORD_WAITS_MS = [100, 300, 1000];

export async function ackVisitorMessage(
  platform: Platform,
  channel: ChannelRow,
  visitorId: string,
  messageId: number,
  status: 'delivered' | 'read',
): Promise<boolean> {
  return withTenant(platform.db, channel.tenantId, async (scope) => {
    const event = { kind: 'status', externalId: outboundExternalId(messageId), status } as const;
    for (let attempt = 0; ; attempt++) {
      const found = await visitorOutbound(scope, channel.id, visitorId, messageId);
      if (!found) return false;
      if (found.externalId) {
        await ingestInbound(scope, channel, event);
        return true;
      }
      const wait = RECORD_WAITS_MS[attempt];
      if (wait === undefined) return false;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  });
}
