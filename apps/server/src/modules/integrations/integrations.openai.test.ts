/**
 * The OpenAI driver through the turn job, on a real server, against the OpenAI-compatible
 * stand-in: the company's prompt and the conversation reach the model, a voice note is transcribed
 * first, and the model's handover tool call leaves the ticket pending in the transfer queue.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { inbound, makeChannel, phone, ticketRow, until } from '../messages/messages.test-support.js';
import { startOpenAiStandIn, type OpenAiStandIn } from './stand-ins/openai/stand-in.js';

let h: Harness;
let a: Company;
let ai: OpenAiStandIn;
const PROMPT = 'Você é a assistente da padaria.';

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  ai = await startOpenAiStandIn();
});
afterAll(async () => {
  await h.close();
  await ai.close();
});

const replies = (ticketId: number) =>
  withTenant(h.app.platform.db, a.tenantId, (s) => s.select(messages, eq(messages.ticketId, ticketId))).then((ms) =>
    ms.filter((m) => m.fromMe).sort((x, y) => x.id - y.id),
  );

async function setup(extra: Record<string, unknown> = {}) {
  const post = (path: string, body: Record<string, unknown>) => h.request('POST', path, { token: a.admin.token, body });
  const transfer = (await post('/queue', { name: `Pessoas ${phone()}`, color: '#1c7ed6' })).body;
  const integration = (
    await post('/queueIntegration', {
      name: `IA ${phone()}`,
      type: 'openai',
      url: ai.url,
      apiKey: ai.apiKey,
      model: 'gpt-4o-mini',
      prompt: PROMPT,
      transferQueueId: transfer.id,
      maxMessages: 10,
      ...extra,
    })
  ).body;
  const queue = (await post('/queue', { name: `Robô ${phone()}`, color: '#0ca678', integrationId: integration.id }))
    .body;
  return { transfer, integration, channel: await makeChannel(h, a, { defaultQueueId: queue.id }) };
}

describe('an OpenAI integration answering a ticket', () => {
  it('answers with the prompt, transcribes a voice note, and hands over by the tool call', async () => {
    const { transfer, integration, channel } = await setup();
    const from = { number: phone(), name: 'Bia' };
    const first = await inbound(h, a, channel, { from, body: 'Tem pão de queijo?' });
    const ticketId = first.ticketId!;
    const one = await until(
      () => replies(ticketId),
      (r) => r.length >= 1,
    );
    expect(one[0]!.body).toContain(PROMPT);
    expect(one[0]!.body).toContain('Tem pão de queijo?');

    // A voice note: its bytes go to the transcription endpoint, the transcript to the model.
    await inbound(h, a, channel, {
      from,
      body: '',
      mediaType: 'audio',
      media: { data: Buffer.from('quanto custa o bolo de fubá'), mimeType: 'audio/ogg', fileName: 'nota.ogg' },
    });
    const two = await until(
      () => replies(ticketId),
      (r) => r.length >= 2,
    );
    expect(ai.requests.some((r) => r.path === '/audio/transcriptions')).toBe(true);
    expect(two[1]!.body).toContain('quanto custa o bolo de fubá');

    // Asking for a person: the tool call moves the ticket to the transfer queue, out of the integration.
    await inbound(h, a, channel, { from, body: 'Quero falar com um atendente' });
    const after = await until(
      () => ticketRow(h, a, ticketId),
      (t) => t?.integrationId === null,
    );
    expect(after).toMatchObject({ status: 'pending', queueId: transfer.id, integrationId: null, userId: null });
    const chats = ai.requests.filter((r) => r.path === '/chat/completions');
    expect(chats).toHaveLength(3);
    expect(chats.every((r) => r.authorization === `Bearer ${ai.apiKey}`)).toBe(true);
    expect(integration.apiKeyLast4).toBe(ai.apiKey.slice(-4));
  });

  it('with a voice key, the answer also goes as a voice note after the text', async () => {
    const { channel } = await setup({ voiceKey: ai.apiKey });
    const first = await inbound(h, a, channel, { from: { number: phone(), name: 'Davi' }, body: 'Vocês abrem domingo?' });
    const sent = await until(
      () => replies(first.ticketId!),
      (r) => r.length >= 2,
    );
    expect(sent[0]).toMatchObject({ mediaType: 'chat' });
    expect(sent[1]).toMatchObject({ mediaType: 'audio', mimeType: 'audio/mpeg', mediaName: 'reply.mp3' });
    const speech = ai.requests.filter((r) => r.path === '/audio/speech');
    expect(speech).toHaveLength(1);
    expect(speech[0]!.body.input).toBe(sent[0]!.body);
  });

  it('a provider that fails hands the ticket over with a polite message', async () => {
    const { transfer, channel } = await setup();
    ai.failNext(1, 500, '/chat/completions');
    const first = await inbound(h, a, channel, { from: { number: phone(), name: 'Caio' }, body: 'Oi' });
    const after = await until(
      () => ticketRow(h, a, first.ticketId!),
      (t) => t?.integrationId === null,
    );
    expect(after).toMatchObject({ status: 'pending', queueId: transfer.id });
    const sent = await replies(first.ticketId!);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.length).toBeGreaterThan(0);
  });
});
