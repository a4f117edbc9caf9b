/**
 * A visitor's message. Prosa is the provider here, so there is no webhook payload to store first
 * (house rule 8 is for providers): the message goes straight through the one inbound path, with an
 * external id built from the widget's clientId so a retried POST stores one message.
 */
import { and, eq } from 'drizzle-orm';
import { messages } from '../../../platform/db/schema.js';
import { withTenant } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Platform } from '../../../platform/platform.js';
import { ingestInbound } from '../../../modules/messages/commands/ingest-inbound.js';
import type { ChannelRow } from '../../../modules/channels/channel-adapter.js';
import type { VisitorClaims } from '../visitor-token.js';
import type { WebchatMessageInput } from '../webchat.schemas.js';

export const inboundExternalId = (visitorId: string, clientId: string) => `wc-in-${visitorId}-${clientId}`;

export async function postVisitorMessage(
  platform: Platform,
  channel: ChannelRow,
  visitor: VisitorClaims,
  input: WebchatMessageInput,
): Promise<{ id: number; ticketId: number }> {
  const externalId = inboundExternalId(visitor.visitorId, input.clientId);
  return withTenant(platform.db, channel.tenantId, async (scope) => {
    const result = await ingestInbound(scope, channel, {
      kind: 'message',
      externalId,
      from: {
        providerId: visitor.visitorId,
        ...(visitor.name ? { name: visitor.name } : {}),
        ...(visitor.email ? { email: visitor.email } : {}),
      },
      body: input.text,
      mediaType: 'chat',
    });
    if (result.messageId && result.ticketId) {
      const stored = { id: result.messageId, ticketId: result.ticketId };
      if (!result.duplicate) {
        // The visitor's other tabs show it too; the sending tab knows it by id already.
        platform.realtime.emit(channel.tenantId, { kind: 'webchat', channelId: channel.id, visitorId: visitor.visitorId }, 'message', {
          id: stored.id,
          body: input.text,
          fromMe: false,
          createdAt: new Date().toISOString(),
        });
      }
      return stored;
    }
    // A duplicate may answer without ids: the first POST's message is the answer.
    const first = await scope.first(messages, and(eq(messages.channelId, channel.id), eq(messages.externalId, externalId)));
    if (!first) throw new AppError('ERR_CREATING_MESSAGE');
    return { id: first.id, ticketId: first.ticketId };
  });
}
