/** chatbot.step on a real server: absence message, auto-distribution, time without answer, order. */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientId, say, visitor, webchatChannel, type Visitor } from '../../channels/testing/webchat.test-support.js';
import { chatFlows, tickets, users } from '../../platform/db/schema.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { until } from '../messages/messages.test-support.js';
import {
  botSays,
  inTenant,
  logsOf,
  makeFlow,
  makeQueue,
  setHours,
  setSetting,
  ticketOf,
  useFlowOn,
} from './chatbot.test-support.js';
import { runBotStep } from './commands/run-bot-step.js';
import { flowOf, cond, text } from './engine/engine.test-support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** The chatbot.step jobs pg-boss holds for a ticket (queued, running or done). */
async function stepJobsOf(ticketId: number): Promise<{ ticketId: number; due: boolean }[]> {
  const res = await unsafeSystemDb(h.app.platform.db).execute(
    sql`select data from pgboss.job where name = 'chatbot.step' and (data->>'ticketId')::int = ${ticketId}`,
  );
  return (res as unknown as { rows: { data: { ticketId: number; due: boolean } }[] }).rows.map((r) => r.data);
}

const openTickets = (c: Company) => inTenant(h, c, (s) => s.select(tickets));
const step = (c: Company, ticketId: number, opts: Parameters<typeof runBotStep>[3] = {}) =>
  inTenant(h, c, (s) => runBotStep(h.app.platform, s, ticketId, opts));

async function firstTicket(c: Company, key: string, v: Visitor, body: string) {
  expect((await say(h, key, v, body, clientId())).status).toBeLessThan(300);
  const [t] = await until(() => openTickets(c), (l) => l.length > 0);
  return t!;
}

describe('business hours: the absence message', () => {
  it('goes to a ticket without a bot at most maxRetriesBusinessHours times', async () => {
    const c = await h.company();
    await setHours(h, c, 'C', 'Estamos fechados, {{name}}.');
    const channel = await webchatChannel(h, c);
    const v = await visitor(h, channel.token!, { name: 'Ana' });
    const t = await firstTicket(c, channel.token!, v, 'oi');
    const said = await until(() => botSays(h, c, t.id), (m) => m.length >= 1);
    expect(said.map((m) => m.body)).toEqual(['Estamos fechados, Ana.']);
    await say(h, channel.token!, v, 'alguém?', clientId());
    // A repeated or late job sends nothing more: the limit (1 by default) is spent.
    await step(c, t.id);
    await step(c, t.id, { created: true });
    expect((await botSays(h, c, t.id)).length).toBe(1);
    expect((await ticketOf(h, c, t.id))!.absenceSent).toBe(1);
  });

  it('with a flow: outOpenHours hands the ticket over at once, and the absence message tells why', async () => {
    const c = await h.company();
    await setHours(h, c, 'C', 'Fora do horário.');
    const q = await makeQueue(h, c);
    const flow = await makeFlow(
      h,
      c,
      flowOf([{ id: 's1', interactions: [text('Menu')], conditions: [cond('US', [], 1, { queueId: q.id })] }], {
        outOpenHours: { type: 1, destiny: q.id },
      }),
    );
    const channel = await webchatChannel(h, c);
    await useFlowOn(h, c, channel.id, flow.id);
    const v = await visitor(h, channel.token!);
    const t = await firstTicket(c, channel.token!, v, 'oi');
    const done = await until(() => ticketOf(h, c, t.id), (x) => x?.queueId === q.id);
    expect(done).toMatchObject({ status: 'pending', chatFlowId: null, botState: null, absenceSent: 1 });
    expect((await botSays(h, c, t.id)).map((m) => m.body)).toEqual(['Fora do horário.']);
    expect(await logsOf(h, c, t.id)).toEqual(expect.arrayContaining(['chatBot', 'queue']));
    // The hand-over and the reply are written by one statement (record-replies.ts): the dashboard's
    // message counts of the ticket follow it to the new queue, the reply included.
    const days = await unsafeSystemDb(h.app.platform.db).execute(
      sql`select queue_id as "queueId", sum(messages_in)::int as "in", sum(messages_out)::int as "out"
        from dashboard_message_days where ticket_id = ${t.id} group by queue_id`,
    );
    expect((days as unknown as { rows: unknown[] }).rows).toEqual([{ queueId: q.id, in: 1, out: 1 }]);
  });
});

