/**
 * The Typebot integration (DOMAIN.md "Integrations"): the first turn starts a chat,
 * `POST {url}/api/v1/typebots/{slug}/startChat` with the contact and the ticket as prefilled
 * variables and the customer's message; later turns `POST {url}/api/v1/sessions/{id}/continueChat`
 * (https://docs.typebot.io/api-reference/chat/start-chat,
 * https://docs.typebot.io/api-reference/chat/continue-chat). The session id and when it was last
 * used stay on the ticket (`state`). A session idle longer than `expiresMinutes`, or one Typebot
 * no longer knows (404 "Session not found." / "Session expired.", or 400), starts a new one. The
 * finish keyword ends the integration's conversation; the restart keyword starts the bot again.
 * Typebot's own answers (a retry message for an answer that matches no choice) are relayed;
 * `unknownMessage` is said only when Typebot answers nothing at all.
 */
import type { IntegrationConfig, IntegrationDriver, TurnContext, TurnResult } from './driver.js';
import { RetryableIntegrationError } from './driver.js';
import { callProvider, joinUrl, ProviderUrlError, type ProviderAnswer } from './provider-http.js';
import { readAnswer, richTextToPlain, type TypebotAnswer } from './typebot-answer.js';

export interface TypebotState {
  sessionId: string;
  /** ISO time of the last call made with this session. */
  lastUsedAt: string;
  /**
   * The choices the bot waits on: where a channel has no native buttons the customer answers
   * with the number of the numbered text, which Typebot would not match; Prosa sends the label.
   */
  choices?: string[];
}

const keywords = (list: string | null) =>
  (list ?? '')
    .split(',')
    .map((k) => k.trim().toLowerCase())
    .filter((k) => k !== '');

function sessionOf(state: Record<string, unknown> | null): TypebotState | null {
  if (!state || typeof state.sessionId !== 'string' || typeof state.lastUsedAt !== 'string') return null;
  const choices = Array.isArray(state.choices) ? state.choices.filter((c): c is string => typeof c === 'string') : [];
  return { sessionId: state.sessionId, lastUsedAt: state.lastUsedAt, choices };
}

/** "2" for the second choice becomes its label; anything else goes as typed. */
function answerText(body: string, choices: string[] | undefined): string {
  const n = /^\d{1,2}$/.test(body) ? Number(body) : 0;
  return choices && n >= 1 && n <= choices.length ? choices[n - 1]! : body;
}

const headersOf = (cfg: IntegrationConfig): Record<string, string> =>
  cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {};

/** Variables of the same name in the bot get these values; Typebot ignores the others. */
function prefilledVariables(ctx: TurnContext): Record<string, string> {
  return {
    ...ctx.contact.extraInfo,
    number: ctx.contact.number,
    name: ctx.contact.name,
    email: ctx.contact.email ?? '',
    ticketId: String(ctx.ticket.id),
    protocol: ctx.ticket.protocol ?? '',
    firstMessage: ctx.message.body,
  };
}

/**
 * The message goes as a plain string: Typebot's message schema turns a string into
 * `{ type: 'text', text }` (packages/chat-api/src/schemas.ts, messageSchema), and Typebot versions
 * before the object form take only the string.
 */
function startChat(cfg: IntegrationConfig, ctx: TurnContext, message: string | null): Promise<ProviderAnswer> {
  return callProvider({
    method: 'POST',
    url: joinUrl(cfg.url, `/api/v1/typebots/${encodeURIComponent(cfg.typebotSlug ?? '')}/startChat`),
    headers: headersOf(cfg),
    body: {
      ...(message ? { message } : {}),
      prefilledVariables: prefilledVariables(ctx),
      textBubbleContentFormat: 'richText',
    },
    allowPrivate: ctx.allowPrivate,
    signal: ctx.signal,
  });
}

function continueChat(
  cfg: IntegrationConfig,
  ctx: TurnContext,
  sessionId: string,
  message: string,
): Promise<ProviderAnswer> {
  return callProvider({
    method: 'POST',
    url: joinUrl(cfg.url, `/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`),
    headers: headersOf(cfg),
    body: { message, textBubbleContentFormat: 'richText' },
    allowPrivate: ctx.allowPrivate,
    signal: ctx.signal,
  });
}

const retryable = (status: number) => status >= 500 || status === 429 || status === 408;

