/**
 * The Bot API methods the stand-in implements, with the real parameter names, results and error
 * descriptions (https://core.telegram.org/bots/api#available-methods).
 */
import type { ServerResponse } from 'node:http';
import { BotApiError, type BotState, type Json, type StoredFile } from './bot-state.js';
import { intField, jsonField, type RequestParams, type UploadedFile } from './request-params.js';

export interface SentByBot {
  method: string;
  chatId: number;
  messageId: number;
  text?: string;
  caption?: string;
  /** message_id the bot replied to (reply_parameters or the older reply_to_message_id). */
  replyTo?: number;
  file?: UploadedFile;
}

/** A change the bot made to a message already in a chat (setMessageReaction, edit..., deleteMessage). */
export interface BotAction {
  method: string;
  chatId: number;
  messageId: number;
  /** setMessageReaction: the emoji set ([] removes the bot's reaction). */
  reaction?: string[];
  text?: string;
  caption?: string;
}

export interface MethodContext {
  state: BotState;
  record(sent: SentByBot): void;
  recordAction(action: BotAction): void;
  /** Answers `res` itself: now, when an update arrives, or after `timeout` seconds. */
  getUpdates(res: ServerResponse, opts: { offset: number; limit: number; timeout: number }): void;
  setWebhook(url: string, secret: string): void;
  webhookInfo(): Json;
}

type Result = { result: unknown; description?: string } | undefined;
type Method = (ctx: MethodContext, params: RequestParams, res: ServerResponse) => Promise<Result> | Result;

const SECRET_RE = /^[A-Za-z0-9_-]{1,256}$/;

function required(params: RequestParams, name: string): unknown {
  const v = params.fields[name];
  if (v === undefined || v === null || v === '')
    throw new BotApiError(400, `Bad Request: parameter "${name}" is required`);
  return v;
}

function chatIdOf(params: RequestParams): number {
  const raw = required(params, 'chat_id');
  const id = intField(raw);
  // @channelusername chat ids are not supported by the stand-in: Prosa sends numeric ids.
  if (id === undefined) throw new BotApiError(400, 'Bad Request: chat not found');
  return id;
}

function replyToOf(ctx: MethodContext, params: RequestParams, chatId: number): number | undefined {
  const rp = jsonField<{ message_id?: number; allow_sending_without_reply?: boolean }>(params.fields.reply_parameters);
  const id = intField(rp?.message_id ?? params.fields.reply_to_message_id);
  if (id === undefined) return undefined;
  if (!ctx.state.hasMessage(chatId, id)) {
    if (rp?.allow_sending_without_reply) return undefined;
    throw new BotApiError(400, 'Bad Request: message to be replied not found');
  }
  return id;
}

