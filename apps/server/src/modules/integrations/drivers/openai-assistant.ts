/**
 * One turn of the "OpenAI assistant" type on the Responses API with a stored conversation per
 * ticket (https://platform.openai.com/docs/api-reference/responses/create,
 * https://platform.openai.com/docs/api-reference/conversations/create). The first turn creates the
 * conversation, seeded with the ticket's earlier messages (up to `maxMessages`), and keeps its id
 * in the ticket's integration state; later turns add only the customer's new message to it.
 *
 * The integration's prompt: `pmpt_...` is a prompt id made on the OpenAI dashboard (sent as
 * `prompt: { id }`), anything else is `instructions`. The Assistants API the older products used was
 * shut down on 2026-08-26: an imported assistant id (`asst_...`) names nothing the Responses API
 * knows. It is refused (AssistantIdError: the turn hands over, the "test" button says what to do):
 * the admin recreates the assistant as a prompt on the dashboard and pastes its `pmpt_` id, or
 * pastes the assistant's instructions as the prompt.
 */
import type OpenAI from 'openai';
import type { ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses';
import type { IntegrationConfig, TurnContext, TurnResult } from './driver.js';
import { DEFAULT_MODELS } from './openai-client.js';
import {
  conversationOf,
  EmptyAnswerError,
  HANDOVER_RESPONSES_TOOL,
  HANDOVER_TOOL,
  handoverResult,
  replyText,
} from './openai-conversation.js';

export const ASSISTANT_ID_DETAIL =
  'An Assistants API id (asst_...) cannot be used: that API was shut down on 2026-08-26. ' +
  'Recreate the assistant as a prompt on the OpenAI dashboard and use its id (pmpt_...), or paste its instructions as the prompt.';

export class AssistantIdError extends Error {
  override name = 'AssistantIdError';
  constructor() {
    super(ASSISTANT_ID_DETAIL);
  }
}

/** The prompt as the Responses API takes it: a stored prompt's id or plain instructions. */
export function promptOf(cfg: IntegrationConfig): Pick<ResponseCreateParamsNonStreaming, 'prompt' | 'instructions'> {
  const p = cfg.prompt?.trim();
  if (!p) return {};
  if (p.startsWith('asst_')) throw new AssistantIdError();
  return p.startsWith('pmpt_') ? { prompt: { id: p } } : { instructions: p };
}

/** The model: the integration's, else the stored prompt's own (none sent), else the default. */
export function modelOf(cfg: IntegrationConfig): { model?: string } {
  const m = cfg.model?.trim();
  if (m) return { model: m };
  return cfg.prompt?.trim().startsWith('pmpt_') ? {} : { model: DEFAULT_MODELS['openai-assistant'] };
}

/** The documented minimum of `max_output_tokens` is 16. */
const outputLimit = (maxTokens: number) => (maxTokens > 0 ? { max_output_tokens: Math.max(16, maxTokens) } : {});

export async function assistantTurn(cfg: IntegrationConfig, ctx: TurnContext, client: OpenAI): Promise<TurnResult> {
  const instructions = promptOf(cfg);
  const turns = conversationOf(ctx, cfg.maxMessages);
  const current = turns.at(-1);
  if (!current || current.role !== 'user') throw new EmptyAnswerError();
  let conversationId = typeof ctx.state?.conversationId === 'string' ? ctx.state.conversationId : null;
  if (!conversationId) {
    const created = await client.conversations.create(
      {
        items: turns.slice(0, -1).map((t) => ({ type: 'message' as const, role: t.role, content: t.content })),
        metadata: { tenant: String(ctx.tenantId), ticket: String(ctx.ticket.id) },
      },
      { signal: ctx.signal },
    );
    conversationId = created.id;
  }
  const response = await client.responses.create(
    {
      ...modelOf(cfg),
      conversation: conversationId,
      input: [{ type: 'message', role: 'user', content: current.content }],
      ...instructions,
      tools: [HANDOVER_RESPONSES_TOOL],
      temperature: cfg.temperature,
      ...outputLimit(cfg.maxTokens),
      ...(cfg.responseFormat === 'json' ? { text: { format: { type: 'json_object' as const } } } : {}),
    },
    { signal: ctx.signal },
  );
  const text = replyText(response.output_text, cfg.responseFormat);
  const handover = response.output.some((o) => o.type === 'function_call' && o.name === HANDOVER_TOOL);
  // The conversation now ends on a call nobody answers: a later turn starts a new one.
  if (handover) return handoverResult(cfg, text, null);
  if (!text) throw new EmptyAnswerError();
  return { replies: [{ kind: 'text', body: text }], state: { conversationId } };
}
