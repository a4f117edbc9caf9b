/**
 * The bodies the OpenAI-compatible stand-in answers, shaped as OpenAI's API reference documents
 * them (the URL of each object is beside its builder). Ids carry the documented prefixes
 * (chatcmpl-, call_, conv_, resp_, msg_, fc_).
 */
import { randomBytes } from 'node:crypto';

export type Json = Record<string, unknown>;

export const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
/** A rough token count (4 characters a token), enough for the usage objects. */
export const tokens = (s: string) => Math.max(1, Math.ceil(s.length / 4));

/**
 * The chat completion object: https://platform.openai.com/docs/api-reference/chat/object
 * With a tool call, `content` is null, `tool_calls` holds the function call and `finish_reason`
 * is "tool_calls" (https://platform.openai.com/docs/guides/function-calling).
 */
export function chatCompletion(p: {
  model: string;
  content: string | null;
  toolCall?: { name: string; arguments: Json };
  promptText: string;
}): Json {
  const completionText = p.content ?? JSON.stringify(p.toolCall?.arguments ?? {});
  const prompt_tokens = tokens(p.promptText);
  const completion_tokens = tokens(completionText);
  return {
    id: newId('chatcmpl-'),
    object: 'chat.completion',
    created: now(),
    model: p.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: p.content,
          refusal: null,
          annotations: [],
          ...(p.toolCall
            ? {
                tool_calls: [
                  {
                    id: newId('call_'),
                    type: 'function',
                    function: { name: p.toolCall.name, arguments: JSON.stringify(p.toolCall.arguments) },
                  },
                ],
              }
            : {}),
        },
        logprobs: null,
        finish_reason: p.toolCall ? 'tool_calls' : 'stop',
      },
    ],
    usage: {
      prompt_tokens,
      completion_tokens,
      total_tokens: prompt_tokens + completion_tokens,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    },
    service_tier: 'default',
    system_fingerprint: 'fp_standin01',
  };
}

/** The conversation object: https://platform.openai.com/docs/api-reference/conversations/object */
export const conversationObject = (id: string, createdAt: number, metadata: Json): Json => ({
  id,
  object: 'conversation',
  created_at: createdAt,
  metadata,
});

/**
 * Output items of a response (https://platform.openai.com/docs/api-reference/responses/object,
 * `output`): an output message, or a function tool call.
 */
export const outputMessage = (text: string): Json => ({
  type: 'message',
  id: newId('msg_'),
  status: 'completed',
  role: 'assistant',
  content: [{ type: 'output_text', text, annotations: [], logprobs: [] }],
});
export const functionCallItem = (name: string, args: Json): Json => ({
  type: 'function_call',
  id: newId('fc_'),
  call_id: newId('call_'),
  name,
  arguments: JSON.stringify(args),
  status: 'completed',
});

/** The response object: https://platform.openai.com/docs/api-reference/responses/object */
export function responseObject(p: {
  model: string;
  output: Json[];
  request: Json;
  conversationId: string | null;
  inputText: string;
}): Json {
  const outText = p.output.map((o) => JSON.stringify(o)).join('');
  const input_tokens = tokens(p.inputText);
  const output_tokens = tokens(outText);
  const r = p.request;
  return {
    id: newId('resp_'),
    object: 'response',
    created_at: now(),
    status: 'completed',
    background: false,
    completed_at: now(),
    error: null,
    incomplete_details: null,
    instructions: typeof r.instructions === 'string' ? r.instructions : null,
    max_output_tokens: typeof r.max_output_tokens === 'number' ? r.max_output_tokens : null,
    model: p.model,
    output: p.output,
    parallel_tool_calls: true,
    previous_response_id: null,
    prompt: r.prompt ?? null,
    reasoning: { effort: null, summary: null },
    store: r.store !== false,
    temperature: typeof r.temperature === 'number' ? r.temperature : 1,
    text: r.text ?? { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: Array.isArray(r.tools) ? r.tools : [],
    top_p: 1,
    truncation: 'disabled',
    usage: {
      input_tokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: input_tokens + output_tokens,
    },
    user: null,
    metadata: {},
    conversation: p.conversationId ? { id: p.conversationId } : null,
  };
}

/**
 * The transcription object (JSON): https://platform.openai.com/docs/api-reference/audio/json-object
 * GPT-4o transcription models report token usage, whisper-1 the audio's duration.
 */
export function transcriptionObject(text: string, model: string, bytes: number): Json {
  if (model.startsWith('whisper'))
    return { text, usage: { type: 'duration', seconds: Math.max(1, Math.round(bytes / 4000)) } };
  const audio_tokens = Math.max(1, Math.round(bytes / 100));
  const output_tokens = tokens(text);
  return {
    text,
    usage: {
      type: 'tokens',
      input_tokens: audio_tokens,
      input_token_details: { text_tokens: 0, audio_tokens },
      output_tokens,
      total_tokens: audio_tokens + output_tokens,
    },
  };
}

/**
 * Error bodies: https://platform.openai.com/docs/guides/error-codes (401 invalid key, 429 rate
 * limit, 500 server error) in the `{ error: { message, type, param, code } }` envelope of
 * https://platform.openai.com/docs/api-reference/introduction (errors).
 */
export const errorBody = (message: string, type: string, code: string | null, param: string | null = null) => ({
  error: { message, type, param, code },
});
export const invalidKey = (key: string) =>
  errorBody(
    `Incorrect API key provided: ${key.length > 8 ? `${key.slice(0, 3)}***${key.slice(-4)}` : '***'}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    'invalid_request_error',
    'invalid_api_key',
  );
export const rateLimited = () =>
  errorBody('Rate limit reached for requests. Please try again in 1s.', 'requests', 'rate_limit_exceeded');
export const serverError = () =>
  errorBody('The server had an error while processing your request. Sorry about that!', 'server_error', null);
