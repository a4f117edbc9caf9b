import { z } from 'zod';
import { ZId } from './common.js';

export const MESSAGE_STATUSES = ['pending', 'sent', 'delivered', 'read', 'played', 'failed', 'received'] as const;
/** `comment`: a public comment on a Facebook post or Instagram media (and our public replies to one). */
export const MEDIA_TYPES = ['chat', 'image', 'audio', 'video', 'document', 'sticker', 'location', 'system', 'comment'] as const;
/** What starts the body of a customer's public comment as stored (its preview in lists says so). */
export const COMMENT_MARKER = '[comentário]';
/** Changes to a message that Prosa tells the provider about (a reaction, an edit, a deletion). */
export const MESSAGE_ACTION_KINDS = ['react', 'edit', 'delete'] as const;
export type MessageActionKind = (typeof MESSAGE_ACTION_KINDS)[number];
/** Emoji compared without variation selectors: the desk's "❤️" is Telegram's "❤". */
export const sameEmoji = (a: string, b: string) => a.replace(/\uFE0F/g, '') === b.replace(/\uFE0F/g, '');

/** Size limits of SPEC §9, in bytes. */
export const LIMITS = {
  chatFilesTotal: 50 * 1024 * 1024,
  messageInput: 100 * 1024 * 1024,
  instagramFile: 8 * 1024 * 1024,
  forwardMessages: 10,
  forwardContacts: 5,
} as const;

export const ZQuotedMessage = z.object({ id: z.number(), body: z.string(), fromMe: z.boolean(), mediaType: z.string() });

export const ZMessage = z.object({
  id: z.number(),
  ticketId: z.number(),
  body: z.string(),
  mediaType: z.enum(MEDIA_TYPES),
  mediaName: z.string().nullable(),
  /** Same-origin path served only to users who may see the ticket. */
  mediaUrl: z.string().nullable(),
  mimeType: z.string().nullable(),
  fromMe: z.boolean(),
  status: z.enum(MESSAGE_STATUSES),
  timestamp: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  quotedMsg: ZQuotedMessage.nullable(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  reactions: z.array(z.object({ emoji: z.string(), fromMe: z.boolean(), userId: z.number().optional() })),
  userId: z.number().nullable(),
  clientId: z.string().nullable(),
  scheduleDate: z.string().nullable(),
  /** The last reaction, edit or deletion that the provider refused for good (Prosa's copy has it). */
  actionFailed: z.enum(MESSAGE_ACTION_KINDS).nullable(),
});
export type Message = z.infer<typeof ZMessage>;

export const ZMessagesQuery = z.object({ pageNumber: z.coerce.number().int().min(1).default(1) });
export const ZMessagesPage = z.object({
  messages: z.array(ZMessage),
  messagesOffLine: z.array(ZMessage),
  hasMore: z.boolean(),
  count: z.number(),
  ticket: z.object({ id: z.number(), status: z.string() }),
});

export const ZSendMessage = z.object({
  body: z.string().max(4096, 'validation.max').default(''),
  /** Idempotency key: a retried POST with the same clientId stores one message. */
  clientId: z.string().min(8).max(64).optional(),
  quotedMsgId: ZId.optional(),
  /**
   * false: send this message without the agent's signature. Honoured only where the company lets
   * agents switch it off (userDisableSignature); 'true'/'false' as multipart fields.
   */
  sign: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { error: 'validation.invalidValue' })
    .optional(),
});
export const ZEditMessage = z.object({ body: z.string().trim().min(1, 'validation.required').max(4096, 'validation.max') });
export const ZReaction = z.object({ emoji: z.string().max(16) });
export const ZForwardMessages = z.object({
  messageIds: z.array(z.number().int().positive()).min(1).max(LIMITS.forwardMessages, 'validation.max'),
  contactIds: z.array(z.number().int().positive()).min(1).max(LIMITS.forwardContacts, 'validation.max'),
});
export const ZWindow = z.object({ open: z.boolean(), expiresAt: z.string().nullable(), channelType: z.string().nullable() });

/**
 * Reply buttons or a list sent with an outbound message (WhatsApp Cloud API), as the server stores
 * them with the message and hands them to a channel adapter.
 * `body`: the text shown with the buttons or list (the message's own `body` keeps the numbered
 * rendering for channels without them); absent: the message's body.
 */
export type OutboundInteractive =
  | { type: 'buttons'; body?: string; header?: string; footer?: string; buttons: { id: string; title: string }[] }
  | {
      type: 'list';
      body?: string;
      header?: string;
      footer?: string;
      /** The label of the button that opens the list. */
      button: string;
      sections: { title?: string; rows: { id: string; title: string; description?: string }[] }[];
    };
