/**
 * The stand-in's memory of one bot: chats, their messages and the files of both sides, shaped
 * like the Bot API's objects (Message, PhotoSize, Document, Voice, File) so that what Prosa parses
 * here is what it parses from Telegram.
 */
import { randomBytes } from 'node:crypto';

/** A Bot API error: `{ ok: false, error_code, description, parameters }` with that HTTP status. */
export class BotApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: { retry_after?: number },
  ) {
    super(description);
  }
}

export interface StoredFile {
  file_id: string;
  file_unique_id: string;
  file_path: string;
  data: Buffer;
  mimeType: string;
  fileName: string;
}

export type Json = Record<string, unknown>;

const FOLDERS: Record<string, [string, string]> = {
  photo: ['photos', 'jpg'],
  document: ['documents', ''],
  voice: ['voice', 'oga'],
  audio: ['music', 'mp3'],
  video: ['videos', 'mp4'],
  sticker: ['stickers', 'webp'],
};

export class BotState {
  readonly bot = {
    id: 7_000_000_000 + Math.floor(Math.random() * 1e6),
    is_bot: true,
    first_name: 'Prosa Bot',
    username: 'prosa_standin_bot',
  };
  readonly files = new Map<string, StoredFile>();
  private readonly chats = new Map<number, Json>();
  private readonly blocked = new Set<number>();
  private readonly messages = new Map<string, Json>();
  private readonly lastMessageId = new Map<number, number>();
  private fileSeq = 0;

  chat(chatId: number, opts: { title?: string; from?: Json } = {}): Json {
    const known = this.chats.get(chatId);
    if (known) return known;
    const chat: Json =
      chatId < 0
        ? { id: chatId, type: 'group', title: opts.title ?? `Grupo ${-chatId}` }
        : {
            id: chatId,
            type: 'private',
            first_name: opts.from?.first_name ?? 'Cliente',
            ...(opts.from?.last_name ? { last_name: opts.from.last_name } : {}),
            ...(opts.from?.username ? { username: opts.from.username } : {}),
          };
    this.chats.set(chatId, chat);
    return chat;
  }

  knownChat(chatId: number): Json {
    const chat = this.chats.get(chatId);
    if (!chat) throw new BotApiError(400, 'Bad Request: chat not found');
    if (this.blocked.has(chatId)) throw new BotApiError(403, 'Forbidden: bot was blocked by the user');
    return chat;
  }

  block(chatId: number): void {
    this.blocked.add(chatId);
  }

  /** A new message in the chat, numbered like Telegram (per chat, increasing). */
  addMessage(chat: Json, from: Json, content: Json, replyTo?: number): Json {
    const chatId = chat.id as number;
    const id = (this.lastMessageId.get(chatId) ?? 0) + 1;
    this.lastMessageId.set(chatId, id);
    const message: Json = { message_id: id, from, chat, date: Math.floor(Date.now() / 1000), ...content };
    if (replyTo !== undefined) {
      const quoted = this.messages.get(`${chatId}:${replyTo}`);
      // The replied-to message comes without its own reply_to_message, as in the real API.
      if (quoted) {
        const { reply_to_message: _nested, ...rest } = quoted;
        message.reply_to_message = rest;
      } else message.reply_to_message = { message_id: replyTo, chat, date: message.date };
    }
    this.messages.set(`${chatId}:${id}`, message);
    return message;
  }

  hasMessage(chatId: number, messageId: number): boolean {
    return this.messages.has(`${chatId}:${messageId}`);
  }

  message(chatId: number, messageId: number): Json | undefined {
    return this.messages.get(`${chatId}:${messageId}`);
  }

  /** A message as it is now after an edit (edit_date set), or gone after a deletion. */
  replaceMessage(chatId: number, messageId: number, message: Json | null): void {
    if (message) this.messages.set(`${chatId}:${messageId}`, message);
    else this.messages.delete(`${chatId}:${messageId}`);
  }

  storeFile(kind: string, data: Buffer, mimeType: string, fileName: string): StoredFile {
    const seq = ++this.fileSeq;
    const [folder, defaultExt] = FOLDERS[kind] ?? ['documents', ''];
    const ext = (fileName.includes('.') ? fileName.split('.').pop() : defaultExt) || 'bin';
    const file: StoredFile = {
      file_id: `AgAC${randomBytes(12).toString('base64url')}${seq}`,
      file_unique_id: `AQAD${randomBytes(6).toString('base64url')}`,
      file_path: `${folder}/file_${seq}.${ext}`,
      data,
      mimeType,
      fileName,
    };
    this.files.set(file.file_id, file);
    return file;
  }

  fileById(fileId: string): StoredFile {
    const file = this.files.get(fileId);
    if (!file) throw new BotApiError(400, 'Bad Request: invalid file_id');
    return file;
  }

  fileByPath(filePath: string): StoredFile | undefined {
    for (const f of this.files.values()) if (f.file_path === filePath) return f;
    return undefined;
  }

  /** The message field of a file of `kind` (photo sizes, document, voice...), as Telegram sends it. */
  mediaField(kind: string, file: StoredFile, opts: { thumb?: StoredFile; duration?: number } = {}): Json {
    const base = { file_id: file.file_id, file_unique_id: file.file_unique_id, file_size: file.data.length };
    switch (kind) {
      case 'photo':
        return {
          photo: [
            ...(opts.thumb
              ? [
                  {
                    file_id: opts.thumb.file_id,
                    file_unique_id: opts.thumb.file_unique_id,
                    file_size: opts.thumb.data.length,
                    width: 90,
                    height: 67,
                  },
                ]
              : []),
            { ...base, width: 1280, height: 960 },
          ],
        };
      case 'voice':
        return { voice: { ...base, duration: opts.duration ?? 3, mime_type: file.mimeType } };
      case 'audio':
        return { audio: { ...base, duration: opts.duration ?? 3, file_name: file.fileName, mime_type: file.mimeType } };
      case 'video':
        return {
          video: {
            ...base,
            width: 640,
            height: 360,
            duration: opts.duration ?? 3,
            file_name: file.fileName,
            mime_type: file.mimeType,
          },
        };
      case 'sticker':
        return {
          sticker: {
            ...base,
            type: 'regular',
            width: 512,
            height: 512,
            is_animated: false,
            is_video: false,
            emoji: '😀',
          },
        };
      default:
        return { document: { ...base, file_name: file.fileName, mime_type: file.mimeType } };
    }
  }
}