describe('auto-distribution', () => {
  it('balanced: the online agent with the fewest open tickets, ties to the least recently assigned', async () => {
    const c = await h.company();
    await setHours(h, c, 'O');
    await setSetting(h, c, 'botDistribution', 'B');
    const channel = await webchatChannel(h, c);
    const one = await h.user(c, 'user', { queueIds: [channel.defaultQueueId!] });
    const two = await h.user(c, 'user', { queueIds: [channel.defaultQueueId!] });
    const off = await h.user(c, 'user', { queueIds: [channel.defaultQueueId!] });
    await inTenant(h, c, (s) => s.update(users, { isOnline: true }, and(eq(users.isOnline, false))!));
    await inTenant(h, c, (s) => s.update(users, { isOnline: false }, eq(users.id, off.userId)));
    const owners: (number | null)[] = [];
    for (const name of ['A', 'B', 'C']) {
      const v = await visitor(h, channel.token!, { name });
      await say(h, channel.token!, v, 'oi', clientId());
      const got = await until(
        () => openTickets(c),
        (l) => l.length === owners.length + 1 && l.every((t) => t.userId !== null),
      );
      owners.push(got.sort((x, y) => x.id - y.id).at(-1)!.userId);
    }
    // The admin of the company is online too but in no queue: only the queue's agents count.
    expect(owners).toEqual([one.userId, two.userId, one.userId]);
  });
});

