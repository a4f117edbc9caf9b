/**
 * The bot on a real server: a web chat visitor writes, the inbound port enqueues chatbot.step,
 * the job answers through the outbox and routes the ticket. Also the imported Izing flow through
 * BOTH the inbound job and the simulator, transcripts compared.
 */
import { readFileSync } from 'node:fs';
import { ZChatFlowImport, type BotReply } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientId, say, visitor, webchatChannel, type Visitor } from '../../channels/testing/webchat.test-support.js';
import { tickets, users } from '../../platform/db/schema.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { until } from '../messages/messages.test-support.js';
import { botSays, inTenant, logsOf, makeFlow, makeQueue, setHours, ticketOf, useFlowOn, welcomeFlow } from './chatbot.test-support.js';
import { numberedText } from './engine/interactions.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function visitorTicket(c: Company, key: string, v: Visitor, text: string) {
  const res = await say(h, key, v, text, clientId());
  expect(res.status).toBeLessThan(300);
  return inTenant(h, c, async (s) => (await s.select(tickets)).find((t) => t.status !== 'closed')!);
}

describe('a web chat customer inside a flow', () => {
  it('gets the welcome, answers "2" and the ticket is pending in queue B, with its logs', async () => {
    const c = await h.company();
    await setHours(h, c, 'O');
    const qA = await makeQueue(h, c, 'Vendas');
    const qB = await makeQueue(h, c, 'Suporte');
    const channel = await webchatChannel(h, c);
    const flow = await makeFlow(h, c, welcomeFlow(qA.id, qB.id));
    await useFlowOn(h, c, channel.id, flow.id);
    const v = await visitor(h, channel.token!, { name: 'Maria' });
    const ticket = await visitorTicket(c, channel.token!, v, 'oi');
    const welcome = await until(() => botSays(h, c, ticket.id), (m) => m.length >= 1);
    expect(welcome[0]!.body).toBe('Olá Maria! Escolha:\n\n1 - Vendas\n2 - Suporte');
    expect(welcome[0]!.interactive).toMatchObject({ type: 'buttons', buttons: [{ title: 'Vendas' }, { title: 'Suporte' }] });
    const inBot = await ticketOf(h, c, ticket.id);
    expect(inBot).toMatchObject({ chatFlowId: flow.id, botState: { stepId: 'welcome' } });

    await say(h, channel.token!, v, '2', clientId());
    const done = await until(() => ticketOf(h, c, ticket.id), (t) => t?.queueId === qB.id);
    expect(done).toMatchObject({ queueId: qB.id, status: 'pending', userId: null, chatFlowId: null, botState: null });
    const said = await until(() => botSays(h, c, ticket.id), (m) => m.length >= 2);
    expect(said.map((m) => m.body)).toEqual(['Olá Maria! Escolha:\n\n1 - Vendas\n2 - Suporte', 'Você está na fila Suporte']);
    expect(await logsOf(h, c, ticket.id)).toEqual(expect.arrayContaining(['create', 'chatBot', 'queue']));
    // The web chat has no native buttons: the numbered text went out, through the outbox.
    await until(() => botSays(h, c, ticket.id), (m) => m.every((x) => x.status === 'sent'));
    expect((await botSays(h, c, ticket.id)).map((m) => m.status)).toEqual(['sent', 'sent']);
  });

  it('the imported Izing flow gives the same transcript through the inbound job and the simulator', async () => {
    const c = await h.company();
    await setHours(h, c, 'O');
    const qA = await makeQueue(h, c, 'Financeiro');
    const qB = await makeQueue(h, c, 'Suporte');
    const agent = await h.user(c, 'user', { queueIds: [qB.id] });
    const userId = (await inTenant(h, c, (s) => s.first(users, eq(users.id, agent.userId))))!.id;
    // The fixture names queues 1 and 2 and user 2 of the older product: mapped onto this company's.
    const raw = readFileSync(new URL('../chat-flows/fixtures/izing-export.json', import.meta.url), 'utf8')
      .replace(/"queueId": 1\b/g, `"queueId": ${qA.id}`)
      .replace(/"queueId": 2\b/g, `"queueId": ${qB.id}`)
      .replace(/"userIdDestination": 2\b/g, `"userIdDestination": ${userId}`)
      .replace(/"destiny": 1\b/g, `"destiny": ${qA.id}`)
      .replace(/"type": 2,\s*"destiny": 2\b/g, `"type": 2, "destiny": ${userId}`)
      .replace(/"type": 1,\s*"destiny": 2\b/g, `"type": 1, "destiny": ${qB.id}`);
    const imported = ZChatFlowImport.parse(JSON.parse(raw));
    const graph = { nodeList: imported.nodeList, lineList: imported.lineList };
    const flow = await makeFlow(h, c, graph);
    const channel = await webchatChannel(h, c);
    await useFlowOn(h, c, channel.id, flow.id);
    const answers = ['3', 'x', '1'];

    const v = await visitor(h, channel.token!, { name: 'Joana' });
    const ticket = await visitorTicket(c, channel.token!, v, 'olá');
    await until(() => ticketOf(h, c, ticket.id), (t) => t?.botState !== null);
    for (const a of answers) {
      const before = (await botSays(h, c, ticket.id)).length;
      await say(h, channel.token!, v, a, clientId());
      await until(() => botSays(h, c, ticket.id), (m) => m.length > before);
    }
    const done = await until(() => ticketOf(h, c, ticket.id), (t) => t?.queueId === qB.id);
    expect(done).toMatchObject({ status: 'pending', chatFlowId: null });
    const job = (await botSays(h, c, ticket.id)).map((m) => m.body);

    const sim: BotReply[] = [];
    let state: unknown = null;
    for (const message of [null, ...answers]) {
      const res = await h.request('POST', '/chat-flow/simulate', {
        token: c.admin.token,
        body: { flow: graph, state, message: message ?? '', contactName: 'Joana' },
      });
      expect(res.status).toBe(200);
      sim.push(...(res.body.replies as BotReply[]));
      state = res.body.state;
    }
    expect(sim.map(numberedText)).toEqual(job);
    expect(job.at(-1)).toBe('Olá Joana, você será atendido em instantes.');
    expect(job).toContain('Desculpe, não entendi. Responda com o número de uma das opções.');
  });
});
