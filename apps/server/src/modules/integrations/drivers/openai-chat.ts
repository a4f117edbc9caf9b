/**
 * One turn on Chat Completions (OpenAI, Groq, Grok, DeepSeek): the integration's prompt as the
 * system message, the ticket's last `maxMessages` as user/assistant turns, the handover tool.
 * Reference: https://platform.openai.com/docs/api-reference/chat/create
 * Throws on a provider error or an empty answer (the driver turns both into a handover).
 */
import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { IntegrationConfig, TurnContext, TurnResult } from './driver.js';
import { DEFAULT_MODELS, type OpenAiFamilyType } from './openai-client.js';
import {
  conversationOf,
  EmptyAnswerError,
  HANDOVER_CHAT_TOOL,
  HANDOVER_TOOL,
  handoverResult,
  replyText,
} from './openai-conversation.js';

/**
 * The output limit under the name each provider documents: OpenAI deprecated `max_tokens` for
 * `max_completion_tokens` (https://platform.openai.com/docs/api-reference/chat/create), Groq and xAI
 * take `max_completion_tokens` too; DeepSeek documents `max_tokens`
 * (https://api-docs.deepseek.com/api/create-chat-completion).
 */
function outputLimit(type: OpenAiFamilyType, maxTokens: number) {
  if (!(maxTokens > 0)) return {};
  return type === 'deepseek' ? { max_tokens: maxTokens } : { max_completion_tokens: maxTokens };
}

export function chatRequest(cfg: IntegrationConfig, ctx: TurnContext): ChatCompletionCreateParamsNonStreaming {
  const type = cfg.type as OpenAiFamilyType;
  const prompt = cfg.prompt?.trim();
  return {
    model: cfg.model?.trim() || DEFAULT_MODELS[type],
    messages: [
      ...(prompt ? [{ role: 'system' as const, content: prompt }] : []),
      ...conversationOf(ctx, cfg.maxMessages),
    ],
    temperature: cfg.temperature,
    ...outputLimit(type, cfg.maxTokens),
    ...(cfg.responseFormat === 'json' ? { response_format: { type: 'json_object' as const } } : {}),
    tools: [HANDOVER_CHAT_TOOL],
  };
}

export async function chatTurn(cfg: IntegrationConfig, ctx: TurnContext, client: OpenAI): Promise<TurnResult> {
  const completion = await client.chat.completions.create(chatRequest(cfg, ctx), { signal: ctx.signal });
  const message = completion.choices[0]?.message;
  const text = replyText(message?.content, cfg.responseFormat);
  const handover = message?.tool_calls?.some((c) => c.type === 'function' && c.function.name === HANDOVER_TOOL);
  if (handover) return handoverResult(cfg, text);
  if (!text) throw new EmptyAnswerError();
  return { replies: [{ kind: 'text', body: text }] };
}
