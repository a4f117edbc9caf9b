/**
 * Changes to a message already in a Telegram chat, through the Bot API: setMessageReaction (bots
 * may only use Telegram's fixed list of emoji, one reaction), editMessageText (editMessageCaption
 * for a file's caption) and deleteMessage. "Already so" answers count as done: the same text again
 * ("message is not modified"), a message already deleted ("message to delete not found").
 */
import { GrammyError } from 'grammy';
import type { ReactionTypeEmoji } from 'grammy/types';
import type { Platform } from '../../platform/platform.js';
import { sameEmoji } from '../../modules/channels/message-actions.js';
import { ChannelSendError, type ChannelRow, type MessageActionTarget } from '../../modules/channels/channel-adapter.js';
import { apiOf, callSend } from './telegram.api.js';
import { quotedMessageId } from './telegram.send.js';

/** The reactions Telegram lets bots set (ReactionTypeEmoji in the Bot API). */
export const TELEGRAM_REACTIONS = (
  '👍 👎 ❤ 🔥 🥰 👏 😁 🤔 🤯 😱 🤬 😢 🎉 🤩 🤮 💩 🙏 👌 🕊 🤡 🥱 🥴 😍 🐳 ❤‍🔥 🌚 🌭 💯 🤣 ⚡ 🍌 🏆 💔 🤨 😐 🍓 🍾 💋 🖕 😈 ' +
  '😴 😭 🤓 👻 👨‍💻 👀 🎃 🙈 😇 😨 🤝 ✍ 🤗 🫡 🎅 🎄 ☃ 💅 🤪 🗿 🆒 💘 🙉 🦄 😘 💊 🙊 😎 👾 🤷‍♂ 🤷 🤷‍♀ 😡'
).split(' ') as readonly ReactionTypeEmoji['emoji'][];

/** Telegram's own spelling of an emoji of its list (without the variation selector the desk may add). */
export function telegramReaction(emoji: string): ReactionTypeEmoji['emoji'] | undefined {
  return TELEGRAM_REACTIONS.find((r) => sameEmoji(r, emoji));
}

/** Runs a call where Telegram's 400 matching `pattern` means the change is already there. */
function unlessAlreadySo<T>(fn: () => Promise<T>, pattern: RegExp): () => Promise<T | true> {
  return async () => {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof GrammyError && err.error_code === 400 && pattern.test(err.description)) return true;
      throw err;
    }
  };
}

/** The chat and message ids of a message of this conversation. */
function where(target: MessageActionTarget): { chatId: string; messageId: number } {
  const chatId = target.to.providerId ?? '';
  const messageId = quotedMessageId(target.externalId, chatId);
  if (!/^-?\d+$/.test(chatId) || !messageId) throw new ChannelSendError('ERR_FETCH_WAPP_MSG', false);
  return { chatId, messageId };
}

export async function reactTelegram(
  platform: Platform,
  channel: ChannelRow,
  target: MessageActionTarget,
  emoji: string,
) {
  const { chatId, messageId } = where(target);
  const reaction = emoji ? telegramReaction(emoji) : undefined;
  if (emoji && !reaction) throw new ChannelSendError('ERR_CHANNEL_NOT_SUPPORTED', false);
  const api = apiOf(platform, channel);
  await callSend(() => api.setMessageReaction(chatId, messageId, reaction ? [{ type: 'emoji', emoji: reaction }] : []));
}

export async function editTelegram(platform: Platform, channel: ChannelRow, target: MessageActionTarget, body: string) {
  const { chatId, messageId } = where(target);
  const api = apiOf(platform, channel);
  await callSend(
    unlessAlreadySo(
      () =>
        target.hasMedia
          ? api.editMessageCaption(chatId, messageId, { caption: body })
          : api.editMessageText(chatId, messageId, body),
      /message is not modified/i,
    ),
  );
}

export async function deleteTelegram(platform: Platform, channel: ChannelRow, target: MessageActionTarget) {
  const { chatId, messageId } = where(target);
  const api = apiOf(platform, channel);
  await callSend(unlessAlreadySo(() => api.deleteMessage(chatId, messageId), /message to delete not found/i));
}
