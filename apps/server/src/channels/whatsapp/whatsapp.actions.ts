/**
 * Changes to a message already in a WhatsApp chat, through the channel's live socket, as WhatsApp
 * Web does them: a reaction is a message `{ react: { text, key } }` (text '' removes it), an edit
 * `{ edit: key, text }` and a deletion for everyone `{ delete: key }`, where `key` names the
 * message by chat, id and whether it is ours. Each request gets a WhatsApp message id of its own,
 * derived from it, so a retried call (the outbox retries) is the same message, not a second one.
 *
 * The chat is found as for a send (the contact's group or LID JID, else its number as WhatsApp
 * knows it). In groups, a customer's message is also named by its author, which Prosa does not
 * keep: a reaction to it is sent without one, and WhatsApp may not show it on that message.
 */
import { createHash } from 'node:crypto';
import type { AnyMessageContent, WAMessageKey } from 'baileys';
import type { Platform } from '../../platform/platform.js';
import { ChannelSendError, type ChannelRow, type MessageActionTarget } from '../../modules/channels/channel-adapter.js';
import { failed, recipientOf } from './whatsapp.send.js';
import { liveSocketOf, withTimeout, type LiveSocket } from './whatsapp.socket.js';

const ACTION_TIMEOUT_MS = 60_000;

type Kind = 'react' | 'edit' | 'delete';

/** A stable WhatsApp id for one request of a change (same shape as Baileys' own: 3EB0 + 18 hex). */
export const waActionIdOf = (channelId: number, kind: Kind, requestKey: string) =>
  `3EB0${createHash('sha256').update(`prosa-action:${channelId}:${kind}:${requestKey}`).digest('hex').slice(0, 18).toUpperCase()}`;

function socketOf(platform: Platform, channel: ChannelRow): LiveSocket {
  const live = liveSocketOf(channel.id, platform);
  if (!live || live.tenantId !== channel.tenantId) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', true);
  return live;
}

async function change(
  platform: Platform,
  channel: ChannelRow,
  target: MessageActionTarget,
  kind: Kind,
  content: (key: WAMessageKey) => AnyMessageContent,
): Promise<void> {
  const live = socketOf(platform, channel);
  const jid = await recipientOf(live, target.to);
  const key: WAMessageKey = { remoteJid: jid, id: target.externalId, fromMe: target.fromMe };
  try {
    await withTimeout(
      live.socket.sendMessage(jid, content(key), { messageId: waActionIdOf(channel.id, kind, target.requestKey) }),
      ACTION_TIMEOUT_MS,
      'sendMessage',
    );
  } catch (err) {
    throw failed(err);
  }
}

export async function reactWhatsapp(
  platform: Platform,
  channel: ChannelRow,
  target: MessageActionTarget,
  emoji: string,
) {
  return change(platform, channel, target, 'react', (key) => ({ react: { text: emoji, key } }));
}

export async function editWhatsapp(platform: Platform, channel: ChannelRow, target: MessageActionTarget, body: string) {
  if (!target.fromMe) throw new ChannelSendError('ERR_NO_PERMISSION', false);
  return change(platform, channel, target, 'edit', (key) => ({ edit: key, text: body }));
}

export async function deleteWhatsapp(platform: Platform, channel: ChannelRow, target: MessageActionTarget) {
  if (!target.fromMe) throw new ChannelSendError('ERR_NO_PERMISSION', false);
  return change(platform, channel, target, 'delete', (key) => ({ delete: key }));
}
