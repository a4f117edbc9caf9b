/**
 * A visitor's voice note: the recording made a voice note (voice-note.ts) and stored through the
 * one inbound path as an audio message, like a provider's voice message. The external id comes from
 * the widget's clientId, so a retried upload stores one message.
 */
import { and, eq } from 'drizzle-orm';
import { ingestInbound } from '../../../modules/messages/commands/ingest-inbound.js';
import { messages } from '../../../platform/db/schema.js';
import { withTenant } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Platform } from '../../../platform/platform.js';
import type { ChannelRow } from '../../../modules/channels/channel-adapter.js';
import type { VisitorClaims } from '../visitor-token.js';
import { asVoiceNote } from '../voice-note.js';
import { inboundExternalId } from './post-visitor-message.js';

export async function postVisitorVoice(
  platform: Platform,
  channel: ChannelRow,
  visitor: VisitorClaims,
  clientId: string,
  recording: Buffer,
): Promise<{ id: number; ticketId: number }> {
  const externalId = inboundExternalId(visitor.visitorId, clientId);
  const note = await asVoiceNote(recording);
  return withTenant(platform.db, channel.tenantId, async (scope) => {
    const result = await ingestInbound(scope, channel, {
      kind: 'message',
      externalId,
      from: {
        providerId: visitor.visitorId,
        ...(visitor.name ? { name: visitor.name } : {}),
        ...(visitor.email ? { email: visitor.email } : {}),
      },
      body: '',
      mediaType: 'audio',
      media: note,
    });
    if (result.messageId && result.ticketId) {
      const stored = { id: result.messageId, ticketId: result.ticketId };
      if (!result.duplicate) {
        // The visitor's other tabs show it too; the sending tab knows it by id already.
        platform.realtime.emit(
          channel.tenantId,
          { kind: 'webchat', channelId: channel.id, visitorId: visitor.visitorId },
          'message',
          {
            id: stored.id,
            body: '',
            fromMe: false,
            mediaType: 'audio',
            media: true,
            createdAt: new Date().toISOString(),
          },
        );
      }
      return stored;
    }
    const first = await scope.first(
      messages,
      and(eq(messages.channelId, channel.id), eq(messages.externalId, externalId)),
    );
    if (!first) throw new AppError('ERR_CREATING_MESSAGE');
    return { id: first.id, ticketId: first.ticketId };
  });
}
