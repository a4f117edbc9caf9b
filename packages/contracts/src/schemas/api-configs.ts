import { z } from 'zod';
import { TICKET_STATUSES } from '../enums.js';
import { V, ZContactPhone, ZEmail, ZId, ZRequiredId, ZRequiredText } from './common.js';
import { ZMessage } from './messages.js';

/**
 * API configurations (SPEC §3) and the external API `/v1/api/external/{apiId}/...`. The token is
 * shown once, in the answers of POST /api-config and PUT /api-config/renew-token/{id}; afterwards
 * only its last 4 characters. Hooks (`hookMessage`, `hookMessageStatus`) go to `statusUrl`, signed
 * like a channel webhook (`X-Prosa-Signature: sha256=<hex HMAC of the raw body>` with `hookSecret`).
 */
export const API_TOKEN_PREFIX = 'prosa_';
export const API_HOOK_EVENTS = ['hookMessage', 'hookMessageStatus'] as const;
export type ApiHookEvent = (typeof API_HOOK_EVENTS)[number];
/** Requests per minute one API configuration may make (each token has its own budget). */
export const API_RATE_LIMIT_PER_MINUTE = 120;

const ZStatusUrl = z
  .string()
  .trim()
  .max(500, V.max)
  .refine((v) => {
    if (!v) return true;
    try {
      return /^https?:$/.test(new URL(v).protocol);
    } catch {
      return false;
    }
  }, V.invalidValue)
  .default('');

/** The admin's form (/configuracoes-api) and the body of POST and PUT /api-config. */
export const ZApiConfigInput = z
  .object({
    name: ZRequiredText(100),
    channelId: ZRequiredId,
    statusUrl: ZStatusUrl,
    active: z.boolean().default(true),
  })
  .meta({ example: { name: 'ERP', channelId: 3, statusUrl: 'https://erp.example.com/prosa/hooks', active: true } });
export type ApiConfigInput = z.infer<typeof ZApiConfigInput>;

