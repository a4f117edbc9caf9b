/**
 * The external API end to end, against the WhatsApp Cloud API stand-in: every route refuses a
 * missing, wrong, revoked, deactivated and other company's token (nothing changed), a send with
 * the same externalKey twice reaches the provider once, and the hooks are posted signed to a local
 * receiver (retried after a 500), echoing the externalKey.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelWebhookDeliveries as d, contacts, messages, queues, tickets } from '../../../platform/db/schema.js';
import { withTenant } from '../../../platform/db/tenant-scope.js';
import { customer, startWabaEnv, wabaChannel, type WabaEnv } from '../../../channels/testing/waba.test-support.js';
import type { Company, Harness } from '../../../test/harness.js';
import { deliverWebhook } from '../../channel-webhooks/deliver-webhook.js';
import { startWebhookReceiver, verifySignature } from '../../channel-webhooks/webhook-receiver.test-support.js';
import { newId, until } from '../../messages/messages.test-support.js';
import { makeFlow, makeQueue, welcomeFlow } from '../../chatbot/chatbot.test-support.js';
import { PNG } from '../../../channels/testing/common.js';

let env: WabaEnv;
let h: Harness;
let a: Company;
let b: Company;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let api: { id: number; token: string; hookSecret: string };
let apiB: { id: number; token: string };
let channelId: number;

const base = (id = api.id) => `/v1/api/external/${id}`;
const call = (method: 'GET' | 'POST' | 'PUT', path: string, token?: string, body?: unknown) =>
  h.request(method, path, { ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}), ...(body !== undefined ? { body } : {}) });

async function makeApi(c: Company, chId: number, name: string, statusUrl = '') {
  const res = await h.request('POST', '/api-config', {
    token: c.admin.token,
    body: { name, channelId: chId, statusUrl, active: true },
  });
  expect(res.status).toBe(201);
  return { id: res.body.apiConfig.id as number, token: res.body.token as string, hookSecret: res.body.hookSecret as string };
}

/** Everything a refused call could have changed in company A. */
const snapshot = (c: Company = a) =>
  withTenant(h.app.platform.db, c.tenantId, async (s) => ({
    messages: (await s.select(messages)).length,
    contacts: (await s.select(contacts)).map((x) => [x.id, x.name, x.number]),
    tickets: (await s.select(tickets)).map((x) => [x.id, x.status, x.queueId]),
  }));

/** A customer writes first (the Cloud API's 24-hour window opens) and the message is stored. */
async function customerWrites(number: string, text = 'Oi') {
  const { wamid } = await env.standIn.userSends({ from: number, name: 'Dora', text });
  return until(
    () => withTenant(h.app.platform.db, a.tenantId, (s) => s.first(messages, eq(messages.externalId, wamid))),
    (m) => m !== undefined,
  );
}

