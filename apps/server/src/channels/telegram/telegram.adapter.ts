/**
 * The Telegram channel, through the Bot API (grammY's client): a bot token per channel, updates by
 * webhook when Prosa has a public URL, else by long polling; text and files both ways, reactions,
 * edits and deletions both ways (telegram.actions.ts; a customer's deletion is not told to bots).
 */
import { registerChannelAdapter } from '../../modules/channels/channel-registry.js';
import type { ChannelAdapter } from '../../modules/channels/channel-adapter.js';
import { deleteTelegram, editTelegram, reactTelegram, TELEGRAM_REACTIONS } from './telegram.actions.js';
import { parseTelegramUpdate } from './telegram.parser.js';
import { sendTelegram } from './telegram.send.js';
import { connectTelegram, DEFAULT_POLLING, disconnectTelegram, type PollingOptions } from './telegram.session.js';

/** `polling` is for tests, which poll with short timeouts and backoffs. */
export function createTelegramAdapter(polling: PollingOptions = DEFAULT_POLLING): ChannelAdapter {
  return {
    type: 'telegram',
    // Bots upload files up to 50 MB, and react only with Telegram's list of emoji.
    capabilities: {
      media: true,
      reactions: true,
      reactionEmojis: TELEGRAM_REACTIONS,
      edit: true,
      delete: true,
      maxFileBytes: 50 * 1024 * 1024,
    },
    send: sendTelegram,
    react: reactTelegram,
    edit: editTelegram,
    delete: deleteTelegram,
    parse: parseTelegramUpdate,
    connect: (ctx) => connectTelegram(ctx, polling),
    disconnect: (platform, channel) => disconnectTelegram({ platform, channel }),
  };
}

export const telegramAdapter = createTelegramAdapter();

registerChannelAdapter(telegramAdapter);
