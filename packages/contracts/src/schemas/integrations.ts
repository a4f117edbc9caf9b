/**
 * Queue integrations (SPEC §3 "Integration", DOMAIN.md "Integrations"): the form and the server
 * validate with the same schema. Keys are write-only: the form sends a new key or leaves the field
 * empty to keep the stored one; the answer shows only their last 4 characters.
 */
import { z } from 'zod';
import { V, vMinLength, ZId } from './common.js';

export const INTEGRATION_TYPES = [
  'typebot',
  'openai',
  'openai-assistant',
  'groq',
  'grok',
  'deepseek',
  'n8n',
  'payment-slip',
] as const;
export type IntegrationTypeName = (typeof INTEGRATION_TYPES)[number];
/** The types answered by an OpenAI-compatible model (chat completions or the Responses API). */
export const AI_INTEGRATION_TYPES = ['openai', 'openai-assistant', 'groq', 'grok', 'deepseek'] as const;

/** The fields of every type answered by a chat model; OpenAI's own two also speak (voiceKey). */
const MODEL_FIELDS = ['url', 'model', 'prompt', 'apiKey', 'transferQueueId', 'maxTokens', 'maxMessages', 'temperature', 'responseFormat'] as const;

/** Which fields each type's form shows (and the server keeps); the others are cleared. */
export const INTEGRATION_FIELDS: Record<IntegrationTypeName, readonly IntegrationField[]> = {
  typebot: ['url', 'typebotSlug', 'expiresMinutes', 'delayMs', 'finishKeyword', 'restartKeyword', 'unknownMessage', 'transferQueueId'],
  openai: [...MODEL_FIELDS, 'voiceKey'],
  'openai-assistant': [...MODEL_FIELDS, 'voiceKey'],
  groq: MODEL_FIELDS,
  grok: MODEL_FIELDS,
  deepseek: MODEL_FIELDS,
  n8n: ['url', 'apiKey', 'transferQueueId'],
  'payment-slip': ['url', 'apiKey', 'transferQueueId', 'unknownMessage'],
};
export type IntegrationField =
  | 'url'
  | 'model'
  | 'prompt'
  | 'apiKey'
  | 'transferQueueId'
  | 'typebotSlug'
  | 'expiresMinutes'
  | 'delayMs'
  | 'finishKeyword'
  | 'restartKeyword'
  | 'unknownMessage'
  | 'maxTokens'
  | 'maxMessages'
  | 'temperature'
  | 'responseFormat'
  | 'voiceKey';

/** Types whose URL must be given (the AI types default to their provider's base URL). */
const URL_REQUIRED: readonly IntegrationTypeName[] = ['typebot', 'n8n', 'payment-slip'];

const optText = (max: number) =>
  z
    .string()
    .max(max, V.max)
    .nullish()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()));

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/** The OpenAPI examples' integration: an OpenAI assistant handing over to queue 2. */
const EXAMPLE = {
  name: 'Assistente de vendas',
  type: 'openai',
  url: '',
  model: 'gpt-4o-mini',
  prompt: 'Você atende a Padaria Central. Responda em poucas frases; peça um humano para reclamações.',
  transferQueueId: 2,
  maxTokens: 512,
  maxMessages: 10,
  temperature: 0.7,
  responseFormat: 'text',
} as const;