describe('the step job', () => {
  const flowWith = (qB: number) =>
    flowOf(
      [
        { id: 's1', interactions: [text('Passo 1')], conditions: [cond('R', ['1'], 0, { nextStepId: 's2' })] },
        { id: 's2', interactions: [text('Passo 2')], conditions: [cond('R', ['2'], 1, { queueId: qB })] },
      ],
      { notResponseMessage: { time: 1, type: 3, destiny: '', message: 'Sem resposta' }, farewellMessage: { message: 'Até' } },
    );

  /** A company open all hours whose web chat runs a flow (flowWith's, or the one given) and a customer's first ticket. */
  async function inFlow(graph?: (queueB: number) => unknown) {
    const c = await h.company();
    await setHours(h, c, 'O');
    const qB = await makeQueue(h, c);
    const flow = await makeFlow(h, c, (graph ?? flowWith)(qB.id));
    const channel = await webchatChannel(h, c);
    await useFlowOn(h, c, channel.id, flow.id);
    const v = await visitor(h, channel.token!);
    const t = await firstTicket(c, channel.token!, v, 'oi');
    return { c, qB, flow, channel, v, t };
  }

  it('handles two messages that arrive together in order, and a repeated run adds nothing', async () => {
    const { c, qB, channel, v, t } = await inFlow();
    await until(() => botSays(h, c, t.id), (m) => m.length >= 1);
    // Back to back, without waiting for the bot in between: both are usually read by one run.
    await say(h, channel.token!, v, '1', clientId());
    await say(h, channel.token!, v, '2', clientId());
    const done = await until(() => ticketOf(h, c, t.id), (x) => x?.queueId === qB.id);
    expect(done?.status).toBe('pending');
    const bodies = (await botSays(h, c, t.id)).map((m) => m.body);
    expect(bodies).toEqual(['Passo 1', 'Passo 2']);
    await step(c, t.id);
    expect((await botSays(h, c, t.id)).map((m) => m.body)).toEqual(bodies);
  });

  it("a turn's replies go out in one send job, in order, and all reach the customer", async () => {
    const { c, t } = await inFlow(() => flowOf([{ id: 's1', interactions: [text('Primeiro'), text('Segundo'), text('Terceiro')] }]));
    const said = await until(() => botSays(h, c, t.id), (m) => m.length === 3 && m.every((x) => x.status === 'sent'));
    expect(said.map((m) => m.body)).toEqual(['Primeiro', 'Segundo', 'Terceiro']);
    const res = await unsafeSystemDb(h.app.platform.db).execute(
      sql`select data from pgboss.job where name = 'messages.send' and (data->>'tenantId')::int = ${c.tenantId}`,
    );
    const jobs = (res as unknown as { rows: { data: { messageId: number; next?: number[] } }[] }).rows.map((r) => r.data);
    expect(jobs).toEqual([{ tenantId: c.tenantId, messageId: said[0]!.id, ticketId: t.id, next: [said[1]!.id, said[2]!.id] }]);
  });

  it('a flow saved mid-conversation runs as saved from the next step (the cached graph follows updated_at)', async () => {
    const { c, qB, flow, channel, v, t } = await inFlow();
    await until(() => botSays(h, c, t.id), (m) => m.length >= 1);
    const edited = flowOf(
      [
        { id: 's1', interactions: [text('Passo 1')], conditions: [cond('R', ['1'], 0, { nextStepId: 's2' })] },
        { id: 's2', interactions: [text('Passo 2, editado')], conditions: [cond('R', ['2'], 1, { queueId: qB.id })] },
      ],
    );
    await inTenant(h, c, (s) => s.update(chatFlows, { flow: edited, updatedAt: new Date() }, eq(chatFlows.id, flow.id)));
    await say(h, channel.token!, v, '1', clientId());
    await until(() => botSays(h, c, t.id), (m) => m.length >= 2);
    expect((await botSays(h, c, t.id)).map((m) => m.body)).toEqual(['Passo 1', 'Passo 2, editado']);
  });

  it('runs of one ticket at the same time (a retry beside the job) answer each message once', async () => {
    const { c, channel, v, t } = await inFlow();
    await until(() => botSays(h, c, t.id), (m) => m.length >= 1);
    await say(h, channel.token!, v, '1', clientId());
    const runs = await Promise.all([step(c, t.id), step(c, t.id), step(c, t.id)]);
    expect(runs.reduce((n, r) => n + r.turns, 0)).toBeLessThanOrEqual(1);
    await until(() => botSays(h, c, t.id), (m) => m.length >= 2);
    expect((await botSays(h, c, t.id)).map((m) => m.body)).toEqual(['Passo 1', 'Passo 2']);
  });

  it('the time without answer fires from bot_due_at, only once it is due', async () => {
    const { c, t } = await inFlow();
    const waiting = await until(() => ticketOf(h, c, t.id), (x) => x?.botDueAt != null);
    const due = waiting!.botDueAt!.getTime();
    expect(due).toBeGreaterThan(Date.now());
    await step(c, t.id, { due: true, now: new Date(due - 1000) });
    expect((await ticketOf(h, c, t.id))!.status).not.toBe('closed');
    await step(c, t.id, { due: true, now: new Date(due + 1000) });
    expect(await ticketOf(h, c, t.id)).toMatchObject({ status: 'closed', botState: null, botDueAt: null });
    expect((await botSays(h, c, t.id)).map((m) => m.body)).toEqual(['Passo 1', 'Sem resposta', 'Até']);
  });

  it('a ticket an agent took out of the bot drops its deadline instead of answering', async () => {
    const { c, t } = await inFlow();
    const waiting = await until(() => ticketOf(h, c, t.id), (x) => x?.botDueAt != null);
    const agent = await h.user(c, 'admin');
    expect((await h.request('PUT', `/tickets/${t.id}`, { token: agent.token, body: { status: 'open', userId: agent.userId } })).status).toBeLessThan(300);
    await step(c, t.id, { due: true, now: new Date(waiting!.botDueAt!.getTime() + 1000) });
    expect(await ticketOf(h, c, t.id)).toMatchObject({ status: 'open', botDueAt: null, chatFlowId: null });
    expect((await botSays(h, c, t.id)).map((m) => m.body)).toEqual(['Passo 1']);
  });

  it('a ticket an agent moves into a flow (PUT /tickets/bot/:id) is greeted at once, not at the next sweep', async () => {
    const c = await h.company();
    await setHours(h, c, 'O');
    const qB = await makeQueue(h, c);
    // PUT /tickets/bot takes only flows available for transfer.
    const flow = await makeFlow(h, c, flowWith(qB.id), { availableForTransfer: true });
    const channel = await webchatChannel(h, c);
    const v = await visitor(h, channel.token!);
    const t = await firstTicket(c, channel.token!, v, 'oi');
    const moved = await h.request('PUT', `/tickets/bot/${t.id}`, { token: c.admin.token, body: { chatFlowId: flow.id } });
    expect(moved.status).toBe(200);
    // The step job is queued by the transfer itself (the sweep, a minute apart, is only the net).
    expect(await stepJobsOf(t.id)).toContainEqual(expect.objectContaining({ due: true }));
    await until(() => botSays(h, c, t.id), (m) => m.length >= 1);
    expect(await ticketOf(h, c, t.id)).toMatchObject({ chatFlowId: flow.id, botState: { stepId: 's1' } });
    expect((await botSays(h, c, t.id)).map((m) => m.body)).toEqual(['Passo 1']);
    await say(h, channel.token!, v, '1', clientId());
    await until(() => botSays(h, c, t.id), (m) => m.length >= 2);
    expect((await botSays(h, c, t.id)).map((m) => m.body)).toEqual(['Passo 1', 'Passo 2']);
  });
});
