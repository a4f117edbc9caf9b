/**
 * The OpenAI-family driver against the OpenAI-compatible stand-in: answers built from the system
 * prompt and the last `maxMessages`, the handover the model decides by a tool call, provider
 * failures and timeouts handed over (never thrown, never hung), the assistant's stored
 * conversation per ticket, audio transcription, voice synthesis and the "test" button's call.
 * No database: the driver knows only its provider's HTTP API.
 */
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isPrivateAddress } from '../../../platform/security/private-address.js';
import type { IntegrationConfig, TurnContext } from './driver.js';
import { openaiDriver, synthesizeVoice, transcribeAudio } from './openai.js';
import { ASSISTANT_ID_DETAIL } from './openai-assistant.js';
import { startOpenAiStandIn, type OpenAiStandIn, type ReceivedRequest } from '../stand-ins/openai/stand-in.js';

let api: OpenAiStandIn;
/** The machine's own name when it resolves to a private address (the connect-time guard's test). */
const own = await lookup(hostname())
  .then((a) => (isPrivateAddress(a.address) ? hostname() : null))
  .catch(() => null);
beforeAll(async () => {
  api = await startOpenAiStandIn();
});
afterAll(() => api.close());

const PROMPT = 'Você é o assistente da Padaria Central.';

const cfgOf = (over: Partial<IntegrationConfig> = {}): IntegrationConfig => ({
  id: 1,
  type: 'openai',
  name: 'Assistente',
  url: api.url,
  model: 'gpt-4o-mini',
  prompt: PROMPT,
  apiKey: api.apiKey,
  transferQueueId: 7,
  typebotSlug: null,
  expiresMinutes: 0,
  delayMs: 0,
  finishKeyword: null,
  restartKeyword: null,
  unknownMessage: null,
  maxTokens: 200,
  maxMessages: 3,
  temperature: 0.2,
  responseFormat: 'text',
  voiceKey: null,
  ...over,
});

const HISTORY = [
  { fromMe: false, body: 'Oi' },
  { fromMe: true, body: 'Olá! Como posso ajudar?' },
  { fromMe: false, body: 'Vocês abrem domingo?' },
  { fromMe: true, body: 'Sim, das 7h às 12h.' },
];

const ctxOf = (body: string, over: Partial<TurnContext> = {}): TurnContext => ({
  tenantId: 2,
  ticket: { id: 10, protocol: null, queueId: 3, channelId: 4 },
  contact: { name: 'Ana', number: '5511999990001', email: null, extraInfo: {} },
  message: { id: 100, body, mediaType: null, mediaUrl: null },
  history: [...HISTORY, { fromMe: false, body }],
  state: null,
  first: false,
  now: new Date(),
  allowPrivate: true,
  signal: AbortSignal.timeout(10_000),
  ...over,
});

/** The calls the stand-in received from `from` on, to `path`. */
const callsTo = (path: string, from: number) => api.requests.slice(from).filter((r) => r.path === path);
const lastBody = (path: string, from: number) => (callsTo(path, from).at(-1) as ReceivedRequest).body;

