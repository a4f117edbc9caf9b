/**
 * The OpenAI family (OpenAI, OpenAI assistant, Groq, Grok, DeepSeek) through the official `openai`
 * package with each provider's base URL (`cfg.url` overrides it: a proxy, a gateway, the stand-in).
 * Chat Completions for the OpenAI-compatible providers (openai-chat.ts), the Responses API with a
 * stored conversation per ticket for "OpenAI assistant" (openai-assistant.ts).
 *
 * The customer is never left unanswered: a provider error, a timeout (the job's signal), a refused
 * URL or an empty answer becomes `handover: { reason: 'provider-error' }` to the transfer queue
 * (the job sends the polite message); nothing is thrown. A customer's audio, when the job gives its
 * bytes, is transcribed first (openai-client.ts transcribeAudio).
 */
import { APIError } from 'openai';
import type { IntegrationConfig, IntegrationDriver, TurnContext, TurnResult } from './driver.js';
import { AssistantIdError, assistantTurn, modelOf, promptOf } from './openai-assistant.js';
import { chatRequest, chatTurn } from './openai-chat.js';
import {
  DEFAULT_BASE_URLS,
  describeError,
  OPENAI_FAMILY,
  openAiClient,
  shorten,
  synthesizeVoice,
  transcribeAudio,
  type OpenAiFamilyType,
} from './openai-client.js';
import { EmptyAnswerError } from './openai-conversation.js';

export { synthesizeVoice, transcribeAudio } from './openai-client.js';

const baseUrlOf = (cfg: IntegrationConfig) => cfg.url?.trim() || DEFAULT_BASE_URLS[cfg.type as OpenAiFamilyType];

/** The customer's words: the message's text, or its audio transcribed. */
async function customerText(cfg: IntegrationConfig, ctx: TurnContext): Promise<string> {
  const audio = ctx.message.audio;
  if (!audio || ctx.message.body.trim()) return ctx.message.body;
  const own = !audio.transcriptionKey;
  return transcribeAudio({
    baseURL: own ? baseUrlOf(cfg) : audio.transcriptionUrl || DEFAULT_BASE_URLS.openai,
    apiKey: (own ? cfg.apiKey : audio.transcriptionKey) ?? '',
    // Groq serves Whisper; OpenAI its own models. xAI and DeepSeek document no transcription
    // endpoint: with their key the call fails and the turn hands over (the channel's key avoids it).
    model: own && cfg.type === 'groq' ? 'whisper-large-v3-turbo' : 'gpt-4o-mini-transcribe',
    file: audio.data,
    fileName: audio.fileName,
    allowPrivate: ctx.allowPrivate,
    signal: ctx.signal,
  });
}

async function turn(cfg: IntegrationConfig, ctx: TurnContext): Promise<TurnResult> {
  try {
    const client = openAiClient({ baseURL: baseUrlOf(cfg), apiKey: cfg.apiKey, allowPrivate: ctx.allowPrivate });
    const body = await customerText(cfg, ctx);
    // A sticker, an image, an audio the job did not give: nothing a text model can answer.
    if (!body.trim())
      throw new Error(`nothing to answer: a message without text (${ctx.message.mediaType ?? 'empty'})`);
    const turnCtx: TurnContext = { ...ctx, message: { ...ctx.message, body } };
    const result =
      cfg.type === 'openai-assistant'
        ? await assistantTurn(cfg, turnCtx, client)
        : await chatTurn(cfg, turnCtx, client);
    return { ...result, ...(await voiceOf(cfg, ctx, result)) };
  } catch (err) {
    const { status, detail } = describeError(err);
    ctx.log?.warn(
      { integrationId: cfg.id, type: cfg.type, ticketId: ctx.ticket.id, status, detail },
      'integration provider error: handover',
    );
    // A conversation the provider no longer knows or refuses is dropped: the next turn starts anew.
    const lost =
      cfg.type === 'openai-assistant' &&
      (err instanceof AssistantIdError || (err instanceof APIError && (err.status === 400 || err.status === 404)));
    return {
      replies: [],
      handover: { queueId: cfg.transferQueueId, reason: 'provider-error' },
      ...(lost ? { state: null } : {}),
    };
  }
}

