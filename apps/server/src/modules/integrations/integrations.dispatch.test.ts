/**
 * Dispatch on a real server: customers write through the shared inbound path to a channel whose
 * default queue has an integration; the turn job answers through it. The N8N driver's posts are
 * recorded as channel webhook deliveries and posted signed to a local receiver (a 500 retried); a fake driver (useDriver) answers, hands over,
 * and fails; an agent taking over stops further turns.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { channels, channelWebhookDeliveries, messages, ticketLogs } from '../../platform/db/schema.js';
import { deliverWebhook } from '../channel-webhooks/deliver-webhook.js';
import { unsafeSystemDb, withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { startWebhookReceiver } from '../channel-webhooks/webhook-receiver.test-support.js';
import { inbound, makeChannel, phone, ticketRow, until } from '../messages/messages.test-support.js';
import type { IntegrationDriver, TurnContext } from './drivers/driver.js';
import { RetryableIntegrationError } from './drivers/driver.js';
import { useDriver } from './drivers/index.js';
import { useFlowOn, welcomeFlow } from '../chatbot/chatbot.test-support.js';
import { forgetBotConfig } from '../chatbot/tenant-bot-config.js';

let h: Harness;
let a: Company;
let b: Company;
const undo: (() => void)[] = [];

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
});
afterEach(() => undo.splice(0).forEach((f) => f()));
afterAll(() => h.close());

const inA = <R>(fn: Parameters<typeof withTenant<R>>[2]) => withTenant(h.app.platform.db, a.tenantId, fn);

async function setup(c: Company, body: Record<string, unknown>) {
  const integration = (await h.request('POST', '/queueIntegration', { token: c.admin.token, body })).body;
  const transfer = (await h.request('POST', '/queue', { token: c.admin.token, body: { name: `Humanos ${integration.id}`, color: '#1c7ed6' } })).body;
  if (body.type !== 'n8n' || body.transferQueueId === undefined)
    await h.request('PUT', `/queueIntegration/${integration.id}`, { token: c.admin.token, body: { ...body, transferQueueId: transfer.id } });
  const queue = (await h.request('POST', '/queue', { token: c.admin.token, body: { name: `Robô ${integration.id}`, color: '#0ca678', integrationId: integration.id } })).body;
  const channel = await makeChannel(h, c, { defaultQueueId: queue.id });
  return { integration, queue, transfer, channel };
}

const botReplies = (ticketId: number) =>
  inA((s) => s.select(messages, eq(messages.ticketId, ticketId))).then((ms) => ms.filter((m) => m.fromMe).sort((x, y) => x.id - y.id));
const logTypes = (ticketId: number) => inA((s) => s.select(ticketLogs, eq(ticketLogs.ticketId, ticketId))).then((ls) => ls.map((l) => l.type));

/** The states of the integrations.turn jobs pg-boss holds for a ticket. */
async function turnJobStates(ticketId: number): Promise<string[]> {
  const res = await unsafeSystemDb(h.app.platform.db).execute(
    sql`select state from pgboss.job where name = 'integrations.turn' and (data->>'ticketId')::int = ${ticketId}`,
  );
  return (res as unknown as { rows: { state: string }[] }).rows.map((r) => r.state);
}

/** A driver of type 'n8n' for the test: answers with `answer(ctx)`, recording every turn. */
function fake(answer: (ctx: TurnContext) => ReturnType<IntegrationDriver['turn']>) {
  const turns: TurnContext[] = [];
  const driver: IntegrationDriver = {
    type: 'n8n',
    turn: async (_cfg, ctx) => {
      turns.push(ctx);
      return answer(ctx);
    },
    test: async () => ({ ok: true, status: 200, detail: 'fake' }),
  };
  undo.push(useDriver(driver));
  return turns;
}