beforeAll(async () => {
  env = await startWabaEnv();
  h = env.h;
  a = await h.company();
  b = await h.company();
  receiver = await startWebhookReceiver('not-used');
  channelId = (await wabaChannel(env, a)).id;
  api = await makeApi(a, channelId, 'ERP', `${receiver.url}/hooks`);
  // The stand-in posts to one webhook: company A's channel.
  const channelB = await wabaChannel(env, b, { connect: false });
  apiB = await makeApi(b, channelB.id, 'ERP B');
});
afterAll(async () => {
  await receiver?.close();
  await env?.close();
});

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`external API auth (${engine})`, () => {
  const routes = (id: number, ticketId = 1, contactId = 1) =>
    [
      ['POST', `${base(id)}/messages`, { externalKey: 'k-auth', number: '5511999990001', body: 'oi' }],
      ['POST', `${base(id)}/contacts`, { name: 'X', number: '5511999990002' }],
      ['PUT', `${base(id)}/contacts/${contactId}`, { name: 'Y' }],
      ['POST', `${base(id)}/tickets`, { number: '5511999990003' }],
      ['GET', `${base(id)}/tickets/${ticketId}`, undefined],
      ['PUT', `${base(id)}/tickets/${ticketId}`, { status: 'closed' }],
      ['POST', `${base(id)}/check-number`, { number: '5511999990004' }],
      ['GET', `${base(id)}/messages/1/media`, undefined],
    ] as const;

  it('refuses no token, a wrong one, one in the query string, a user session and another company’s token', async () => {
    const before = await snapshot();
    for (const [method, path, body] of routes(api.id)) {
      const refused = { status: 401, body: { error: 'ERR_SESSION_EXPIRED' } };
      expect(await call(method, path, undefined, body)).toMatchObject(refused);
      expect(await call(method, path, `${api.token.slice(0, -1)}x`, body)).toMatchObject(refused);
      expect(await call(method, `${path}?token=${api.token}`, undefined, body)).toMatchObject(refused);
      expect(await call(method, `${path}?token=${api.token}`, api.token, body)).toMatchObject(refused);
      expect(await call(method, path, a.admin.token, body)).toMatchObject(refused);
      expect(await call(method, path, apiB.token, body)).toMatchObject(refused);
    }
    const upload = await h.request('POST', `${base()}/messages/upload`, { token: apiB.token, body: {} });
    expect(upload.status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it("another company's rows answer 404 to a valid token", async () => {
    const number = customer();
    await customerWrites(number);
    const ticket = (await withTenant(h.app.platform.db, a.tenantId, (s) => s.select(tickets, eq(tickets.channelId, channelId))))[0]!;
    const before = await snapshot();
    const notFound = (code: string) => ({ status: 404, body: { error: code } });
    expect(await call('GET', `${base(apiB.id)}/tickets/${ticket.id}`, apiB.token)).toMatchObject(notFound('ERR_NO_TICKET_FOUND'));
    expect(await call('PUT', `${base(apiB.id)}/tickets/${ticket.id}`, apiB.token, { status: 'closed' })).toMatchObject(
      notFound('ERR_NO_TICKET_FOUND'),
    );
    expect(await call('PUT', `${base(apiB.id)}/contacts/${ticket.contactId}`, apiB.token, { name: 'Roubado' })).toMatchObject(
      notFound('ERR_NO_CONTACT_FOUND'),
    );
    expect(
      await call('POST', `${base(apiB.id)}/messages`, apiB.token, { externalKey: 'x-tenant', ticketId: ticket.id, body: 'oi' }),
    ).toMatchObject(notFound('ERR_NO_TICKET_FOUND'));
    expect(await snapshot()).toEqual(before);
  });

  it('a renewed token and a deactivated configuration are refused at once', async () => {
    const own = await makeApi(a, channelId, 'Renovar');
    const path = `${base(own.id)}/check-number`;
    expect((await call('POST', path, own.token, { number: '5511999990004' })).status).not.toBe(401);
    const renewed = await h.request('PUT', `/api-config/renew-token/${own.id}`, { token: a.admin.token });
    const before = await snapshot();
    for (const [method, p, body] of routes(own.id))
      expect(await call(method, p, own.token, body)).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect((await call('POST', path, renewed.body.token, { number: '5511999990004' })).status).not.toBe(401);
    await h.request('PUT', `/api-config/${own.id}`, {
      token: a.admin.token,
      body: { name: 'Renovar', channelId, statusUrl: '', active: false },
    });
    for (const [method, p, body] of routes(own.id))
      expect(await call(method, p, renewed.body.token, body)).toMatchObject({ status: 401 });
    expect(await snapshot()).toEqual(before);
  });

  it('bad input answers a spec code and changes nothing', async () => {
    const before = await snapshot();
    expect(await call('POST', `${base()}/messages`, api.token, { number: '123', body: 'oi' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { externalKey: 'validation.required', number: 'validation.phone' } },
    });
    expect(
      await call('POST', `${base()}/messages`, api.token, { externalKey: 'k', number: '5511999990001', ticketId: 1 }),
    ).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await call('POST', `${base()}/contacts`, api.token, { name: '', number: 'x' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { name: 'validation.required', number: 'validation.phone' } },
    });
    expect(await call('PUT', `${base()}/tickets/abc`, api.token, { status: 'open' })).toMatchObject({ status: 400 });
    // The Cloud API has no number check.
    expect(await call('POST', `${base()}/check-number`, api.token, { number: '5511999990004' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_CHANNEL_NOT_SUPPORTED' },
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe(`external API use (${engine})`, () => {
  it('sends to a number once for the same externalKey, and echoes the key in hookMessageStatus', async () => {
    const number = customer();
    await customerWrites(number);
    const body = { externalKey: `pedido-${number}`, number, body: 'Seu pedido foi enviado' };
    const [first, second] = [await call('POST', `${base()}/messages`, api.token, body), await call('POST', `${base()}/messages`, api.token, body)];
    expect(first).toMatchObject({ status: 201, body: { externalKey: body.externalKey, duplicate: false, message: { body: body.body, fromMe: true } } });
    expect(second).toMatchObject({ status: 200, body: { duplicate: true, message: { id: first.body.message.id } } });
    const sent = await until(
      async () => env.standIn.sent().filter((m) => m.to === number),
      (l) => l.length >= 1,
    );
    const stored = await until(
      () => withTenant(h.app.platform.db, a.tenantId, (s) => s.first(messages, eq(messages.id, first.body.message.id))),
      (m) => m?.status === 'sent',
    );
    expect(env.standIn.sent().filter((m) => m.to === number)).toHaveLength(1);
    expect(sent[0]!.payload).toMatchObject({ to: number, type: 'text', text: { body: body.body } });
    expect(
      await withTenant(h.app.platform.db, a.tenantId, (s) => s.select(messages, and(eq(messages.ticketId, first.body.ticketId), eq(messages.fromMe, true))!)),
    ).toHaveLength(1);
    // The provider acknowledges delivery: hookMessageStatus with the key.
    await env.standIn.status(stored!.externalId!, 'delivered');
    const hook = await until(
      async () => receiver.received.filter((r) => r.json.event === 'hookMessageStatus' && r.json.messageId === first.body.message.id),
      (l) => l.length > 0,
    );
    expect(hook[0]!.json).toMatchObject({ apiId: api.id, externalKey: body.externalKey, status: 'delivered', ticketId: first.body.ticketId });
    expect(verifySignature(api.hookSecret, hook[0]!.raw, hook[0]!.headers['x-prosa-signature'] as string)).toBe(true);
    expect(hook[0]!.headers['x-prosa-event']).toBe('hookMessageStatus');
  });

  it('posts hookMessage signed on an inbound message, and retries after a 500', async () => {
    const number = customer();
    receiver.failNext(1, 500);
    const msg = await customerWrites(number, 'Quero saber do pedido');
    const ofMsg = () => receiver.received.filter((r) => r.json.event === 'hookMessage' && r.json.message?.id === msg!.id);
    const firstTry = await until(async () => ofMsg(), (l) => l.length === 1);
    expect(firstTry[0]!.answered).toBe(500);
    const [row] = await until(
      () => withTenant(h.app.platform.db, a.tenantId, (s) => s.select(d, and(eq(d.apiConfigId, api.id), eq(d.event, 'hookMessage'))!)),
      (l) => l.some((x) => x.payload.message && (x.payload.message as { id: number }).id === msg!.id && x.attempts === 1 && x.responseStatus === 500),
    ).then((l) => l.filter((x) => (x.payload.message as { id: number }).id === msg!.id));
    expect(row!.status).toBe('pending');
    const outcome = await withTenant(h.app.platform.db, a.tenantId, (s) => deliverWebhook(h.app.platform, s, row!.id, row!.nextAttemptAt));
    expect(outcome).toBe('delivered');
    const got = ofMsg();
    expect(got.map((r) => r.answered)).toEqual([500, 200]);
    expect(got[1]!.raw).toBe(got[0]!.raw);
    expect(got.every((r) => verifySignature(api.hookSecret, r.raw, r.headers['x-prosa-signature'] as string))).toBe(true);
    expect(got[0]!.json).toMatchObject({
      event: 'hookMessage',
      apiId: api.id,
      externalKey: null,
      contact: { number },
      message: { id: msg!.id, body: 'Quero saber do pedido', fromMe: false, mediaUrl: null },
    });
  });

  it('sends a file in base64 and as multipart to a ticket, each once', async () => {
    const number = customer();
    const inbound = await customerWrites(number);
    const ticketId = inbound!.ticketId;
    const json = { externalKey: `png-${number}`, ticketId, body: 'A nota', media: { base64: PNG.toString('base64'), fileName: 'nota.png', mimeType: 'image/png' } };
    const sent = await call('POST', `${base()}/messages`, api.token, json);
    expect(sent).toMatchObject({ status: 201, body: { ticketId, message: { mediaType: 'image', mimeType: 'image/png', body: 'A nota' } } });
    // The file is read back with the token (the path the hooks give as mediaUrl); another
    // company's token, or a message off the configuration's channel, finds nothing.
    const mediaPath = `${base()}/messages/${sent.body.message.id}/media`;
    const file = await h.app.inject({ method: 'GET', url: mediaPath, headers: { authorization: `Bearer ${api.token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(await call('GET', `${base(apiB.id)}/messages/${sent.body.message.id}/media`, apiB.token)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NOT_FOUND' },
    });
    expect(await call('GET', `${base()}/messages/${inbound!.id}/media`, api.token)).toMatchObject({ status: 404 });
    expect((await call('POST', `${base()}/messages`, api.token, json)).body.duplicate).toBe(true);
    const boundary = `----prosa${newId()}`;
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.concat([
      Buffer.from(field('externalKey', `up-${number}`) + field('ticketId', String(ticketId)) + field('body', 'Outra')),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = () =>
      h.app.inject({
        method: 'POST',
        url: `${base()}/messages/upload`,
        headers: { authorization: `Bearer ${api.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    const up = await upload();
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({ externalKey: `up-${number}`, message: { mediaType: 'image', body: 'Outra' } });
    expect((await upload()).statusCode).toBe(200);
    const images = await until(
      async () => env.standIn.sent().filter((m) => m.to === number && m.type === 'image'),
      (l) => l.length >= 2,
    );
    expect(images).toHaveLength(2);
  });

  it('creates and updates contacts and tickets', async () => {
    const number = customer();
    const created = await call('POST', `${base()}/contacts`, api.token, { name: 'Ana', number, email: 'ana@example.com' });
    expect(created).toMatchObject({ status: 201, body: { name: 'Ana', number, email: 'ana@example.com' } });
    expect((await call('POST', `${base()}/contacts`, api.token, { name: 'Ana 2', number })).body).toEqual({ error: 'ERR_DUPLICATED_CONTACT' });
    const updated = await call('PUT', `${base()}/contacts/${created.body.id}`, api.token, { name: 'Ana Lima' });
    expect(updated).toMatchObject({ status: 200, body: { id: created.body.id, name: 'Ana Lima', number } });
    const queue = await withTenant(h.app.platform.db, a.tenantId, (s) => s.insert(queues, { name: `Fila ${number}`, color: '#123456' }));
    const ticket = await call('POST', `${base()}/tickets`, api.token, { contactId: created.body.id, queueId: queue.id });
    expect(ticket).toMatchObject({ status: 201, body: { status: 'pending', channelId, queueId: queue.id, contact: { id: created.body.id } } });
    expect((await call('POST', `${base()}/tickets`, api.token, { number })).body).toEqual({ error: 'ERR_OTHER_OPEN_TICKET' });
    const shown = await call('GET', `${base()}/tickets/${ticket.body.id}`, api.token);
    expect(shown.body).toEqual(ticket.body);
    const closed = await call('PUT', `${base()}/tickets/${ticket.body.id}`, api.token, { status: 'closed', queueId: null });
    expect(closed).toMatchObject({ status: 200, body: { status: 'closed', queueId: null } });
    const reopened = await call('PUT', `${base()}/tickets/${ticket.body.id}`, api.token, { status: 'pending' });
    expect(reopened).toMatchObject({ status: 200, body: { status: 'pending', userId: null } });
    // Handed to a chatbot flow available for transfer; one that is not is refused, nothing changed.
    const [qa, qb] = [await makeQueue(h, a), await makeQueue(h, a)];
    const closedFlow = await makeFlow(h, a, welcomeFlow(qa.id, qb.id), { availableForTransfer: false });
    expect(await call('PUT', `${base()}/tickets/${ticket.body.id}`, api.token, { chatFlowId: closedFlow.id })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { chatFlowId: 'validation.flowNotForTransfer' } },
    });
    expect((await call('GET', `${base()}/tickets/${ticket.body.id}`, api.token)).body.chatFlowId).toBeNull();
    const flow = await makeFlow(h, a, welcomeFlow(qa.id, qb.id), { availableForTransfer: true });
    const toBot = await call('PUT', `${base()}/tickets/${ticket.body.id}`, api.token, { chatFlowId: flow.id });
    expect(toBot).toMatchObject({ status: 200, body: { status: 'pending', chatFlowId: flow.id, userId: null } });
  });
});