/**
 * With a voice key, the answer is also spoken (OpenAI's speech endpoint: the integration's own
 * base URL for OpenAI itself, so a proxy or the stand-in serves it; OpenAI's for the other
 * providers, which document no speech endpoint). A failed synthesis costs only the voice note: the
 * customer still gets the text.
 */
async function voiceOf(cfg: IntegrationConfig, ctx: TurnContext, result: TurnResult): Promise<Pick<TurnResult, 'voice'>> {
  const text = result.replies
    .map((r) => (r.kind === 'text' ? r.body : ''))
    .join('\n')
    .trim();
  if (!cfg.voiceKey || !text || result.handover) return {};
  try {
    const own = cfg.type === 'openai' || cfg.type === 'openai-assistant';
    const voice = await synthesizeVoice({
      baseURL: own ? baseUrlOf(cfg) : DEFAULT_BASE_URLS.openai,
      apiKey: cfg.voiceKey,
      text: text.slice(0, 4096), // the endpoint's documented input limit
      allowPrivate: ctx.allowPrivate,
      signal: ctx.signal,
    });
    return { voice };
  } catch (err) {
    ctx.log?.warn({ integrationId: cfg.id, ticketId: ctx.ticket.id, detail: describeError(err).detail }, 'voice reply failed: text only');
    return {};
  }
}

const PING = 'Reply with one word: ok';

/**
 * The "test" button: one real minimal call with the integration's key, model and prompt. The SSRF
 * guard applies as in a turn: `allowPrivate` comes from the operator's switch (WEBHOOK_ALLOW_PRIVATE).
 */
async function test(
  cfg: IntegrationConfig,
  signal: AbortSignal,
  opts: { allowPrivate?: boolean } = {},
): Promise<{ ok: boolean; status: number | null; detail: string }> {
  try {
    const prompt = cfg.type === 'openai-assistant' ? promptOf(cfg) : {};
    const client = openAiClient({
      baseURL: baseUrlOf(cfg),
      apiKey: cfg.apiKey,
      allowPrivate: opts.allowPrivate ?? false,
    });
    if (cfg.type === 'openai-assistant') {
      const r = await client.responses.create(
        { ...modelOf(cfg), ...prompt, input: PING, max_output_tokens: 16, store: false },
        { signal },
      );
      return { ok: true, status: 200, detail: shorten(`${r.model}: ${r.output_text.trim() || '(empty answer)'}`) };
    }
    const req = chatRequest({ ...cfg, maxTokens: 16, responseFormat: 'text' }, pingContext(signal));
    const c = await client.chat.completions.create({ ...req, tools: undefined }, { signal });
    const text = c.choices[0]?.message.content?.trim() || '(empty answer)';
    return { ok: true, status: 200, detail: shorten(`${c.model}: ${text}`) };
  } catch (err) {
    if (err instanceof AssistantIdError || err instanceof EmptyAnswerError)
      return { ok: false, status: null, detail: err.message };
    return { ok: false, ...describeError(err) };
  }
}

/** A context of one customer message, for the test call's request. */
function pingContext(signal: AbortSignal): TurnContext {
  return {
    tenantId: 0,
    ticket: { id: 0, protocol: null, queueId: null, channelId: 0 },
    contact: { name: '', number: '', email: null, extraInfo: {} },
    message: { id: 0, body: PING, mediaType: null, mediaUrl: null },
    history: [],
    state: null,
    first: true,
    now: new Date(),
    allowPrivate: false,
    signal,
  };
}

export const openaiDriver: IntegrationDriver & { test: typeof test } = {
  type: OPENAI_FAMILY,
  turn,
  test,
};
