/**
 * A local stand-in of the Telegram Bot API (https://core.telegram.org/bots/api) on loopback: the
 * real paths (`/bot<token>/<method>`, `/file/bot<token>/<file_path>`), parameters as query, JSON,
 * urlencoded or multipart, and the real envelope `{ ok, result }` / `{ ok: false, error_code,
 * description, parameters }`. getUpdates long-polls for real and confirms updates by offset; a
 * set webhook receives each update as a POST with `X-Telegram-Bot-Api-Secret-Token`.
 *
 * Deviations, on purpose: webhooks may be plain http on any port (loopback), and URLs given as a
 * file to send are refused (the stand-in never fetches the internet).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BotApiError, BotState, type Json } from './bot-state.js';
import { botMethods, type BotAction, type MethodContext, type SentByBot } from './methods.js';
import { readParams } from './request-params.js';

export type { BotAction, SentByBot } from './methods.js';

export interface UserMessage {
  chatId: number;
  text?: string;
  caption?: string;
  photo?: Buffer;
  document?: { data: Buffer; fileName: string; mimeType: string };
  voice?: Buffer;
  /** message_id (in the same chat) this message replies to. */
  replyTo?: number;
  from?: { first_name: string; last_name?: string; username?: string };
  /** For a group chat (negative chatId): the sender's user id. */
  fromId?: number;
  title?: string;
}

export interface WebhookDelivery {
  updateId: number;
  /** Prosa's HTTP status, or null when the request failed. */
  status: number | null;
}

export interface TelegramStandIn {
  /** The API root to give Prosa (TELEGRAM_API_ROOT). */
  url: string;
  /** The one valid bot token; any other answers 401 Unauthorized. */
  token: string;
  bot: { id: number; username: string; first_name: string };
  /** A fake user writes to the bot: pushed to the webhook if one is set, else queued for getUpdates. */
  userSends(msg: UserMessage): Promise<{ update: Json; message: Json; webhookStatus?: number | null }>;
  /** The user edits a message they sent (an `edited_message` update). */
  userEdits(chatId: number, messageId: number, text: string): Promise<{ update: Json }>;
  /** The user reacts to a message (a `message_reaction` update); null takes the reaction back. */
  userReacts(chatId: number, messageId: number, emoji: string | null, fromId?: number): Promise<{ update: Json }>;
  /** Delivers an update again (Telegram retrying a webhook, or a poll confirmed by nobody). */
  redeliver(update: Json): Promise<number | null | undefined>;
  /** What the bot sent, in order, with the bytes of its files. */
  sent(): SentByBot[];
  /** Reactions, edits and deletions the bot made, in order (only the calls that took effect). */
  actions(): BotAction[];
  /** A message as the chat has it now (undefined once deleted). */
  message(chatId: number, messageId: number): Json | undefined;
  /** Every API call made, in order (method names as called). */
  calls(): string[];
  webhook(): { url: string; secret: string } | null;
  webhookDeliveries(): WebhookDelivery[];
  /** getUpdates requests being held open right now. */
  pendingPolls(): number;
  /** Makes a file downloadable under `fileId` (parser tests on recorded payloads). */
  putFile(fileId: string, data: Buffer, fileName?: string): void;
  /**
   * The next `n` API calls (of `method`, if given) answer `status` (429 with retry_after). The
   * method `'file'` targets file downloads instead.
   */
  failNext(n: number, status: number, retryAfter?: number, method?: string): void;
  /**
   * The user of `chatId` blocks the bot: sends answer 403, and the bot gets a `my_chat_member`
   * update with its new status `kicked` (https://core.telegram.org/bots/api#chatmemberupdated).
   */
  block(chatId: number): Promise<{ update: Json }>;
  close(): Promise<void>;
}

