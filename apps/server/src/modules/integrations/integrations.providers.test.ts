/**
 * Typebot and the payment-slip copy through the turn job, on a real server, against their
 * stand-ins: a Typebot conversation to its end (a list of 5 choices, a numbered answer sent as the
 * choice, the bot's end lets the ticket go), and a slip found (digitable lines, the PDF stored and
 * sent) or not found, each ending the integration's conversation.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { inbound, makeChannel, phone, ticketRow, until } from '../messages/messages.test-support.js';
import { startAsaasStandIn, type AsaasStandIn } from './stand-ins/asaas/stand-in.js';
import { CNPJ_WITHOUT_SLIPS, CPF_WITH_SLIPS } from './stand-ins/asaas/data.js';
import { startTypebotStandIn, type TypebotStandIn } from './stand-ins/typebot/stand-in.js';

let h: Harness;
let a: Company;
let typebot: TypebotStandIn;
let asaas: AsaasStandIn;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  [typebot, asaas] = await Promise.all([startTypebotStandIn(), startAsaasStandIn()]);
});
afterAll(async () => {
  await h.close();
  await Promise.all([typebot.close(), asaas.close()]);
});

const replies = (ticketId: number) =>
  withTenant(h.app.platform.db, a.tenantId, (s) => s.select(messages, eq(messages.ticketId, ticketId))).then((ms) =>
    ms.filter((m) => m.fromMe).sort((x, y) => x.id - y.id),
  );

/** An integration on a queue that is the default of a new channel. */
async function channelWith(body: Record<string, unknown>) {
  const post = (path: string, b: Record<string, unknown>) => h.request('POST', path, { token: a.admin.token, body: b });
  const created = await post('/queueIntegration', { name: `Int ${phone()}`, delayMs: 0, ...body });
  expect(created.status).toBe(201);
  const queue = (await post('/queue', { name: `Fila ${phone()}`, color: '#0ca678', integrationId: created.body.id })).body;
  return makeChannel(h, a, { defaultQueueId: queue.id });
}

describe('Typebot through the turn job', () => {
  it('runs a conversation to the end: the menu as a list, a numbered answer, then lets the ticket go', async () => {
    const channel = await channelWith({ type: 'typebot', url: typebot.url, typebotSlug: 'prosa-menu' });
    const from = { number: phone(), name: 'Rita' };
    const first = await inbound(h, a, channel, { from, body: 'Oi' });
    const ticketId = first.ticketId!;
    const menu = await until(
      () => replies(ticketId),
      (r) => r.length >= 1,
    );
    // The bubble and its five choices: one list (buttons take up to 3), numbered in the text.
    expect(menu).toHaveLength(1);
    expect(menu[0]!.body).toMatch(/^Escolha um sabor:\n\n1 - Chocolate\n2 - Morango/);
    expect(menu[0]!.interactive).toMatchObject({ type: 'list' });
    expect(JSON.stringify(menu[0]!.interactive)).toContain('Coco');
    const session = (await ticketRow(h, a, ticketId))!.integrationState as { driver?: { sessionId?: string } };
    expect(typebot.session(session.driver!.sessionId!)).toMatchObject({ publicId: 'prosa-menu', step: 0 });

    await inbound(h, a, channel, { from, body: '2' });
    const after = await until(
      () => ticketRow(h, a, ticketId),
      (t) => t?.integrationId === null,
    );
    expect(after).toMatchObject({ integrationId: null, status: 'pending' });
    const all = await replies(ticketId);
    expect(all.at(-1)!.body).toBe('Ótima escolha: Morango.');
    const continued = typebot.requests().filter((r) => r.path.endsWith('/continueChat'));
    expect(continued).toHaveLength(1);
    expect(continued[0]!.body).toMatchObject({ message: 'Morango' });
  });
});

describe('the payment-slip copy through the turn job', () => {
  const slipChannel = () =>
    channelWith({ type: 'payment-slip', url: asaas.url, apiKey: asaas.apiKey, model: 'asaas' });

  it('asks for the document, then sends each open slip and its PDF, and ends', async () => {
    const channel = await slipChannel();
    const from = { number: phone(), name: 'Otávio' };
    const first = await inbound(h, a, channel, { from, body: 'Preciso da segunda via' });
    const ticketId = first.ticketId!;
    await until(
      () => replies(ticketId),
      (r) => r.length >= 1,
    );
    await inbound(h, a, channel, { from, body: 'meu CPF é 529.982.247-25' });
    const after = await until(
      () => ticketRow(h, a, ticketId),
      (t) => t?.integrationId === null,
    );
    expect(after).toMatchObject({ integrationId: null });
    const sent = await replies(ticketId);
    const pdfs = sent.filter((m) => m.mimeType === 'application/pdf');
    expect(pdfs.length).toBe(2); // the pending and the overdue slip of the stand-in's customer
    expect(pdfs.every((m) => m.mediaType === 'document' && m.mediaKey)).toBe(true);
    // The digitable lines come from Asaas' identificationField.
    const lines = asaas.requests().filter((r) => r.path.endsWith('/identificationField'));
    expect(lines).toHaveLength(2);
    expect(sent.some((m) => m.body.includes('00190000090275928800021932978170187890000012990'))).toBe(true);
    expect(asaas.requests().some((r) => r.query.cpfCnpj === CPF_WITH_SLIPS)).toBe(true);
  });

  it('a document without open slips is answered politely and ends', async () => {
    const channel = await slipChannel();
    const first = await inbound(h, a, channel, { from: { number: phone(), name: 'Lia' }, body: `CNPJ ${CNPJ_WITHOUT_SLIPS}` });
    const after = await until(
      () => ticketRow(h, a, first.ticketId!),
      (t) => t?.integrationId === null,
    );
    expect(after).toMatchObject({ integrationId: null });
    const sent = await replies(first.ticketId!);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.mediaType).toBe('chat');
    expect(sent[0]!.body.length).toBeGreaterThan(10);
  });
});
