/**
 * The web chat channel: Prosa is its own provider. Sending an agent's reply means emitting it to
 * the visitor's widget room on the `/webchat` namespace; the widget acknowledges display through
 * its socket (webchat.socket.ts), which marks the message delivered/read. Reactions, edits and
 * deletions are `update` events to the same room, naming the message by Prosa's id; the widget's
 * history (webchat.queries.ts) shows them too after a reload.
 */
import { withTenant } from '../../platform/db/tenant-scope.js';
import type { Platform } from '../../platform/platform.js';
import { registerChannelAdapter } from '../../modules/channels/channel-registry.js';
import { ChannelSendError, type ChannelAdapter, type ChannelRow, type MessageActionTarget } from '../../modules/channels/channel-adapter.js';
import { conversationEndState, endStateOf } from './webchat.queries.js';

export const outboundExternalId = (messageId: number) => `wc-out-${messageId}`;

/** What changed on a message the visitor sees: our reaction, its new text, or its deletion. */
export type WebchatUpdate = { id: number } & (
  { reaction: string } | { body: string; edited: true } | { deleted: true }
);

function emitUpdate(platform: Platform, channel: ChannelRow, target: MessageActionTarget, update: WebchatUpdate) {
  const visitorId = target.to.providerId;
  if (!visitorId) throw new ChannelSendError('web chat contact without a visitor id', false);
  platform.realtime.emit(channel.tenantId, { kind: 'webchat', channelId: channel.id, visitorId }, 'update', update);
}

export const webchatAdapter: ChannelAdapter = {
  type: 'webchat',
  // No provider window: the visitor may be answered at any time. Files (an agent's voice note)
  // are fetched by the widget from GET /webchat/:key/media/:id; audio plays in the widget.
  // The widget shows an agent's signature as the sender's name (senderLabel), not in the text.
  capabilities: { media: true, reactions: true, edit: true, delete: true, senderLabel: true },
  async react(platform, channel, target, emoji) {
    emitUpdate(platform, channel, target, { id: target.messageId, reaction: emoji });
  },
  async edit(platform, channel, target, body) {
    emitUpdate(platform, channel, target, { id: target.messageId, body, edited: true });
  },
  async delete(platform, channel, target) {
    emitUpdate(platform, channel, target, { id: target.messageId, deleted: true });
  },
  async send(platform, channel, message) {
    const visitorId = message.to.providerId;
    if (!visitorId) throw new ChannelSendError('web chat contact without a visitor id', false);
    // A reply to a closed conversation (farewell, rating question, thanks) tells the widget so.
    const state = message.ticket
      ? endStateOf(message.ticket)
      : await withTenant(platform.db, channel.tenantId, (scope) => conversationEndState(scope, message.ticketId));
    platform.realtime.emit(channel.tenantId, { kind: 'webchat', channelId: channel.id, visitorId }, 'message', {
      id: message.messageId,
      body: message.body,
      fromMe: true,
      senderName: message.senderName ?? '',
      mediaType: message.mediaType,
      media: !!message.media,
      ...state,
      createdAt: new Date().toISOString(),
    });
    return { externalId: outboundExternalId(message.messageId) };
  },
};

registerChannelAdapter(webchatAdapter);
