/**
 * What the OpenAI-family turns share: the ticket's conversation as user/assistant turns, the
 * handover tool the model calls to reach a person, and the text a reply carries.
 */
import type { IntegrationConfig, TurnContext, TurnResult } from './driver.js';

export const HANDOVER_TOOL = 'transfer_to_human';

const HANDOVER_DESCRIPTION =
  'Transfer the conversation to a human agent. Call it when the customer asks to talk to a person ' +
  '(an attendant, a human, an agent), or when you cannot help with the request.';
const HANDOVER_PARAMETERS = {
  type: 'object',
  properties: { reason: { type: 'string', description: 'Why the customer is transferred, in a few words.' } },
  required: ['reason'],
  additionalProperties: false,
};

/** Chat Completions tool (https://platform.openai.com/docs/guides/function-calling). */
export const HANDOVER_CHAT_TOOL = {
  type: 'function' as const,
  function: { name: HANDOVER_TOOL, description: HANDOVER_DESCRIPTION, parameters: HANDOVER_PARAMETERS },
};

/** Responses API tool: the function fields sit on the tool itself. */
export const HANDOVER_RESPONSES_TOOL = {
  type: 'function' as const,
  name: HANDOVER_TOOL,
  description: HANDOVER_DESCRIPTION,
  parameters: HANDOVER_PARAMETERS,
  strict: true,
};

export interface Turn {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * The last `maxMessages` of the ticket (at least the customer's message), oldest first. The job's
 * history may or may not end with the message of this turn: it is appended unless it is already
 * the last one. Messages without text (media without caption) are left out.
 */
export function conversationOf(ctx: TurnContext, maxMessages: number): Turn[] {
  const turns: Turn[] = ctx.history
    .filter((h) => h.body.trim() !== '')
    .map((h) => ({ role: h.fromMe ? 'assistant' : 'user', content: h.body }));
  const last = turns.at(-1);
  const body = ctx.message.body.trim();
  if (body && !(last?.role === 'user' && last.content.trim() === body)) turns.push({ role: 'user', content: body });
  return turns.slice(-Math.max(1, maxMessages));
}

/**
 * The text sent to the customer. With the JSON response format the model answers an object: its
 * `reply` (or `message`, `text`, `answer`) string is sent when there is one, the raw JSON otherwise.
 */
export function replyText(raw: string | null | undefined, format: IntegrationConfig['responseFormat']): string {
  const text = (raw ?? '').trim();
  if (format !== 'json' || !text) return text;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object') {
      const o = parsed as Record<string, unknown>;
      for (const k of ['reply', 'message', 'text', 'answer'])
        if (typeof o[k] === 'string') return (o[k] as string).trim();
    }
  } catch {
    // not JSON after all: sent as the model wrote it
  }
  return text;
}

/** The model answered nothing usable: handled like a provider error (handover). */
export class EmptyAnswerError extends Error {
  override name = 'EmptyAnswerError';
  constructor() {
    super('the model gave an empty answer');
  }
}

/** The customer asked for a person: any text the model gave, then the transfer queue. */
export function handoverResult(cfg: IntegrationConfig, text: string, state?: TurnResult['state']): TurnResult {
  return {
    replies: text ? [{ kind: 'text', body: text }] : [],
    handover: { queueId: cfg.transferQueueId, reason: 'requested' },
    ...(state !== undefined ? { state } : {}),
  };
}
