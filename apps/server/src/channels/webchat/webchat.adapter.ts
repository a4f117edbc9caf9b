/**
 * The web chat channel: Prosa is its own provider. Sending an agent's reply means emitting it to
 * the visitor's widget room on the `/webchat` namespace; the widget acknowledges display through
 * its socket (webchat.socket.ts), which marks the message delivered/read.
 */
import { registerChannelAdapter } from '../registry.js';
import { ChannelSendError, type ChannelAdapter } from '../types.js';

export const outboundExternalId = (messageId: number) => `wc-out-${messageId}`;

export const webchatAdapter: ChannelAdapter = {
  type: 'webchat',
  // Text only for now; no provider window: the visitor may be answered at any time.
  capabilities: { media: false, reactions: false, edit: false, delete: false },
  async send(platform, channel, message) {
    const visitorId = message.to.providerId;
    if (!visitorId) throw new ChannelSendError('web chat contact without a visitor id', false);
    platform.realtime.emit(channel.tenantId, { kind: 'webchat', channelId: channel.id, visitorId }, 'message', {
      id: message.messageId,
      body: message.body,
      fromMe: true,
      createdAt: new Date().toISOString(),
    });
    return { externalId: outboundExternalId(message.messageId) };
  },
};

registerChannelAdapter(webchatAdapter);