describe('a ticket with a queue integration', () => {
  it('N8N: each customer message is posted signed with the API key, a 500 is retried, the bot stays out', async () => {
    const receiver = await startWebhookReceiver('placeholder');
    try {
      const { integration, channel } = await setup(a, { name: `N8N ${phone()}`, type: 'n8n', url: `${receiver.url}/hook`, apiKey: 'n8n-key-0001' });
      const secret = integration.signingSecret as string;
      const from = { number: phone(), name: 'Ana' };
      receiver.failNext(1, 500);
      const first = await inbound(h, a, channel, { from, body: 'Olá' });
      const ticket = await until(() => ticketRow(h, a, first.ticketId!), (t) => t?.integrationId === integration.id);
      expect(ticket).toMatchObject({ integrationId: integration.id, status: 'pending', chatFlowId: null });
      // The first post answered 500: the delivery row waits for its backoff; its retry is run now.
      await until(async () => receiver.received.length, (n) => n >= 1);
      const deliveries = () =>
        inA((s) => s.select(channelWebhookDeliveries, eq(channelWebhookDeliveries.integrationId, integration.id)));
      const [row] = await until(deliveries, (rs) => rs[0]?.responseStatus === 500);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, channelId: channel.id, event: 'integration.message' });
      expect(await inA((s) => deliverWebhook(h.app.platform, s, row!.id, row!.nextAttemptAt))).toBe('delivered');
      expect(receiver.received.map((r) => r.answered)).toEqual([500, 200]);
      // Not among the channel's own webhook deliveries.
      const listed = await h.request('GET', `/channels/${channel.id}/webhook-deliveries`, { token: a.admin.token });
      expect(listed.status).toBe(200);
      expect(JSON.stringify(listed.body)).not.toContain('integration.message');
      await inbound(h, a, channel, { from, body: 'Quero pagar' });
      await until(async () => receiver.received.length, (n) => n >= 3);
      const posts = receiver.received;
      for (const p of posts) {
        const { createHmac } = await import('node:crypto');
        expect(p.headers['x-prosa-signature']).toBe(`sha256=${createHmac('sha256', secret).update(p.raw).digest('hex')}`);
        expect(p.headers['x-n8n-api-key']).toBe('n8n-key-0001');
      }
      // The retry posts the same message under the same delivery id.
      expect({ ...posts[0]!.json, at: null }).toEqual({ ...posts[1]!.json, at: null });
      expect(posts[0]!.headers['x-prosa-delivery']).toBe(posts[1]!.headers['x-prosa-delivery']);
      expect(posts[2]!.json).toMatchObject({
        event: 'integration.message',
        message: { body: 'Quero pagar' },
        ticket: { id: first.ticketId },
        contact: { name: 'Ana', number: from.number },
        channel: { id: channel.id },
      });
      expect(posts[1]!.headers['x-prosa-delivery']).toBe(String(row!.id));
      expect(posts[1]!.json).toMatchObject({ message: { id: first.messageId } });
      // The third post is answered before its turn commits: wait for the state it leaves.
      const after = await until(() => ticketRow(h, a, first.ticketId!), (t) => (t?.integrationState as { turns?: number } | null)?.turns === 2);
      expect(after).toMatchObject({ integrationState: { lastMessageId: expect.any(Number), turns: 2 } });
      expect(await botReplies(first.ticketId!)).toEqual([]);
      expect(await logTypes(first.ticketId!)).toEqual(expect.arrayContaining(['create', 'integration']));
      expect(await logTypes(first.ticketId!)).not.toContain('chatBot');
      // The ticket DTO names it.
      const dto = await h.request('GET', `/tickets/${first.ticketId}`, { token: a.admin.token });
      expect(dto.body.integration).toEqual({ id: integration.id, name: integration.name, type: 'n8n' });
    } finally {
      await receiver.close();
    }
  });

  it('answers through the outbox, in order, once per message, then hands over to the transfer queue', async () => {
    const turns = fake(async (ctx) =>
      ctx.message.body === 'humano'
        ? { replies: [{ kind: 'text', body: 'Vou chamar alguém.' }], handover: { queueId: null, reason: 'requested' } }
        : { replies: [{ kind: 'text', body: `eco: ${ctx.message.body}` }], state: { n: ((ctx.state?.n as number) ?? 0) + 1 } },
    );
    const { transfer, channel } = await setup(a, { name: `Fake ${phone()}`, type: 'n8n', url: 'http://127.0.0.1:9/x' });
    const from = { number: phone(), name: 'Bia' };
    const first = await inbound(h, a, channel, { from, body: 'um' });
    await inbound(h, a, channel, { from, body: 'dois' });
    const two = await until(() => botReplies(first.ticketId!), (m) => m.length >= 2);
    expect(two.map((m) => m.body)).toEqual(['eco: um', 'eco: dois']);
    const mine = turns.filter((t) => t.ticket.id === first.ticketId);
    expect(mine.map((t) => [t.message.body, t.first, t.state])).toEqual([
      ['um', true, null],
      ['dois', false, { n: 1 }],
    ]);
    // History: the ticket's messages up to the one answered, oldest first (the reply to "um" is
    // in it when it was recorded before "dois" arrived).
    const history = mine[1]!.history.map((m) => m.body);
    expect(history[0]).toBe('um');
    expect(history.at(-1)).toBe('dois');

    await inbound(h, a, channel, { from, body: 'humano' });
    const handed = await until(() => ticketRow(h, a, first.ticketId!), (t) => t?.integrationId === null);
    expect(handed).toMatchObject({ queueId: transfer.id, status: 'pending', userId: null, integrationId: null, integrationState: null });
    expect((await botReplies(first.ticketId!)).map((m) => m.body)).toEqual(['eco: um', 'eco: dois', 'Vou chamar alguém.']);
    expect(await logTypes(first.ticketId!)).toContain('integrationEnd');
    // After the handover, the integration hears nothing more.
    await inbound(h, a, channel, { from, body: 'alô?' });
    expect(turns.filter((t) => t.ticket.id === first.ticketId).length).toBe(3);
  });

  it('a provider error hands over with a polite message; a retryable one is retried first', async () => {
    let calls = 0;
    fake(async () => {
      calls++;
      if (calls === 1) throw new RetryableIntegrationError('socket hang up');
      throw new Error('HTTP 401');
    });
    const { transfer, channel } = await setup(a, { name: `Falha ${phone()}`, type: 'n8n', url: 'http://127.0.0.1:9/x' });
    const first = await inbound(h, a, channel, { from: { number: phone(), name: 'Caio' }, body: 'oi' });
    const handed = await until(() => ticketRow(h, a, first.ticketId!), (t) => t?.integrationId === null && t.queueId === transfer.id);
    expect(handed).toMatchObject({ status: 'pending', queueId: transfer.id });
    expect(calls).toBe(2);
    const said = await botReplies(first.ticketId!);
    expect(said.map((m) => m.body)).toEqual(['Desculpe, nosso assistente está indisponível no momento. Um atendente vai continuar a conversa com você.']);
  });

  it('a provider that fails retryably every time is retried to the limit, then the last attempt hands over', async () => {
    let calls = 0;
    fake(async () => {
      calls++;
      throw new RetryableIntegrationError('socket hang up');
    });
    const { transfer, channel } = await setup(a, { name: `Sempre fora ${phone()}`, type: 'n8n', url: 'http://127.0.0.1:9/x' });
    const first = await inbound(h, a, channel, { from: { number: phone(), name: 'Dora' }, body: 'oi' });
    // Each retry is made due at once rather than after its backoff (2, 4, 8, 16 s).
    const handed = await until(
      async () => {
        await unsafeSystemDb(h.app.platform.db).execute(
          sql`update pgboss.job set start_after = now() where name = 'integrations.turn' and state = 'retry' and (data->>'ticketId')::int = ${first.ticketId!}`,
        );
        return ticketRow(h, a, first.ticketId!);
      },
      (t) => t?.integrationId === null && t.queueId === transfer.id,
    );
    expect(handed).toMatchObject({ status: 'pending', queueId: transfer.id });
    // The first run and its 4 retries (the job's retryLimit): the last one hands over instead of failing.
    expect(calls).toBe(5);
    // pg-boss records the job's end after its handler returns, so the handover is seen first.
    const states = await until(() => turnJobStates(first.ticketId!), (s) => s.length > 0 && !s.includes('active'));
    expect(states).toEqual(['completed']);
  });

  it('an agent taking over stops further turns, and the answer of a turn in flight is dropped', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const turns = fake(async (ctx) => {
      if (ctx.message.body === 'lento') await gate;
      return { replies: [{ kind: 'text', body: `eco: ${ctx.message.body}` }] };
    });
    const { channel } = await setup(a, { name: `Assumir ${phone()}`, type: 'n8n', url: 'http://127.0.0.1:9/x' });
    const from = { number: phone(), name: 'Davi' };
    const first = await inbound(h, a, channel, { from, body: 'lento' });
    await until(async () => turns.filter((t) => t.ticket.id === first.ticketId).length, (n) => n >= 1);
    const agent = await h.user(a, 'user');
    const res = await h.request('POST', `/tickets/${first.ticketId}/take-over`, { token: a.admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'open', integration: null, userId: a.admin.userId });
    release();
    await inbound(h, a, channel, { from, body: 'ainda aí?' });
    // The in-flight answer is dropped once its job completes, and the new message reaches no integration.
    await until(() => turnJobStates(first.ticketId!), (states) => states.length > 0 && states.every((x) => x === 'completed'));
    expect(await logTypes(first.ticketId!)).toContain('integrationEnd');
    expect(turns.filter((t) => t.ticket.id === first.ticketId).map((t) => t.message.body)).toEqual(['lento']);
    expect(await botReplies(first.ticketId!)).toEqual([]);
    expect(agent.token).toBeTruthy();
  });

  it("another tenant cannot take a ticket over, nor give its queue another tenant's integration", async () => {
    fake(async () => ({ replies: [] }));
    const { integration, channel } = await setup(a, { name: `Isolada ${phone()}`, type: 'n8n', url: 'http://127.0.0.1:9/x' });
    const first = await inbound(h, a, channel, { from: { number: phone(), name: 'Eva' }, body: 'oi' });
    await until(() => ticketRow(h, a, first.ticketId!), (t) => t?.integrationId === integration.id);
    const res = await h.request('POST', `/tickets/${first.ticketId}/take-over`, { token: b.admin.token });
    expect(res.status).toBe(404);
    expect(await ticketRow(h, a, first.ticketId!)).toMatchObject({ integrationId: integration.id, status: 'pending' });
    const q = await h.request('POST', '/queue', { token: b.admin.token, body: { name: 'Roubada', color: '#123456', integrationId: integration.id } });
    expect(q).toMatchObject({ status: 404, body: { error: 'ERR_NO_INTEGRATION_FOUND' } });
    expect((await h.request('GET', '/queue', { token: b.admin.token })).body.find((x: { name: string }) => x.name === 'Roubada')).toBeUndefined();
    expect(await withTenant(h.app.platform.db, b.tenantId, (s) => s.select(channels))).toEqual([]);
  });

  it('a manual transfer to a queue with an integration, without an agent, hands the ticket to it', async () => {
    const turns = fake(async (ctx) => ({ replies: [{ kind: 'text', body: `eco: ${ctx.message.body}` }] }));
    const { integration, queue } = await setup(a, { name: `Transf ${phone()}`, type: 'n8n', url: 'http://127.0.0.1:9/x' });
    const plain = await makeChannel(h, a);
    const from = { number: phone(), name: 'Fábio' };
    const first = await inbound(h, a, plain, { from, body: 'antes' });
    const res = await h.request('PUT', `/tickets/${first.ticketId}`, { token: a.admin.token, body: { queueId: queue.id, userId: null, isTransference: true } });
    expect(res.status).toBe(200);
    expect(res.body.integration).toMatchObject({ id: integration.id });
    // What was said before the transfer is not sent to it; the next message is.
    await inbound(h, a, plain, { from, body: 'depois' });
    await until(() => botReplies(first.ticketId!), (m) => m.length >= 1);
    // A job of an earlier test's ticket may still run (with this fake): count this ticket's turns.
    expect(turns.filter((t) => t.ticket.id === first.ticketId).map((t) => t.message.body)).toEqual(['depois']);
  });

  it('a flow step hands the ticket over (action 4); a flow naming another company\'s integration is refused', async () => {
    const turns = fake(async (ctx) => ({ replies: [{ kind: 'text', body: `robô: ${ctx.message.body}` }] }));
    const { integration, queue } = await setup(a, { name: `Fluxo ${phone()}`, type: 'n8n', url: 'http://127.0.0.1:9/x' });
    const flow = welcomeFlow(queue.id, queue.id);
    flow.nodeList[2]!.conditions![1] = { id: 'c2', type: 'R', condition: ['2'], action: 4, integrationId: integration.id } as never;
    const other = await h.request('POST', '/chat-flow', { token: b.admin.token, body: { name: 'Alheio', flow } });
    expect(other).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: { 'flow.nodeList.2.conditions.1.integrationId': 'validation.flowIntegrationNotFound' } } });
    const saved = await h.request('POST', '/chat-flow', { token: a.admin.token, body: { name: `Com integração ${phone()}`, flow } });
    expect(saved.status).toBe(201);
    // In use by the flow: cannot be deleted (after the queue lets go of it).
    await h.request('PUT', `/queue/${queue.id}`, { token: a.admin.token, body: { name: queue.name, color: queue.color, integrationId: null } });
    expect((await h.request('DELETE', `/queueIntegration/${integration.id}`, { token: a.admin.token })).body).toEqual({ error: 'ERR_INTEGRATION_IN_USE' });

    const channel = await makeChannel(h, a);
    await useFlowOn(h, a, channel.id, saved.body.id);
    // The channel's flow was set in the database directly: the bot's cached settings learn it now.
    await inA(async (scope) => forgetBotConfig(scope));
    const from = { number: phone(), name: 'Gil' };
    const first = await inbound(h, a, channel, { from, body: 'oi' });
    await until(() => botReplies(first.ticketId!), (m) => m.length >= 1);
    await inbound(h, a, channel, { from, body: '2' });
    const handed = await until(() => ticketRow(h, a, first.ticketId!), (t) => t?.integrationId === integration.id);
    expect(handed).toMatchObject({ integrationId: integration.id, chatFlowId: null, botState: null, status: 'pending' });
    await inbound(h, a, channel, { from, body: 'preciso de ajuda' });
    await until(() => botReplies(first.ticketId!), (m) => m.some((x) => x.body === 'robô: preciso de ajuda'));
    expect(turns.filter((t) => t.ticket.id === first.ticketId).map((t) => t.message.body)).toEqual(['preciso de ajuda']);
  }, 60_000);
});