describe('chat completions (openai, groq, grok, deepseek)', () => {
  it('answers with the system prompt and the last maxMessages of the ticket', async () => {
    const from = api.requests.length;
    const r = await openaiDriver.turn(cfgOf(), ctxOf('E o pão de queijo sai que horas?'));
    expect(r.handover).toBeUndefined();
    expect(r.replies).toEqual([
      { kind: 'text', body: `[system: ${PROMPT}] [turns: 3] E o pão de queijo sai que horas?` },
    ]);
    const sent = callsTo('/chat/completions', from);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.authorization).toBe(`Bearer ${api.apiKey}`);
    expect(sent[0]!.body).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0.2,
      max_completion_tokens: 200,
      messages: [
        { role: 'system', content: PROMPT },
        { role: 'user', content: 'Vocês abrem domingo?' },
        { role: 'assistant', content: 'Sim, das 7h às 12h.' },
        { role: 'user', content: 'E o pão de queijo sai que horas?' },
      ],
      tools: [{ type: 'function', function: { name: 'transfer_to_human' } }],
    });
    expect(sent[0]!.body).not.toHaveProperty('max_tokens');
  });

  it('appends the customer message when the history does not end with it', async () => {
    const from = api.requests.length;
    const r = await openaiDriver.turn(cfgOf({ maxMessages: 10 }), ctxOf('Tem sonho?', { history: HISTORY }));
    expect(r.replies[0]).toEqual({ kind: 'text', body: `[system: ${PROMPT}] [turns: 5] Tem sonho?` });
    expect((lastBody('/chat/completions', from).messages as unknown[]).length).toBe(6);
  });

  it('sends DeepSeek max_tokens, and with the JSON format the reply field of the answer', async () => {
    const from = api.requests.length;
    const r = await openaiDriver.turn(
      cfgOf({ type: 'deepseek', model: null, responseFormat: 'json' }),
      ctxOf('Preço do café?'),
    );
    expect(r.replies).toEqual([{ kind: 'text', body: `[system: ${PROMPT}] [turns: 3] Preço do café?` }]);
    const body = lastBody('/chat/completions', from);
    expect(body).toMatchObject({
      model: 'deepseek-v4-flash',
      max_tokens: 200,
      response_format: { type: 'json_object' },
    });
    expect(body).not.toHaveProperty('max_completion_tokens');
  });

  it('hands the ticket to the transfer queue when the model calls the handover tool', async () => {
    for (const type of ['openai', 'groq', 'grok', 'deepseek'] as const) {
      const r = await openaiDriver.turn(cfgOf({ type }), ctxOf('Quero falar com um atendente, por favor'));
      expect(r).toEqual({ replies: [], handover: { queueId: 7, reason: 'requested' } });
    }
  });

  it('hands over on a provider 500 or 429, and tells the log why', async () => {
    for (const status of [500, 429]) {
      api.failNext(1, status, '/chat/completions');
      const warn = vi.fn();
      const r = await openaiDriver.turn(cfgOf(), ctxOf('Oi de novo', { log: { warn } }));
      expect(r).toEqual({ replies: [], handover: { queueId: 7, reason: 'provider-error' } });
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ status, integrationId: 1, ticketId: 10 }),
        expect.any(String),
      );
    }
  });

  it('hands over when the provider hangs and the job gives up (signal), without hanging', async () => {
    api.hangNext(1, '/chat/completions');
    const from = api.requests.length;
    const job = new AbortController();
    const turn = openaiDriver.turn(cfgOf(), ctxOf('Alguém aí?', { signal: job.signal }));
    await vi.waitFor(() => expect(callsTo('/chat/completions', from)).toHaveLength(1));
    job.abort();
    expect(await turn).toEqual({ replies: [], handover: { queueId: 7, reason: 'provider-error' } });
  });

  it('hands over on an empty answer, a wrong key and a private URL while those are refused', async () => {
    api.emptyNext(1);
    const handover = { replies: [], handover: { queueId: 7, reason: 'provider-error' } };
    expect(await openaiDriver.turn(cfgOf(), ctxOf('Oi'))).toEqual(handover);
    expect(await openaiDriver.turn(cfgOf({ apiKey: 'sk-wrong-key-0000' }), ctxOf('Oi'))).toEqual(handover);
    const from = api.requests.length;
    expect(await openaiDriver.turn(cfgOf(), ctxOf('Oi', { allowPrivate: false }))).toEqual(handover);
    expect(api.requests.length).toBe(from);
  });

  it('hands over a message without text (an image) instead of answering an older message', async () => {
    const from = api.requests.length;
    const image = { id: 103, body: '', mediaType: 'image', mediaUrl: '/media/p.jpg' };
    expect(await openaiDriver.turn(cfgOf(), ctxOf('', { message: image }))).toEqual({
      replies: [],
      handover: { queueId: 7, reason: 'provider-error' },
    });
    expect(api.requests.length).toBe(from);
  });
});

