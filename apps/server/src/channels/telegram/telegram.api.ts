/**
 * The Telegram Bot API client of one channel (grammY's `Api`), pointed at TELEGRAM_API_ROOT so
 * tests and the sandbox talk to the local stand-in, through the channel's proxy when it has one
 * (grammY fetches with node-fetch, which takes a Node agent), and the mapping of its failures.
 */
import { Api, GrammyError, HttpError } from 'grammy';
import type { Platform } from '../../platform/platform.js';
import { proxyAgentOf } from '../../platform/security/proxy.js';
import { ChannelSendError, type ChannelRow } from '../../modules/channels/channel-adapter.js';

/** The update kinds Prosa handles; others are not even sent by Telegram. */
/** my_chat_member: in a private chat, the user blocked (or unblocked) the bot. */
export const ALLOWED_UPDATES = ['message', 'edited_message', 'message_reaction', 'my_chat_member'] as const;

export function apiRootOf(platform: Platform): string {
  return platform.config.providers.telegramApiRoot;
}

/** Calls other than long polls and sends give up after this long; a send may upload a big file. */
const REQUEST_TIMEOUT_SECONDS = 60;
/** SPEC §9: send message timeout. */
export const SEND_TIMEOUT_SECONDS = 240;

/** A bot token alone (no channel yet), or the channel's token and proxy. */
export type TelegramAuth = string | Pick<ChannelRow, 'token' | 'proxy'>;

export function telegramApi(platform: Platform, auth: TelegramAuth, timeoutSeconds = REQUEST_TIMEOUT_SECONDS): Api {
  const { token, proxy } = typeof auth === 'string' ? { token: auth, proxy: '' } : auth;
  const agent = proxyAgentOf(proxy);
  return new Api(token, {
    apiRoot: apiRootOf(platform),
    timeoutSeconds,
    ...(agent ? { baseFetchConfig: { agent } } : {}),
  });
}

export const apiOf = (platform: Platform, channel: ChannelRow, timeoutSeconds?: number) =>
  telegramApi(platform, channel, timeoutSeconds);

/** The bot token is wrong or revoked: Telegram answers 401 Unauthorized (404 for a malformed one). */
export const isTokenRejected = (err: unknown) =>
  err instanceof GrammyError && (err.error_code === 401 || err.error_code === 404);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits at most this long in-process for a 429's retry_after before leaving it to the job's retry. */
const MAX_INLINE_WAIT_SECONDS = 5;

/**
 * Runs one send, honouring a short `retry_after` once in-process (Telegram's flood control);
 * otherwise maps the failure: 429, 5xx and network errors are retried by the send job, a chat
 * that does not exist or a user who blocked the bot fails the message for good.
 */
export async function callSend<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const wait = err instanceof GrammyError && err.error_code === 429 ? (err.parameters.retry_after ?? 1) : null;
    if (wait === null || wait > MAX_INLINE_WAIT_SECONDS) throw sendErrorOf(err);
    await sleep(wait * 1000);
    try {
      return await fn();
    } catch (again) {
      throw sendErrorOf(again);
    }
  }
}

export function sendErrorOf(err: unknown): Error {
  if (err instanceof ChannelSendError) return err;
  if (err instanceof HttpError) return new ChannelSendError('ERR_SENDING_WAPP_MSG', true);
  if (!(err instanceof GrammyError)) return err instanceof Error ? err : new Error(String(err));
  const code = err.error_code;
  if (code === 429 || code >= 500) return new ChannelSendError('ERR_SENDING_WAPP_MSG', true);
  if (code === 401 || code === 404) return new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
  if (code === 403 || /chat not found|user not found|peer_id_invalid|chat_id is empty/i.test(err.description))
    return new ChannelSendError('ERR_WAPP_INVALID_CONTACT', false);
  return new ChannelSendError('ERR_SENDING_WAPP_MSG', false);
}
