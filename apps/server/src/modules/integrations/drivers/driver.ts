/**
 * One driver per integration type (Typebot, the OpenAI family, N8N/webhook, payment-slip copy)
 * behind this interface. A driver knows its provider's HTTP API and nothing of the database: the
 * integration turn job (modules/integrations/jobs) loads the ticket, the contact and the history,
 * calls `turn`, then records the replies through the outbox (chatbot/record-replies.ts), stores
 * `state` on the ticket, and applies `handover` (the ticket goes pending to that queue, out of the
 * integration) or `finish`. Drivers are tested against the local stand-in of their provider.
 */
import type { BotReply } from '@prosa/contracts';

export type IntegrationType = 'typebot' | 'openai' | 'openai-assistant' | 'groq' | 'grok' | 'deepseek' | 'n8n' | 'payment-slip';

/** The integration as a driver sees it: the API key already decrypted. */
export interface IntegrationConfig {
  id: number;
  type: IntegrationType;
  name: string;
  /** Provider root: Typebot viewer URL, OpenAI-compatible base URL, N8N/webhook URL, billing API root. */
  url: string;
  model: string | null;
  prompt: string | null;
  apiKey: string | null;
  transferQueueId: number | null;
  typebotSlug: string | null;
  /** Typebot session expiry, minutes (0: never). */
  expiresMinutes: number;
  /** Pause between relayed bubbles, milliseconds. */
  delayMs: number;
  /** Typebot: words that end the session / restart it; comma-separated as the user typed them. */
  finishKeyword: string | null;
  restartKeyword: string | null;
  unknownMessage: string | null;
  maxTokens: number;
  maxMessages: number;
  temperature: number;
  responseFormat: 'text' | 'json';
  voiceKey: string | null;
  /** The secret the N8N/webhook posts are signed with (X-Prosa-Signature); set by the job. */
  signingSecret?: string;
}

export interface TurnContext {
  tenantId: number;
  ticket: { id: number; protocol: string | null; queueId: number | null; channelId: number };
  contact: { name: string; number: string; email: string | null; extraInfo: Record<string, string> };
  /** The customer's message that started this turn. */
  message: {
    id: number;
    body: string;
    mediaType: string | null;
    mediaUrl: string | null;
    /**
     * A customer's audio, given by the job when the driver transcribes it (OpenAI family): its
     * bytes, and the channel's transcription key (OpenAI's transcription endpoint; `transcriptionUrl`
     * overrides it) or, without one, the integration's own key and base URL.
     */
    audio?: { data: Uint8Array; fileName: string; transcriptionKey?: string | null; transcriptionUrl?: string | null };
  };
  /** The ticket's last messages, oldest first (the job reads at most `maxMessages`). */
  history: Array<{ fromMe: boolean; body: string }>;
  /** What this driver stored on the ticket after its last turn (null on the first). */
  state: Record<string, unknown> | null;
  /** The message opened the conversation with this integration (first turn). */
  first: boolean;
  now: Date;
  /** Webhooks and provider calls may reach private addresses (sandboxes, tests). */
  allowPrivate: boolean;
  signal: AbortSignal;
  /** The language the driver's own texts are said in (payment-slip); pt when not given. */
  language?: 'pt' | 'en' | 'es';
  /** Where a driver reports a provider failure it turned into a handover (pino's warn fits). */
  log?: { warn(obj: object, msg: string): void };
}

export interface TurnResult {
  replies: BotReply[];
  /** Seconds to wait before each reply after the first (Typebot's delay). */
  delaySeconds?: number;
  /** What to keep on the ticket for the next turn (null clears it). */
  state?: Record<string, unknown> | null;
  /** Hand the ticket to a human: pending in this queue (null: the ticket's queue), out of the integration. */
  handover?: { queueId: number | null; reason: 'requested' | 'provider-error' | 'finished' };
  /** The integration's conversation ended without a handover (Typebot finish keyword, end of bot). */
  finish?: boolean;
  /**
   * The text replies spoken (OpenAI family with a voice key): the job stores the bytes as a media
   * file, checked like an upload, and sends them after the text.
   */
  voice?: { data: Uint8Array; mimeType: string; fileName: string };
  /**
   * A webhook to post (N8N): the job records it as a delivery row in the same transaction that
   * moves the ticket past the message, and the channel webhooks' delivery job posts it, signed and
   * retried with backoff. So the message is posted, and recorded as handled, exactly together.
   */
  webhook?: { event: string; payload: Record<string, unknown> };
}

/** Thrown by a driver for a failure worth retrying (network, 5xx): the job retries the turn. */
export class RetryableIntegrationError extends Error {
  override name = 'RetryableIntegrationError';
}

export interface IntegrationDriver {
  type: IntegrationType | readonly IntegrationType[];
  turn(cfg: IntegrationConfig, ctx: TurnContext): Promise<TurnResult>;
  /** One real call for the screen's "test" button: what the provider answered, shortened. */
  test(
    cfg: IntegrationConfig,
    signal: AbortSignal,
    /** `allowPrivate`: the provider may be on a private address (WEBHOOK_ALLOW_PRIVATE); false when not given. */
    opts?: { allowPrivate?: boolean },
  ): Promise<{ ok: boolean; status: number | null; detail: string }>;
}