describe('OpenAI assistant (Responses API, a conversation per ticket)', () => {
  const assistant = (over: Partial<IntegrationConfig> = {}) => cfgOf({ type: 'openai-assistant', ...over });

  it('creates the conversation once, seeded with the history, and reuses it on the next turn', async () => {
    const from = api.requests.length;
    const first = await openaiDriver.turn(assistant(), ctxOf('Vocês entregam?', { first: true }));
    const conversationId = first.state?.conversationId as string;
    expect(conversationId).toMatch(/^conv_/);
    expect(first.replies).toEqual([{ kind: 'text', body: `[system: ${PROMPT}] [turns: 3] Vocês entregam?` }]);
    expect(lastBody('/conversations', from)).toMatchObject({
      items: [
        { type: 'message', role: 'user', content: 'Vocês abrem domingo?' },
        { type: 'message', role: 'assistant', content: 'Sim, das 7h às 12h.' },
      ],
      metadata: { tenant: '2', ticket: '10' },
    });
    expect(lastBody('/responses', from)).toMatchObject({
      model: 'gpt-4o-mini',
      conversation: conversationId,
      instructions: PROMPT,
      input: [{ role: 'user', content: 'Vocês entregam?' }],
      max_output_tokens: 200,
      tools: [{ type: 'function', name: 'transfer_to_human' }],
    });

    const second = await openaiDriver.turn(assistant(), ctxOf('No centro?', { state: first.state ?? null }));
    // The stored conversation holds both earlier turns, the first answer and the new message.
    expect(second.replies).toEqual([{ kind: 'text', body: `[system: ${PROMPT}] [turns: 5] No centro?` }]);
    expect(second.state).toEqual({ conversationId });
    expect(callsTo('/conversations', from)).toHaveLength(1);
    expect(callsTo('/responses', from)).toHaveLength(2);
  });

  it('sends a pmpt_ prompt as a stored prompt id, anything else as instructions', async () => {
    const from = api.requests.length;
    const r = await openaiDriver.turn(assistant({ prompt: 'pmpt_68ab12', model: null }), ctxOf('Oi'));
    expect(r.replies[0]).toEqual({ kind: 'text', body: '[system: prompt pmpt_68ab12] [turns: 3] Oi' });
    const body = lastBody('/responses', from);
    expect(body.prompt).toEqual({ id: 'pmpt_68ab12' });
    expect(body).not.toHaveProperty('instructions');
    expect(body).not.toHaveProperty('model');
  });

  it('hands over by the function call and drops the conversation', async () => {
    const first = await openaiDriver.turn(assistant(), ctxOf('Oi'));
    const r = await openaiDriver.turn(assistant(), ctxOf('Quero um humano', { state: first.state ?? null }));
    expect(r).toEqual({ replies: [], handover: { queueId: 7, reason: 'requested' }, state: null });
  });

  it('refuses an imported Assistants API id: the turn hands over, the test says what to do', async () => {
    const from = api.requests.length;
    const r = await openaiDriver.turn(assistant({ prompt: 'asst_abc123' }), ctxOf('Oi'));
    expect(r).toEqual({ replies: [], handover: { queueId: 7, reason: 'provider-error' }, state: null });
    expect(await openaiDriver.test(assistant({ prompt: 'asst_abc123' }), AbortSignal.timeout(5000))).toEqual({
      ok: false,
      status: null,
      detail: ASSISTANT_ID_DETAIL,
    });
    expect(api.requests.length).toBe(from);
  });

  it('starts a new conversation when the stored one is gone', async () => {
    const r = await openaiDriver.turn(assistant(), ctxOf('Oi', { state: { conversationId: 'conv_gone' } }));
    expect(r).toEqual({ replies: [], handover: { queueId: 7, reason: 'provider-error' }, state: null });
  });
});

