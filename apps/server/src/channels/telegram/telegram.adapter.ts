/**
 * The Telegram channel, through the Bot API (grammY's client): a bot token per channel, updates by
 * webhook when Prosa has a public URL, else by long polling; text and files both ways.
 */
import { registerChannelAdapter } from '../registry.js';
import type { ChannelAdapter } from '../types.js';
import { parseTelegramUpdate } from './telegram.parser.js';
import { sendTelegram } from './telegram.send.js';
import { connectTelegram, DEFAULT_POLLING, disconnectTelegram, type PollingOptions } from './telegram.session.js';

/** `polling` is for tests, which poll with short timeouts and backoffs. */
export function createTelegramAdapter(polling: PollingOptions = DEFAULT_POLLING): ChannelAdapter {
  return {
    type: 'telegram',
    // Bots upload files up to 50 MB. Reactions, edits and deletions are not implemented yet.
    capabilities: { media: true, reactions: false, edit: false, delete: false, maxFileBytes: 50 * 1024 * 1024 },
    send: sendTelegram,
    parse: parseTelegramUpdate,
    connect: (ctx) => connectTelegram(ctx, polling),
    disconnect: (platform, channel) => disconnectTelegram({ platform, channel }),
  };
}

export const telegramAdapter = createTelegramAdapter();

registerChannelAdapter(telegramAdapter);