/** The answer as a turn: replies with the delay, the session kept while the bot waits. */
function resultOf(cfg: IntegrationConfig, ctx: TurnContext, answer: TypebotAnswer, sessionId: string): TurnResult {
  const read = readAnswer(answer);
  const replies =
    read.replies.length || !cfg.unknownMessage ? read.replies : [{ kind: 'text' as const, body: cfg.unknownMessage }];
  const base = { replies, delaySeconds: cfg.delayMs / 1000 };
  if (read.handover) return { ...base, state: null, handover: { queueId: cfg.transferQueueId, reason: 'requested' } };
  if (!read.waiting) return { ...base, state: null, finish: true };
  const state: TypebotState = {
    sessionId,
    lastUsedAt: ctx.now.toISOString(),
    ...(read.choices.length ? { choices: read.choices } : {}),
  };
  return { ...base, state: { ...state } };
}

/** Typebot cannot take the conversation (bot not found, refused address): a person takes it. */
const providerError = (cfg: IntegrationConfig): TurnResult => ({
  replies: [],
  state: null,
  handover: { queueId: cfg.transferQueueId, reason: 'provider-error' },
});

async function start(cfg: IntegrationConfig, ctx: TurnContext, message: string | null): Promise<TurnResult> {
  let res: ProviderAnswer;
  try {
    res = await startChat(cfg, ctx, message);
  } catch (err) {
    if (err instanceof ProviderUrlError) return providerError(cfg);
    throw err;
  }
  if (retryable(res.status)) throw new RetryableIntegrationError(`Typebot startChat answered ${res.status}`);
  const answer = res.json as TypebotAnswer | null;
  if (res.status < 200 || res.status >= 300 || !answer || typeof answer.sessionId !== 'string')
    return providerError(cfg);
  return resultOf(cfg, ctx, answer, answer.sessionId);
}

export const typebotDriver: IntegrationDriver = {
  type: 'typebot',

  async turn(cfg, ctx) {
    const body = ctx.message.body.trim();
    const said = body.toLowerCase();
    if (keywords(cfg.finishKeyword).includes(said)) return { replies: [], state: null, finish: true };
    if (keywords(cfg.restartKeyword).includes(said)) return start(cfg, ctx, null);

    const session = ctx.first ? null : sessionOf(ctx.state);
    const idleMs = session ? ctx.now.getTime() - Date.parse(session.lastUsedAt) : 0;
    if (!session || (cfg.expiresMinutes > 0 && idleMs > cfg.expiresMinutes * 60_000))
      return start(cfg, ctx, body || null);

    let res: ProviderAnswer;
    try {
      res = await continueChat(cfg, ctx, session.sessionId, answerText(body, session.choices));
    } catch (err) {
      if (err instanceof ProviderUrlError) return providerError(cfg);
      throw err;
    }
    if (retryable(res.status)) throw new RetryableIntegrationError(`Typebot continueChat answered ${res.status}`);
    // "Session not found." / "Session expired. You need to start a new session." (404), or a
    // session Typebot cannot continue (400): a new one, with this message.
    if (res.status === 404 || res.status === 400) return start(cfg, ctx, body || null);
    if (res.status < 200 || res.status >= 300 || !res.json || typeof res.json !== 'object') return providerError(cfg);
    return resultOf(cfg, ctx, res.json as TypebotAnswer, session.sessionId);
  },

  async test(cfg, signal, opts) {
    try {
      const res = await callProvider({
        method: 'POST',
        url: joinUrl(cfg.url, `/api/v1/typebots/${encodeURIComponent(cfg.typebotSlug ?? '')}/startChat`),
        headers: headersOf(cfg),
        body: { message: 'test', prefilledVariables: {}, textBubbleContentFormat: 'richText' },
        allowPrivate: opts?.allowPrivate ?? false,
        signal,
      });
      const json = (res.json ?? {}) as TypebotAnswer & { message?: string };
      const ok = res.status >= 200 && res.status < 300 && typeof json.sessionId === 'string';
      const detail = ok
        ? (json.messages ?? [])
            .map((m) =>
              m.type === 'text' ? richTextToPlain(m.content?.richText) || (m.content?.markdown ?? '') : `[${m.type}]`,
            )
            .join(' | ')
        : typeof json.message === 'string'
          ? json.message
          : JSON.stringify(res.json ?? '');
      return { ok, status: res.status, detail: detail.slice(0, 500) };
    } catch (err) {
      return { ok: false, status: null, detail: (err as Error).message.slice(0, 500) };
    }
  },
};