describe('audio', () => {
  it('transcribes a customer audio before the chat call', async () => {
    const from = api.requests.length;
    const audio = { data: Buffer.from('quero falar com um humano'), fileName: 'voice.ogg' };
    const r = await openaiDriver.turn(
      cfgOf({ type: 'groq' }),
      ctxOf('', {
        message: { id: 101, body: '', mediaType: 'audio', mediaUrl: '/media/voice.ogg', audio },
        history: HISTORY,
      }),
    );
    expect(r.handover).toEqual({ queueId: 7, reason: 'requested' });
    expect(lastBody('/audio/transcriptions', from)).toMatchObject({
      model: 'whisper-large-v3-turbo',
      file: { name: 'voice.ogg', size: audio.data.length },
    });
    const messages = lastBody('/chat/completions', from).messages as Array<{ content: string }>;
    expect(messages.at(-1)!.content).toBe('quero falar com um humano');
  });

  it("uses the channel's transcription key when the job gives one", async () => {
    const other = await startOpenAiStandIn();
    try {
      const audio = {
        data: Buffer.from('Qual o horário hoje?'),
        fileName: 'a.ogg',
        transcriptionKey: other.apiKey,
        transcriptionUrl: other.url,
      };
      const r = await openaiDriver.turn(
        cfgOf(),
        ctxOf('', { message: { id: 102, body: '', mediaType: 'audio', mediaUrl: null, audio }, history: [] }),
      );
      expect(r.replies).toEqual([{ kind: 'text', body: `[system: ${PROMPT}] [turns: 1] Qual o horário hoje?` }]);
      expect(other.requests.map((q) => q.path)).toEqual(['/audio/transcriptions']);
      expect(other.requests[0]!.authorization).toBe(`Bearer ${other.apiKey}`);
    } finally {
      await other.close();
    }
  });

  it('transcribeAudio and synthesizeVoice speak to the audio endpoints', async () => {
    const text = await transcribeAudio({
      baseURL: api.url,
      apiKey: api.apiKey,
      file: new Uint8Array([0x4f, 0x67, 0x67, 0x53, 0x00, 0x02, 0xff, 0xfe]),
      fileName: 'note.ogg',
      model: 'whisper-1',
      allowPrivate: true,
    });
    expect(text).toBe('audio note.ogg (8 bytes)');
    const voice = await synthesizeVoice({ baseURL: api.url, apiKey: api.apiKey, text: 'Bom dia!', allowPrivate: true });
    expect(voice.mimeType).toBe('audio/mpeg');
    expect(voice.data.subarray(0, 3).toString('latin1')).toBe('ID3');
    expect(voice.data.subarray(-8).toString('utf8')).toBe('Bom dia!');
    await expect(
      transcribeAudio({
        baseURL: api.url,
        apiKey: 'sk-nope',
        file: Buffer.from('x'),
        fileName: 'x.ogg',
        allowPrivate: true,
      }),
    ).rejects.toThrow(/Incorrect API key/);
  });
});

describe('test()', () => {
  const signal = () => AbortSignal.timeout(5000);
  const allow = { allowPrivate: true };

  it('makes one real call and shows the answer', async () => {
    const from = api.requests.length;
    const r = await openaiDriver.test(cfgOf({ type: 'grok', model: 'grok-4' }), signal(), allow);
    expect(r).toEqual({
      ok: true,
      status: 200,
      detail: `grok-4: [system: ${PROMPT}] [turns: 1] Reply with one word: ok`,
    });
    expect(callsTo('/chat/completions', from)).toHaveLength(1);
    const a = await openaiDriver.test(cfgOf({ type: 'openai-assistant' }), signal(), allow);
    expect(a).toEqual({
      ok: true,
      status: 200,
      detail: `gpt-4o-mini: [system: ${PROMPT}] [turns: 1] Reply with one word: ok`,
    });
  });

  it('shows the provider error with a wrong key, a failure or a refused private URL', async () => {
    const wrong = await openaiDriver.test(cfgOf({ apiKey: 'sk-wrong-key-1234' }), signal(), allow);
    expect(wrong.ok).toBe(false);
    expect(wrong.status).toBe(401);
    expect(wrong.detail).toMatch(/Incorrect API key provided: sk-\*\*\*1234/);
    api.failNext(1, 500);
    expect(await openaiDriver.test(cfgOf(), signal(), allow)).toMatchObject({ ok: false, status: 500 });
    expect(await openaiDriver.test(cfgOf(), signal())).toEqual({
      ok: false,
      status: null,
      detail: 'ERR_WEBHOOK_PRIVATE_ADDRESS',
    });
  });

  // A host *name* that resolves to a private address passes the URL check and is refused at
  // connect time by the guarded lookup (the machine's own name resolves to one where it resolves).
  it.skipIf(!own)('refuses a host name that resolves to a private address at connect time', async () => {
    const from = api.requests.length;
    const url = api.url.replace('127.0.0.1', own!);
    expect(await openaiDriver.test(cfgOf({ url }), signal())).toEqual({
      ok: false,
      status: null,
      detail: 'ERR_WEBHOOK_PRIVATE_ADDRESS',
    });
    expect(await openaiDriver.test(cfgOf({ url }), signal(), allow)).toMatchObject({ ok: true });
    expect(api.requests.length).toBe(from + 1);
  });
});