/** The file of a send: an uploaded part (directly or by `attach://id`), or a known file_id. */
function inputFile(
  ctx: MethodContext,
  params: RequestParams,
  field: string,
): { upload?: UploadedFile; stored?: StoredFile } {
  const direct = params.files.get(field);
  if (direct) return { upload: direct };
  const value = required(params, field);
  if (typeof value !== 'string') throw new BotApiError(400, `Bad Request: invalid ${field}`);
  if (value.startsWith('attach://')) {
    const part = params.files.get(value.slice('attach://'.length));
    if (!part) throw new BotApiError(400, `Bad Request: ${field} not found in the request`);
    return { upload: part };
  }
  if (/^https?:\/\//i.test(value)) throw new BotApiError(400, 'Bad Request: wrong file identifier/HTTP URL specified');
  return { stored: ctx.state.fileById(value) };
}

function sendMedia(kind: 'photo' | 'document' | 'voice' | 'audio' | 'video'): Method {
  const method = `send${kind[0]!.toUpperCase()}${kind.slice(1)}`;
  return (ctx, params) => {
    const chatId = chatIdOf(params);
    const chat = ctx.state.knownChat(chatId);
    const { upload, stored } = inputFile(ctx, params, kind);
    const replyTo = replyToOf(ctx, params, chatId);
    const file = stored ?? ctx.state.storeFile(kind, upload!.data, upload!.mimeType, upload!.fileName);
    const caption =
      typeof params.fields.caption === 'string' && params.fields.caption ? params.fields.caption : undefined;
    const content = { ...ctx.state.mediaField(kind, file), ...(caption ? { caption } : {}) };
    const message = ctx.state.addMessage(chat, ctx.state.bot, content, replyTo);
    ctx.record({
      method,
      chatId,
      messageId: message.message_id as number,
      ...(caption ? { caption } : {}),
      ...(replyTo !== undefined ? { replyTo } : {}),
      file: upload ?? { data: file.data, fileName: file.fileName, mimeType: file.mimeType },
    });
    return { result: message };
  };
}

/** The emoji bots may react with (ReactionTypeEmoji). */
const BOT_REACTIONS = new Set(
  '👍 👎 ❤ 🔥 🥰 👏 😁 🤔 🤯 😱 🤬 😢 🎉 🤩 🤮 💩 🙏 👌 🕊 🤡 🥱 🥴 😍 🐳 ❤‍🔥 🌚 🌭 💯 🤣 ⚡ 🍌 🏆 💔 🤨 😐 🍓 🍾 💋 🖕 😈 😴 😭 🤓 👻 👨‍💻 👀 🎃 🙈 😇 😨 🤝 ✍ 🤗 🫡 🎅 🎄 ☃ 💅 🤪 🗿 🆒 💘 🙉 🦄 😘 💊 🙊 😎 👾 🤷‍♂ 🤷 🤷‍♀ 😡'.split(
    ' ',
  ),
);

/** The message of chat_id / message_id, checked like Telegram does for an edit or a deletion. */
function targetOf(
  ctx: MethodContext,
  params: RequestParams,
  missing: string,
): { chatId: number; messageId: number; message: Json } {
  const chatId = chatIdOf(params);
  ctx.state.knownChat(chatId);
  const messageId = intField(required(params, 'message_id'));
  const message = messageId === undefined ? undefined : ctx.state.message(chatId, messageId);
  if (!message || messageId === undefined) throw new BotApiError(400, `Bad Request: ${missing}`);
  return { chatId, messageId, message };
}

/** editMessageText / editMessageCaption: only the bot's own messages, and only a real change. */
function editMessage(field: 'text' | 'caption'): Method {
  const method = field === 'text' ? 'editMessageText' : 'editMessageCaption';
  return (ctx, params) => {
    const { chatId, messageId, message } = targetOf(ctx, params, 'message to edit not found');
    if ((message.from as Json | undefined)?.id !== ctx.state.bot.id)
      throw new BotApiError(400, "Bad Request: message can't be edited");
    const value = typeof params.fields[field] === 'string' ? (params.fields[field] as string) : '';
    if (field === 'text') {
      if (typeof message.text !== 'string')
        throw new BotApiError(400, 'Bad Request: there is no text in the message to edit');
      if (!value.trim()) throw new BotApiError(400, 'Bad Request: message text is empty');
    } else if (message.text !== undefined)
      throw new BotApiError(400, 'Bad Request: there is no caption in the message to edit');
    if ((message[field] ?? '') === value)
      throw new BotApiError(
        400,
        'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
      );
    const edited: Json = { ...message, [field]: value, edit_date: Math.floor(Date.now() / 1000) };
    ctx.state.replaceMessage(chatId, messageId, edited);
    ctx.recordAction({ method, chatId, messageId, [field]: value });
    return { result: edited };
  };
}

export const botMethods: Record<string, Method> = {
  getme: (ctx) => ({
    result: {
      ...ctx.state.bot,
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
    },
  }),
  getupdates(ctx, params, res) {
    const offset = intField(params.fields.offset) ?? 0;
    const limit = Math.min(Math.max(intField(params.fields.limit) ?? 100, 1), 100);
    const timeout = Math.max(intField(params.fields.timeout) ?? 0, 0);
    ctx.getUpdates(res, { offset, limit, timeout });
    return undefined;
  },
  setwebhook(ctx, params) {
    const url = typeof params.fields.url === 'string' ? params.fields.url : '';
    const secret = typeof params.fields.secret_token === 'string' ? params.fields.secret_token : '';
    if (secret && !SECRET_RE.test(secret))
      throw new BotApiError(400, 'Bad Request: secret token contains unallowed characters');
    if (url && !/^https?:\/\//i.test(url))
      throw new BotApiError(400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
    ctx.setWebhook(url, secret);
    return { result: true, description: url ? 'Webhook was set' : 'Webhook was deleted' };
  },
  deletewebhook(ctx) {
    const had = Boolean(ctx.webhookInfo().url);
    ctx.setWebhook('', '');
    return { result: true, description: had ? 'Webhook was deleted' : 'Webhook is already deleted' };
  },
  getwebhookinfo: (ctx) => ({ result: ctx.webhookInfo() }),
  getfile(ctx, params) {
    const file = ctx.state.fileById(String(required(params, 'file_id')));
    return {
      result: {
        file_id: file.file_id,
        file_unique_id: file.file_unique_id,
        file_size: file.data.length,
        file_path: file.file_path,
      },
    };
  },
  sendmessage(ctx, params) {
    const chatId = chatIdOf(params);
    const chat = ctx.state.knownChat(chatId);
    const text = typeof params.fields.text === 'string' ? params.fields.text : '';
    if (!text.trim()) throw new BotApiError(400, 'Bad Request: message text is empty');
    if (text.length > 4096) throw new BotApiError(400, 'Bad Request: message is too long');
    const replyTo = replyToOf(ctx, params, chatId);
    const message = ctx.state.addMessage(chat, ctx.state.bot, { text }, replyTo);
    ctx.record({
      method: 'sendMessage',
      chatId,
      messageId: message.message_id as number,
      text,
      ...(replyTo !== undefined ? { replyTo } : {}),
    });
    return { result: message };
  },
  setmessagereaction(ctx, params) {
    const chatId = chatIdOf(params);
    ctx.state.knownChat(chatId);
    const messageId = intField(required(params, 'message_id'));
    if (messageId === undefined || !ctx.state.hasMessage(chatId, messageId))
      throw new BotApiError(400, 'Bad Request: MESSAGE_ID_INVALID');
    const list = jsonField<{ type?: string; emoji?: string }[]>(params.fields.reaction) ?? [];
    if (list.length > 1) throw new BotApiError(400, 'Bad Request: REACTIONS_TOO_MANY');
    const emoji = list.map((r) => (r.type === 'emoji' ? (r.emoji ?? '') : ''));
    if (emoji.some((e) => !BOT_REACTIONS.has(e))) throw new BotApiError(400, 'Bad Request: REACTION_INVALID');
    ctx.recordAction({ method: 'setMessageReaction', chatId, messageId, reaction: emoji });
    return { result: true };
  },
  editmessagetext: editMessage('text'),
  editmessagecaption: editMessage('caption'),
  deletemessage(ctx, params) {
    const { chatId, messageId, message } = targetOf(ctx, params, 'message to delete not found');
    // Bots delete their own messages; others' only as group administrators (not simulated).
    if ((message.from as Json | undefined)?.id !== ctx.state.bot.id)
      throw new BotApiError(400, "Bad Request: message can't be deleted");
    ctx.state.replaceMessage(chatId, messageId, null);
    ctx.recordAction({ method: 'deleteMessage', chatId, messageId });
    return { result: true };
  },
  sendphoto: sendMedia('photo'),
  senddocument: sendMedia('document'),
  sendvoice: sendMedia('voice'),
  sendaudio: sendMedia('audio'),
  sendvideo: sendMedia('video'),
};
