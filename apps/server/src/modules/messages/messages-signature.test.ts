import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerChannelAdapter } from '../channels/channel-registry.js';
import { users } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { fakeAdapter, messageRow, openConversation, until } from './messages.test-support.js';
import { outgoingText, signatureFor, signedText } from './signature.js';

// DOMAIN.md userDisableSignature: agents' messages carry their name; with the setting on, an
// agent may switch it off per message.
let h: Harness;
let a: Company;
let b: Company;
let adminName: string;
const fake = fakeAdapter('telegram');
registerChannelAdapter(fake.adapter);

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  adminName = (await withTenant(h.app.platform.db, a.tenantId, (s) => s.first(users, eq(users.id, a.admin.userId))))!.name;
});
afterAll(() => h.close());

const setting = (c: Company, value: 'enabled' | 'disabled') =>
  h.request('PUT', '/settings/userDisableSignature', { token: c.admin.token, body: { value } });
const post = (c: Company, ticketId: number, body: Record<string, unknown>) =>
  h.request('POST', `/messages/${ticketId}`, { token: c.admin.token, body });
/** What the provider got for a message, once the outbox has sent it. */
async function delivered(c: Company, id: number) {
  await until(
    () => messageRow(h, c, id),
    (m) => m?.status === 'sent',
  );
  return fake.sent.find((m) => m.messageId === id)!;
}

describe('signature', () => {
  it('the text: the name in bold on its own line, nothing for an empty caption or no name', () => {
    expect(signedText('Olá', 'Ana Souza')).toBe('*Ana Souza*:\nOlá');
    expect(signedText('Olá', null)).toBe('Olá');
    expect(signedText('', 'Ana Souza')).toBe('');
    expect(signatureFor('Ana', false, false)).toBe('Ana');
    expect(signatureFor('Ana', true, false)).toBeNull();
    expect(signatureFor('Ana', true, undefined)).toBe('Ana');
    // Web chat labels the sender instead of prefixing the text.
    expect(outgoingText('webchat', { body: 'Olá', signature: 'Ana' })).toEqual({ body: 'Olá', senderName: 'Ana' });
    expect(outgoingText('telegram', { body: 'Olá', signature: 'Ana' })).toEqual({ body: '*Ana*:\nOlá', senderName: null });
  });

  it('setting disabled (default): every message is signed, even one asking not to be', async () => {
    const { ticketId } = await openConversation(h, a);
    for (const sign of [undefined, false, true]) {
      const res = await post(a, ticketId, { body: 'Bom dia!', ...(sign === undefined ? {} : { sign }) });
      expect(res.status).toBe(201);
      // The desk keeps the agent's words; the signature goes with them to the customer.
      expect(res.body.body).toBe('Bom dia!');
      expect(await messageRow(h, a, res.body.id)).toMatchObject({ body: 'Bom dia!', signature: adminName });
      expect((await delivered(a, res.body.id)).body).toBe(`*${adminName}*:\nBom dia!`);
    }
  });

  it('setting enabled: the agent may send one message without the signature; others stay signed', async () => {
    expect((await setting(a, 'enabled')).status).toBe(200);
    const { ticketId } = await openConversation(h, a);
    const plain = await post(a, ticketId, { body: 'Sem assinatura', sign: false });
    expect(await messageRow(h, a, plain.body.id)).toMatchObject({ signature: null });
    expect((await delivered(a, plain.body.id)).body).toBe('Sem assinatura');
    const signed = await post(a, ticketId, { body: 'Com assinatura' });
    expect((await delivered(a, signed.body.id)).body).toBe(`*${adminName}*:\nCom assinatura`);
    await setting(a, 'disabled');
  });

  it('an edit reaches the customer signed as the message was', async () => {
    const { ticketId } = await openConversation(h, a);
    const res = await post(a, ticketId, { body: 'Preço: 10' });
    await delivered(a, res.body.id);
    const edited = await h.request('POST', `/messages/edit/${res.body.id}`, { token: a.admin.token, body: { body: 'Preço: 12' } });
    expect(edited.status).toBe(200);
    const action = await until(
      async () => fake.actions.find((x) => x.kind === 'edit' && x.target.messageId === res.body.id),
      (x) => !!x,
    );
    expect(action!.value).toBe(`*${adminName}*:\nPreço: 12`);
  });

  it('a sign value that is not a boolean answers ERR_VALIDATION and stores nothing', async () => {
    const { ticketId } = await openConversation(h, a);
    const res = await post(a, ticketId, { body: 'x', sign: 'maybe', clientId: 'sign-bad-0001' });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    const again = await post(a, ticketId, { body: 'x', clientId: 'sign-bad-0001' });
    expect(again.status).toBe(201); // the clientId was not taken by the refused request
  });

  it("another company's ticket answers 404 and sends nothing", async () => {
    const { ticketId } = await openConversation(h, a);
    const before = fake.calls.length;
    const res = await post(b, ticketId, { body: 'Invasão', sign: false });
    expect(res.status).toBe(404);
    expect(fake.calls.length).toBe(before);
  });
});
