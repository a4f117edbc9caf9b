/**
 * The OpenAI-family clients: one official `openai` package, each provider's base URL. The job owns
 * retries and timeouts (`maxRetries: 0`, the turn's AbortSignal on every call). SSRF guard as for
 * webhooks: unless private targets are allowed (WEBHOOK_ALLOW_PRIVATE, tests, sandboxes), a base
 * URL naming a private address is refused before any connection, and a host name is connected to
 * through the guarded lookup (refuses private answers at connect time).
 */
import OpenAI, { APIError, APIUserAbortError, toFile, type ClientOptions as SdkOptions } from 'openai';
import { Agent as UndiciAgent } from 'undici';
import { guardedLookup, isPrivateHost, PRIVATE_ADDRESS_ERROR } from '../../../platform/security/private-address.js';
import type { IntegrationType } from './driver.js';

export type OpenAiFamilyType = Extract<IntegrationType, 'openai' | 'openai-assistant' | 'groq' | 'grok' | 'deepseek'>;
export const OPENAI_FAMILY: readonly OpenAiFamilyType[] = ['openai', 'openai-assistant', 'groq', 'grok', 'deepseek'];

/**
 * Default base URLs, from each provider's documentation:
 * - OpenAI: https://platform.openai.com/docs/api-reference/introduction
 * - Groq: https://console.groq.com/docs/openai ("change the base_url to https://api.groq.com/openai/v1")
 * - xAI Grok: https://docs.x.ai/api/integrations ("baseURL: https://api.x.ai/v1")
 * - DeepSeek: https://api-docs.deepseek.com/ ("base_url (OpenAI): https://api.deepseek.com")
 */
export const DEFAULT_BASE_URLS: Record<OpenAiFamilyType, string> = {
  openai: 'https://api.openai.com/v1',
  'openai-assistant': 'https://api.openai.com/v1',
  groq: 'https://api.groq.com/openai/v1',
  grok: 'https://api.x.ai/v1',
  deepseek: 'https://api.deepseek.com',
};

/** Used when the integration names no model. */
export const DEFAULT_MODELS: Record<OpenAiFamilyType, string> = {
  openai: 'gpt-4o-mini',
  'openai-assistant': 'gpt-4o-mini',
  groq: 'llama-3.3-70b-versatile',
  grok: 'grok-4',
  deepseek: 'deepseek-v4-flash',
};

/** A base URL the SSRF guard refuses (private address while those are not allowed) or not http(s). */
export class ProviderUrlRefusedError extends Error {
  override name = 'ProviderUrlRefusedError';
}

let guardedAgent: UndiciAgent | undefined;

export interface ClientOptions {
  baseURL: string;
  apiKey: string | null;
  allowPrivate: boolean;
}

export function openAiClient(o: ClientOptions): OpenAI {
  let u: URL;
  try {
    u = new URL(o.baseURL);
  } catch {
    throw new ProviderUrlRefusedError(`invalid URL: ${o.baseURL}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ProviderUrlRefusedError(`not http(s): ${o.baseURL}`);
  if (!o.allowPrivate && isPrivateHost(u.hostname)) throw new ProviderUrlRefusedError(PRIVATE_ADDRESS_ERROR);
  guardedAgent ??= new UndiciAgent({ connect: { lookup: guardedLookup } });
  return new OpenAI({
    baseURL: u.href.replace(/\/$/, ''),
    // The SDK refuses an empty key; a provider answers 401 to this one, which is the honest result.
    apiKey: o.apiKey || 'missing-api-key',
    maxRetries: 0,
    // Node's fetch takes undici's `dispatcher`, which the DOM RequestInit type does not name.
    ...(o.allowPrivate ? {} : { fetchOptions: { dispatcher: guardedAgent } as SdkOptions['fetchOptions'] }),
  });
}

/** A provider failure in a few words for the log and the "test" button: status and message. */
export function describeError(err: unknown): { status: number | null; detail: string } {
  // A name that resolved to a private address is refused at connect time, deep in the causes.
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 6; e = e.cause, depth++)
    if (e.message === PRIVATE_ADDRESS_ERROR) return { status: null, detail: PRIVATE_ADDRESS_ERROR };
  if (err instanceof APIUserAbortError) return { status: null, detail: 'timeout: the call was aborted' };
  if (err instanceof APIError) return { status: err.status ?? null, detail: shorten(err.message) };
  if (err instanceof ProviderUrlRefusedError) return { status: null, detail: shorten(err.message) };
  return { status: null, detail: shorten(err instanceof Error ? err.message : String(err)) };
}

export const shorten = (s: string, max = 300) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** The transcription model a provider documents (Groq serves Whisper, OpenAI its own models). */
const transcriptionModelFor = (baseURL: string) =>
  /groq\.com/i.test(baseURL) ? 'whisper-large-v3-turbo' : 'gpt-4o-mini-transcribe';

export interface TranscribeInput {
  baseURL?: string | null;
  apiKey: string;
  file: Buffer | Uint8Array;
  fileName: string;
  model?: string;
  /** ISO-639-1 hint, e.g. 'pt'. */
  language?: string;
  allowPrivate?: boolean;
  signal?: AbortSignal;
}

/**
 * Audio from a customer as text, through POST /audio/transcriptions (OpenAI, Groq and any
 * OpenAI-compatible provider that serves it). The job passes the channel's transcription key; the
 * driver calls it with the integration's own key when it gets the audio bytes. Throws on failure.
 */
export async function transcribeAudio(i: TranscribeInput): Promise<string> {
  const baseURL = i.baseURL || DEFAULT_BASE_URLS.openai;
  const client = openAiClient({ baseURL, apiKey: i.apiKey, allowPrivate: i.allowPrivate ?? false });
  const result = await client.audio.transcriptions.create(
    {
      file: await toFile(i.file, i.fileName),
      model: i.model ?? transcriptionModelFor(baseURL),
      response_format: 'json',
      ...(i.language ? { language: i.language } : {}),
    },
    { signal: i.signal },
  );
  return result.text.trim();
}

export interface SynthesizeInput {
  baseURL?: string | null;
  /** The integration's voice key (an OpenAI key for the speech endpoint). */
  apiKey: string;
  text: string;
  voice?: string;
  model?: string;
  allowPrivate?: boolean;
  signal?: AbortSignal;
}

/**
 * A voice reply: POST /audio/speech, MP3 bytes (the documented default format). The job stores
 * them as a media file (audio/mpeg) and sends them as a media reply after the text one.
 */
export async function synthesizeVoice(
  i: SynthesizeInput,
): Promise<{ data: Buffer; mimeType: 'audio/mpeg'; fileName: string }> {
  const client = openAiClient({
    baseURL: i.baseURL || DEFAULT_BASE_URLS.openai,
    apiKey: i.apiKey,
    allowPrivate: i.allowPrivate ?? false,
  });
  const res = await client.audio.speech.create(
    { model: i.model ?? 'gpt-4o-mini-tts', voice: i.voice ?? 'alloy', input: i.text, response_format: 'mp3' },
    { signal: i.signal },
  );
  const data = Buffer.from(await res.arrayBuffer());
  if (data.length === 0) throw new Error('empty speech answer');
  return { data, mimeType: 'audio/mpeg', fileName: 'reply.mp3' };
}
