/**
 * Our reaction to a message of a Messenger or Instagram conversation, through the Send API's
 * sender actions: POST /{page-id}/messages with `sender_action` "react" (payload: the message id
 * and the reaction) or "unreact" (the message id only). Messenger takes any emoji; Instagram only
 * its heart ("love"). Neither Send API edits or deletes a sent message.
 */
import type { Platform } from '../../platform/platform.js';
import { sameEmoji } from '../../modules/channels/message-actions.js';
import { graphJson } from '../shared/graph-api.js';
import { ChannelSendError, type ChannelRow, type MessageActionTarget } from '../../modules/channels/channel-adapter.js';
import { metaConfigOf } from './meta.config.js';
import { sendErrorOf } from './meta.send.js';

/** The one reaction Instagram takes, as the desk shows it. */
export const INSTAGRAM_REACTIONS = ['❤️'] as const;

export async function reactMeta(platform: Platform, channel: ChannelRow, target: MessageActionTarget, emoji: string) {
  const config = metaConfigOf(channel);
  if (!config || !channel.token) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
  const to = target.to.providerId ?? '';
  if (!/^\d{1,40}$/.test(to)) throw new ChannelSendError('ERR_WAPP_INVALID_CONTACT', false);
  let reaction: string | undefined;
  if (emoji && config.type === 'instagram') {
    if (!INSTAGRAM_REACTIONS.some((e) => sameEmoji(e, emoji)))
      throw new ChannelSendError('ERR_CHANNEL_NOT_SUPPORTED', false);
    reaction = 'love';
  } else if (emoji) reaction = emoji;
  try {
    await graphJson(platform, channel, 'POST', `/${config.pageId}/messages`, {
      recipient: { id: to },
      sender_action: reaction ? 'react' : 'unreact',
      payload: { message_id: target.externalId, ...(reaction ? { reaction } : {}) },
    });
  } catch (err) {
    const mapped = sendErrorOf(err);
    platform.log.warn(
      { channelId: channel.id, messageId: target.messageId, reason: mapped.message },
      'meta reaction failed',
    );
    throw mapped;
  }
}