interface Waiter {
  res: ServerResponse;
  offset: number;
  limit: number;
  timer: NodeJS.Timeout;
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
const ok = (res: ServerResponse, result: unknown, description?: string) =>
  reply(res, 200, { ok: true, result, ...(description ? { description } : {}) });
const fail = (res: ServerResponse, e: BotApiError) =>
  reply(res, e.code, {
    ok: false,
    error_code: e.code,
    description: e.description,
    ...(e.parameters ? { parameters: e.parameters } : {}),
  });

export async function startTelegramStandIn(opts: { token?: string; port?: number } = {}): Promise<TelegramStandIn> {
  const token = opts.token ?? `${Math.floor(1e9 + Math.random() * 8e9)}:AA${randomBytes(24).toString('base64url')}`;
  const state = new BotState();
  let updateSeq = 100_000 + Math.floor(Math.random() * 1e6);
  let queue: Json[] = [];
  let hook: { url: string; secret: string } | null = null;
  let waiter: Waiter | null = null;
  const sent: SentByBot[] = [];
  const actions: BotAction[] = [];
  const reactions = new Map<string, Json[]>();
  const calls: string[] = [];
  const deliveries: WebhookDelivery[] = [];
  const failures: { remaining: number; status: number; retryAfter?: number; method?: string }[] = [];

  const pending = (offset: number, limit: number) =>
    queue.filter((u) => (u.update_id as number) >= offset).slice(0, limit);
  const wake = () => {
    if (!waiter) return;
    const batch = pending(waiter.offset, waiter.limit);
    if (!batch.length) return;
    const w = waiter;
    waiter = null;
    clearTimeout(w.timer);
    ok(w.res, batch);
  };
  const terminateWaiter = (description: string) => {
    if (!waiter) return;
    clearTimeout(waiter.timer);
    fail(waiter.res, new BotApiError(409, description));
    waiter = null;
  };

  async function postToWebhook(update: Json): Promise<number | null> {
    const target = hook!;
    let status: number | null = null;
    try {
      const r = await fetch(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(target.secret ? { 'x-telegram-bot-api-secret-token': target.secret } : {}),
        },
        body: JSON.stringify(update),
      });
      await r.arrayBuffer();
      status = r.status;
    } catch {
      status = null;
    }
    deliveries.push({ updateId: update.update_id as number, status });
    return status;
  }

  async function deliver(update: Json): Promise<number | null | undefined> {
    if (hook) return postToWebhook(update);
    queue.push(update);
    queue.sort((a, b) => (a.update_id as number) - (b.update_id as number));
    wake();
    return undefined;
  }

  const ctx: MethodContext = {
    state,
    record: (s) => void sent.push(s),
    recordAction: (a) => void actions.push(a),
    getUpdates(res, { offset, limit, timeout }) {
      if (hook)
        throw new BotApiError(
          409,
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        );
      // An offset confirms every update before it: they are never returned again.
      if (offset > 0) queue = queue.filter((u) => (u.update_id as number) >= offset);
      terminateWaiter(
        'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
      );
      const batch = pending(offset, limit);
      if (batch.length || timeout <= 0) return ok(res, batch);
      const timer = setTimeout(() => {
        if (waiter?.res === res) waiter = null;
        ok(res, []);
      }, timeout * 1000);
      waiter = { res, offset, limit, timer };
      // The client gave up (aborted long poll): nothing was handed over, so nothing is lost.
      res.on('close', () => {
        if (waiter?.res !== res) return;
        clearTimeout(timer);
        waiter = null;
      });
    },
    setWebhook(url, secret) {
      terminateWaiter(
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      );
      hook = url ? { url, secret } : null;
      if (hook) {
        const backlog = queue;
        queue = [];
        for (const u of backlog) void postToWebhook(u);
      }
    },
    webhookInfo: () => ({ url: hook?.url ?? '', has_custom_certificate: false, pending_update_count: queue.length }),
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (file) {
      const failure = failures.find((f) => f.remaining > 0 && f.method === 'file');
      if (failure) {
        failure.remaining--;
        return fail(res, new BotApiError(failure.status, 'Internal Server Error'));
      }
      const stored = file[1] === token ? state.fileByPath(decodeURIComponent(file[2]!)) : undefined;
      if (!stored) return fail(res, new BotApiError(404, 'Not Found'));
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': stored.data.length });
      res.end(stored.data);
      return;
    }
    const call = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    if (!call) return fail(res, new BotApiError(404, 'Not Found'));
    if (call[1] !== token) return fail(res, new BotApiError(401, 'Unauthorized'));
    const method = call[2]!;
    calls.push(method);
    const failure = failures.find(
      (f) => f.remaining > 0 && f.method !== 'file' && (!f.method || f.method.toLowerCase() === method.toLowerCase()),
    );
    if (failure) {
      failure.remaining--;
      await readParams(req, url).catch(() => undefined);
      return failure.status === 429
        ? fail(
            res,
            new BotApiError(429, `Too Many Requests: retry after ${failure.retryAfter ?? 1}`, {
              retry_after: failure.retryAfter ?? 1,
            }),
          )
        : fail(res, new BotApiError(failure.status, failure.status >= 500 ? 'Internal Server Error' : 'Bad Request'));
    }
    const impl = botMethods[method.toLowerCase()];
    if (!impl) return fail(res, new BotApiError(404, 'Not Found'));
    const params = await readParams(req, url);
    const result = await impl(ctx, params, res);
    if (result !== undefined) ok(res, result.result, result.description);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) =>
      fail(res, err instanceof BotApiError ? err : new BotApiError(400, `Bad Request: ${(err as Error).message}`)),
    );
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    bot: state.bot,
    async userSends(m) {
      const from = {
        id: m.chatId < 0 ? (m.fromId ?? 5_000_001) : m.chatId,
        is_bot: false,
        first_name: m.from?.first_name ?? 'Cliente',
        ...(m.from?.last_name ? { last_name: m.from.last_name } : {}),
        ...(m.from?.username ? { username: m.from.username } : {}),
        language_code: 'pt-br',
      };
      const chat = state.chat(m.chatId, { title: m.title, from: m.from });
      let content: Json = m.text !== undefined ? { text: m.text } : {};
      if (m.photo) {
        const thumb = state.storeFile(
          'photo',
          Buffer.concat([Buffer.from('thumb:'), m.photo.subarray(0, 32)]),
          'image/jpeg',
          'thumb.jpg',
        );
        content = state.mediaField('photo', state.storeFile('photo', m.photo, 'image/jpeg', 'photo.jpg'), { thumb });
      } else if (m.document)
        content = state.mediaField(
          'document',
          state.storeFile('document', m.document.data, m.document.mimeType, m.document.fileName),
        );
      else if (m.voice)
        content = state.mediaField('voice', state.storeFile('voice', m.voice, 'audio/ogg', 'voice.oga'));
      if (m.caption !== undefined) content.caption = m.caption;
      const message = state.addMessage(chat, from, content, m.replyTo);
      const update: Json = { update_id: ++updateSeq, message };
      const webhookStatus = await deliver(update);
      return { update, message, ...(webhookStatus !== undefined ? { webhookStatus } : {}) };
    },
    async userEdits(chatId, messageId, text) {
      const message = state.message(chatId, messageId);
      if (!message) throw new Error(`stand-in: no message ${chatId}:${messageId}`);
      const edited: Json = { ...message, text, edit_date: Math.floor(Date.now() / 1000) };
      state.replaceMessage(chatId, messageId, edited);
      const update: Json = { update_id: ++updateSeq, edited_message: edited };
      await deliver(update);
      return { update };
    },
    async userReacts(chatId, messageId, emoji, fromId) {
      const chat = state.knownChat(chatId);
      const user = { id: fromId ?? chatId, is_bot: false, first_name: 'Cliente' };
      const key = `${chatId}:${messageId}:${user.id}`;
      const old_reaction = reactions.get(key) ?? [];
      const new_reaction = emoji ? [{ type: 'emoji', emoji }] : [];
      reactions.set(key, new_reaction);
      const update: Json = {
        update_id: ++updateSeq,
        message_reaction: {
          chat,
          message_id: messageId,
          user,
          date: Math.floor(Date.now() / 1000),
          old_reaction,
          new_reaction,
        },
      };
      await deliver(update);
      return { update };
    },
    redeliver: (update) => deliver(structuredClone(update)),
    sent: () => [...sent],
    actions: () => [...actions],
    message: (chatId, messageId) => state.message(chatId, messageId),
    calls: () => [...calls],
    webhook: () => (hook ? { ...hook } : null),
    webhookDeliveries: () => [...deliveries],
    pendingPolls: () => (waiter ? 1 : 0),
    failNext(n, status, retryAfter, method) {
      failures.push({ remaining: n, status, retryAfter, method });
    },
    async block(chatId) {
      const chat = state.knownChat(chatId);
      state.block(chatId);
      const at = Math.floor(Date.now() / 1000);
      const user = { id: chatId, is_bot: false, first_name: (chat.first_name as string | undefined) ?? 'Cliente' };
      const bot = { id: state.bot.id, is_bot: true, first_name: state.bot.first_name, username: state.bot.username };
      // The shape of ChatMemberUpdated: chat, from, date, old_chat_member, new_chat_member.
      const update: Json = {
        update_id: ++updateSeq,
        my_chat_member: {
          chat,
          from: user,
          date: at,
          old_chat_member: { status: 'member', user: bot },
          new_chat_member: { status: 'kicked', user: bot, until_date: 0 },
        },
      };
      await deliver(update);
      return { update };
    },
    putFile(fileId, data, fileName = 'file') {
      const stored = state.storeFile('document', data, 'application/octet-stream', fileName);
      state.files.delete(stored.file_id);
      state.files.set(fileId, { ...stored, file_id: fileId });
    },
    async close() {
      if (waiter) clearTimeout(waiter.timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