export const ZApiConfig = z
  .object({
    id: z.number(),
    name: z.string(),
    channelId: z.number(),
    channel: z.object({ id: z.number(), name: z.string(), type: z.string() }).nullable(),
    statusUrl: z.string(),
    active: z.boolean(),
    /** The token's last 4 characters; the token itself is never returned again. */
    tokenLast4: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({
    example: {
      id: 7,
      name: 'ERP',
      channelId: 3,
      channel: { id: 3, name: 'WhatsApp vendas', type: 'waba' },
      statusUrl: 'https://erp.example.com/prosa/hooks',
      active: true,
      tokenLast4: 'x9Qa',
      createdAt: '2026-11-27T15:00:00.000Z',
      updatedAt: '2026-11-27T15:00:00.000Z',
    },
  });
export type ApiConfig = z.infer<typeof ZApiConfig>;

/** Create and renew answers: the only time the token and the hook secret are shown. */
export const ZApiConfigWithToken = z
  .object({ apiConfig: ZApiConfig, token: z.string(), hookSecret: z.string() })
  .meta({
    example: {
      apiConfig: { id: 7, name: 'ERP', channelId: 3, channel: null, statusUrl: '', active: true, tokenLast4: 'x9Qa', createdAt: '2026-11-27T15:00:00.000Z', updatedAt: '2026-11-27T15:00:00.000Z' },
      token: 'prosa_Jw0r6m1cY8tV0b3k2Qd7sFhL5nPzR4uXeA9gK1ix9Qa',
      hookSecret: 'hs_5pQ2mV8wZr1tB6nC0yLd3KfH',
    },
  });
export type ApiConfigWithToken = z.infer<typeof ZApiConfigWithToken>;

// ---- The external API ----

export const ZApiIdParams = z.object({ apiId: ZId });
export const ZApiTicketParams = z.object({ apiId: ZId, ticketId: ZId });
export const ZApiContactParams = z.object({ apiId: ZId, contactId: ZId });
export const ZApiMessageParams = z.object({ apiId: ZId, messageId: ZId });

/** Where the external API serves a message's file (the hooks' `message.mediaUrl`), read with the token. */
export const apiMediaPath = (apiId: number, messageId: number) => `/v1/api/external/${apiId}/messages/${messageId}/media`;

const ZExternalKey = z.string({ error: V.required }).trim().min(1, V.required).max(100, V.max);

/**
 * A send: to a `number` (a new contact and ticket on the configuration's channel when needed) or
 * to a `ticketId`; a text `body`, and optionally a file as `media.base64` (JSON) or a multipart
 * part named `file`. `externalKey` makes it idempotent: the same key again answers the first
 * message and sends nothing.
 */
export const ZApiSendMessage = z
  .object({
    externalKey: ZExternalKey,
    number: ZContactPhone.optional(),
    ticketId: ZId.optional(),
    body: z.string().max(4096, V.max).default(''),
    /** A file: its bytes in base64, or a public http(s) URL Prosa downloads (up to 50 MB). */
    media: z
      .object({
        base64: z.string().min(1, V.required).max(70_000_000, V.max).optional(),
        url: z.string().trim().url(V.invalidValue).max(2000, V.max).optional(),
        fileName: ZRequiredText(200),
        mimeType: z.string().trim().max(100, V.max).default(''),
      })
      .refine((m) => (m.base64 === undefined) !== (m.url === undefined), { message: V.required, path: ['base64'] })
      .optional(),
  })
  .refine((v) => (v.number === undefined) !== (v.ticketId === undefined), { message: V.required, path: ['number'] })
  .meta({ example: { externalKey: 'order-1042-shipped', number: '5511999990001', body: 'Seu pedido 1042 foi enviado.' } });
export type ApiSendMessage = z.infer<typeof ZApiSendMessage>;

export const ZApiSentMessage = z
  .object({ externalKey: z.string(), ticketId: z.number(), contactId: z.number(), message: ZMessage, duplicate: z.boolean() })
  .meta({
    description: '`duplicate: true` when the externalKey was already used: the first message, not sent again.',
    example: {
      externalKey: 'order-1042-shipped',
      ticketId: 812,
      contactId: 51,
      duplicate: false,
      message: {
        id: 90311,
        ticketId: 812,
        body: 'Seu pedido 1042 foi enviado.',
        mediaType: 'chat',
        mediaName: null,
        mediaUrl: null,
        mimeType: null,
        fromMe: true,
        status: 'pending',
        timestamp: '2026-11-27T15:00:00.000Z',
        createdAt: '2026-11-27T15:00:00.000Z',
        updatedAt: '2026-11-27T15:00:00.000Z',
        quotedMsg: null,
        isDeleted: false,
        isEdited: false,
        reactions: [],
        userId: null,
        clientId: null,
        scheduleDate: null,
        actionFailed: null,
      },
    },
  });
export type ApiSentMessage = z.infer<typeof ZApiSentMessage>;

export const ZApiContactInput = z
  .object({ name: ZRequiredText(200), number: ZContactPhone, email: z.union([z.literal(''), ZEmail]).default('') })
  .meta({ example: { name: 'Dora Lima', number: '5511999990001', email: 'dora@example.com' } });
export type ApiContactInput = z.infer<typeof ZApiContactInput>;
export const ZApiContactUpdate = z
  .object({ name: ZRequiredText(200).optional(), number: ZContactPhone.optional(), email: z.union([z.literal(''), ZEmail]).optional() })
  .meta({ example: { name: 'Dora Lima Souza' } });
export type ApiContactUpdate = z.infer<typeof ZApiContactUpdate>;

export const ZApiContact = z
  .object({ id: z.number(), name: z.string(), number: z.string(), email: z.string(), createdAt: z.string(), updatedAt: z.string() })
  .meta({ example: { id: 51, name: 'Dora Lima', number: '5511999990001', email: 'dora@example.com', createdAt: '2026-11-27T15:00:00.000Z', updatedAt: '2026-11-27T15:00:00.000Z' } });
export type ApiContact = z.infer<typeof ZApiContact>;

export const ZApiTicketInput = z
  .object({ contactId: ZId.optional(), number: ZContactPhone.optional(), queueId: ZId.optional() })
  .refine((v) => v.contactId !== undefined || v.number !== undefined, { message: V.required, path: ['number'] })
  .meta({ example: { number: '5511999990001', queueId: 2 } });
export type ApiTicketInput = z.infer<typeof ZApiTicketInput>;

export const ZApiTicketUpdate = z
  .object({
    /** pending: back to the queue, unassigned (a closed ticket reopens so); closed: resolved. */
    status: z.enum(['pending', 'closed']).optional(),
    queueId: ZId.nullable().optional(),
    /** A chatbot flow to hand the ticket to (null takes it out of the bot). */
    chatFlowId: ZId.nullable().optional(),
  })
  .meta({ example: { status: 'pending', queueId: 2 } });
export type ApiTicketUpdate = z.infer<typeof ZApiTicketUpdate>;

export const ZApiTicket = z
  .object({
    id: z.number(),
    status: z.enum(TICKET_STATUSES),
    protocol: z.string(),
    channelId: z.number().nullable(),
    queueId: z.number().nullable(),
    userId: z.number().nullable(),
    chatFlowId: z.number().nullable(),
    contact: z.object({ id: z.number(), name: z.string(), number: z.string() }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({
    example: {
      id: 812,
      status: 'pending',
      protocol: '20261127000042',
      channelId: 3,
      queueId: 2,
      userId: null,
      chatFlowId: null,
      contact: { id: 51, name: 'Dora Lima', number: '5511999990001' },
      createdAt: '2026-11-27T15:00:00.000Z',
      updatedAt: '2026-11-27T15:00:00.000Z',
    },
  });
export type ApiTicket = z.infer<typeof ZApiTicket>;

export const ZApiCheckNumber = z.object({ number: ZContactPhone }).meta({ example: { number: '5511999990001' } });
export const ZApiCheckNumberResult = z
  .object({ number: z.string(), exists: z.literal(true), jid: z.string() })
  .meta({ example: { number: '5511999990001', exists: true, jid: '5511999990001@s.whatsapp.net' } });