export const ZIntegrationInput = z
  .object({
    name: z.string({ error: V.required }).trim().min(1, V.required).min(3, vMinLength(3)).max(60, V.max),
    type: z.enum(INTEGRATION_TYPES, { error: V.invalidValue }),
    url: z
      .string()
      .trim()
      .max(500, V.max)
      .default('')
      .refine((v) => v === '' || isHttpUrl(v), V.invalidValue),
    model: optText(100),
    prompt: optText(20_000),
    /** Empty or absent: keep the stored key (on create: none). */
    apiKey: optText(500),
    /** A select's '' is none. */
    transferQueueId: z.preprocess((v) => (v === '' ? null : v), ZId.nullish()).transform((v) => v ?? null),
    typebotSlug: optText(200),
    expiresMinutes: z.number({ error: V.number }).int(V.integer).min(0, V.invalidValue).max(525_600, V.max).default(0),
    delayMs: z.number({ error: V.number }).int(V.integer).min(0, V.invalidValue).max(60_000, V.max).default(0),
    finishKeyword: optText(200),
    restartKeyword: optText(200),
    unknownMessage: optText(1000),
    maxTokens: z.number({ error: V.number }).int(V.integer).min(1, V.invalidValue).max(128_000, V.max).default(512),
    maxMessages: z.number({ error: V.number }).int(V.integer).min(1, V.invalidValue).max(100, V.max).default(10),
    temperature: z.number({ error: V.number }).min(0, V.invalidValue).max(2, V.max).default(0.7),
    responseFormat: z.enum(['text', 'json'], { error: V.invalidValue }).default('text'),
    voiceKey: optText(500),
  })
  .superRefine((v, ctx) => {
    if (URL_REQUIRED.includes(v.type) && v.url === '')
      ctx.addIssue({ code: 'custom', path: ['url'], message: V.required });
    if (v.type === 'typebot' && !v.typebotSlug)
      ctx.addIssue({ code: 'custom', path: ['typebotSlug'], message: V.required });
    if ((AI_INTEGRATION_TYPES as readonly string[]).includes(v.type) && !v.model)
      ctx.addIssue({ code: 'custom', path: ['model'], message: V.required });
  })
  .meta({ example: { ...EXAMPLE, apiKey: 'sk-proj-0000000000000000000000000000' } });
export type IntegrationInput = z.infer<typeof ZIntegrationInput>;
export type IntegrationFormValues = z.input<typeof ZIntegrationInput>;

export const ZIntegration = z
  .object({
    id: z.number(),
    name: z.string(),
    type: z.enum(INTEGRATION_TYPES),
    url: z.string(),
    model: z.string().nullable(),
    prompt: z.string().nullable(),
    /** The stored key's last 4 characters (null: none); the key itself is never returned. */
    apiKeyLast4: z.string().nullable(),
    transferQueueId: z.number().nullable(),
    typebotSlug: z.string().nullable(),
    expiresMinutes: z.number(),
    delayMs: z.number(),
    finishKeyword: z.string().nullable(),
    restartKeyword: z.string().nullable(),
    unknownMessage: z.string().nullable(),
    maxTokens: z.number(),
    maxMessages: z.number(),
    temperature: z.number(),
    responseFormat: z.enum(['text', 'json']),
    voiceKeyLast4: z.string().nullable(),
    /** N8N/webhook: the secret posts are signed with (`X-Prosa-Signature: sha256=<HMAC of the body>`). */
    signingSecret: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({
    example: {
      ...EXAMPLE,
      id: 7,
      apiKeyLast4: '0000',
      typebotSlug: null,
      expiresMinutes: 0,
      delayMs: 0,
      finishKeyword: null,
      restartKeyword: null,
      unknownMessage: null,
      voiceKeyLast4: null,
      signingSecret: null,
      createdAt: '2026-11-27T15:00:00.000Z',
      updatedAt: '2026-11-27T15:00:00.000Z',
    },
  });
export type Integration = z.infer<typeof ZIntegration>;

/** `POST /queueIntegration/{id}/test`: what the provider answered to one real call. */
export const ZIntegrationTestResult = z
  .object({ ok: z.boolean(), status: z.number().nullable(), detail: z.string() })
  .meta({ example: { ok: true, status: 200, detail: 'ok' } });
export type IntegrationTestResult = z.infer<typeof ZIntegrationTestResult>;

/** The integration a ticket is with, on the ticket DTO. */
export const ZTicketIntegration = z
  .object({ id: z.number(), name: z.string(), type: z.enum(INTEGRATION_TYPES) })
  .nullable();
