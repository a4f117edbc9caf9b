/**
 * Connecting a Telegram bot. With a public URL (PUBLIC_URL) Telegram pushes updates to the webhook
 * route and there is no session to keep. Without one (a local install behind NAT) the bot long-
 * polls getUpdates: each update is stored durably (ctx.receive) before the offset moves past it,
 * so a crash re-fetches the unconfirmed ones and the inbound path drops what it already has.
 */
import { GrammyError, type Api } from 'grammy';
import type { Update } from 'grammy/types';
import type { Database } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import type { ChannelSession, SessionContext, SessionState } from '../../modules/channels/channel-adapter.js';
import { ALLOWED_UPDATES, apiOf, isTokenRejected, telegramApi } from './telegram.api.js';

export interface PollingOptions {
  /** Seconds one getUpdates is held open by Telegram while nothing arrives. */
  timeoutSeconds: number;
  /** Wait before the next try after `failures` consecutive failures. */
  backoffMs(failures: number): number;
}

export const DEFAULT_POLLING: PollingOptions = {
  timeoutSeconds: 25,
  backoffMs: (n) => Math.min(1000 * 2 ** Math.min(n - 1, 5), 30_000),
};

export const webhookUrlOf = (publicUrl: string, webhookKey: string) =>
  `${publicUrl.replace(/\/+$/, '')}/webhooks/telegram/${webhookKey}`;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

export async function connectTelegram(
  ctx: SessionContext,
  polling: PollingOptions = DEFAULT_POLLING,
): Promise<ChannelSession | void> {
  const { platform, channel } = ctx;
  const api = apiOf(platform, channel);
  let username: string;
  try {
    username = (await api.getMe()).username;
  } catch (err) {
    if (isTokenRejected(err)) {
      await ctx.report({ status: 'DISCONNECTED' });
      throw new AppError('ERR_CHANNEL_TOKEN_INVALID');
    }
    await ctx.report({ status: 'TIMEOUT', retries: channel.retries + 1 });
    throw err;
  }
  const number = `@${username}`;
  const publicUrl = platform.config.publicUrl;
  if (publicUrl) {
    const secret = typeof channel.config.webhookSecret === 'string' ? channel.config.webhookSecret : '';
    if (!secret || !channel.webhookKey) throw new Error('telegram channel without webhook key or secret');
    await api.setWebhook(webhookUrlOf(publicUrl, channel.webhookKey), {
      secret_token: secret,
      allowed_updates: [...ALLOWED_UPDATES],
    });
    await ctx.report({ status: 'CONNECTED', number, retries: 0 });
    return;
  }
  // getUpdates answers 409 while a webhook is set (left by an earlier deployment with a public URL).
  await api.deleteWebhook();
  await ctx.report({ status: 'CONNECTED', number, retries: 0 });
  return startPolling(ctx, number, polling);
}

/**
 * Polling sessions running in this process, by database and channel id: disconnect stops its own,
 * never a session of another app in the process whose database has a channel of the same id.
 */
const pollingBy = new WeakMap<Database, Map<number, ChannelSession>>();
function pollingOf(db: Database): Map<number, ChannelSession> {
  let polling = pollingBy.get(db);
  if (!polling) pollingBy.set(db, (polling = new Map()));
  return polling;
}

/** Removes the webhook, so Telegram keeps the updates until the next connection fetches them. */
export async function disconnectTelegram(ctx: Pick<SessionContext, 'platform' | 'channel'>): Promise<void> {
  await pollingOf(ctx.platform.db).get(ctx.channel.id)?.stop();
  try {
    await apiOf(ctx.platform, ctx.channel).deleteWebhook();
  } catch (err) {
    // A revoked token has no webhook left to remove.
    if (!isTokenRejected(err)) throw err;
  }
}

function startPolling(ctx: SessionContext, number: string, opts: PollingOptions): ChannelSession {
  // The client waits a bit longer than Telegram holds the poll, so a slow answer is not cut off.
  const api: Api = telegramApi(ctx.platform, ctx.channel, opts.timeoutSeconds + 30);
  const polling = pollingOf(ctx.platform.db);
  const abort = new AbortController();
  const log = ctx.platform.log;
  let failures = 0;

  const report = async (state: SessionState) => {
    try {
      await ctx.report(state);
    } catch (err) {
      log.warn({ err, channelId: ctx.channel.id }, 'telegram: session state not saved');
    }
  };
  const failed = async (err: unknown) => {
    failures++;
    log.warn({ err, channelId: ctx.channel.id, failures }, 'telegram: long polling failed, retrying');
    await report({ status: 'TIMEOUT', retries: failures });
    // Flood control (429) says how long to wait; never retry sooner than that.
    const retryAfter = err instanceof GrammyError ? (err.parameters.retry_after ?? 0) * 1000 : 0;
    await sleep(Math.max(opts.backoffMs(failures), retryAfter), abort.signal);
  };

  let offset = 0;
  let confirmed = 0;
  const loop = async () => {
    while (!abort.signal.aborted) {
      let updates: Update[];
      try {
        updates = await api.getUpdates(
          { offset, timeout: opts.timeoutSeconds, allowed_updates: [...ALLOWED_UPDATES] },
          // grammY types the signal as its polyfill's; it only calls addEventListener on it.
          abort.signal as unknown as Parameters<Api['getUpdates']>[1],
        );
      } catch (err) {
        if (abort.signal.aborted) break;
        if (isTokenRejected(err)) {
          // The token was revoked in BotFather: polling again cannot succeed.
          await report({ status: 'DISCONNECTED' });
          break;
        }
        // Network errors, 5xx, 429, and 409 (another instance polls this bot, or a webhook was
        // set meanwhile): back off and try again, showing TIMEOUT until it recovers.
        await failed(err);
        continue;
      }
      confirmed = offset;
      if (failures > 0) {
        failures = 0;
        await report({ status: 'CONNECTED', number, retries: 0 });
      }
      for (const update of updates) {
        if (abort.signal.aborted) return;
        try {
          await ctx.receive(update);
        } catch (err) {
          // Not stored: the offset stays before it and the next getUpdates brings it back.
          await failed(err);
          break;
        }
        offset = update.update_id + 1;
      }
    }
  };

  const running = loop().catch((err: unknown) =>
    log.error({ err, channelId: ctx.channel.id }, 'telegram: polling loop ended'),
  );
  const session: ChannelSession = {
    async stop() {
      abort.abort();
      await running;
      if (polling.get(ctx.channel.id) === session) polling.delete(ctx.channel.id);
      if (offset <= confirmed) return;
      // Confirms what was stored since the last poll, so the next connection does not fetch it
      // again (it would be deduplicated anyway). Best effort and short.
      await telegramApi(ctx.platform, ctx.channel, 5)
        .getUpdates({ offset, limit: 1, timeout: 0 })
        .catch(() => undefined);
    },
  };
  polling.set(ctx.channel.id, session);
  return session;
}
