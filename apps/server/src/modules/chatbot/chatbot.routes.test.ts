import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatFlows, tickets } from '../../platform/db/schema.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { inTenant, makeQueue, setHours, welcomeFlow } from './chatbot.test-support.js';

let h: Harness;
let a: Company;
let b: Company;
let qA: number;
let qB: number;
let qOther: number;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  await setHours(h, a, 'O');
  qA = (await makeQueue(h, a, 'Vendas')).id;
  qB = (await makeQueue(h, a, 'Suporte')).id;
  qOther = (await makeQueue(h, b, 'Outra')).id;
});
afterAll(() => h.close());

const simulate = (body: unknown, token = a.admin.token) => h.request('POST', '/chat-flow/simulate', { token, body });
const counts = async (c: Company) =>
  inTenant(h, c, async (s) => ({ tickets: await s.count(tickets), flows: await s.count(chatFlows) }));

describe('POST /chat-flow/simulate', () => {
  it('runs the flow turn by turn: the welcome, then "2" hands the ticket to queue B', async () => {
    const before = await counts(a);
    const flow = welcomeFlow(qA, qB);
    const first = await simulate({ flow, contactName: 'Maria' });
    expect(first.status).toBe(200);
    expect(first.body.replies).toEqual([{ kind: 'buttons', body: 'Olá Maria! Escolha:', buttons: ['Vendas', 'Suporte'] }]);
    expect(first.body.trace[0]).toMatchObject({ kind: 'enter', stepId: 'welcome' });
    expect(first.body.outcome).toBeNull();
    const second = await simulate({ flow, state: first.body.state, message: 'Suporte', contactName: 'Maria' });
    expect(second.status).toBe(200);
    expect(second.body.outcome).toEqual({ kind: 'queue', queueId: qB, userId: null });
    expect(second.body.replies).toEqual([{ kind: 'text', body: 'Você está na fila Suporte' }]);
    expect(second.body.trace).toEqual([{ kind: 'condition', stepId: 'welcome', conditionId: 'c2', detail: 'R', }]);
    expect(second.body.state).toBeNull();
    expect(await counts(a)).toEqual(before); // the simulator writes nothing
  });

  it('answers the time-without-answer path on request', async () => {
    const flow = welcomeFlow(qA, qB);
    (flow.nodeList[1] as { configurations: Record<string, unknown> }).configurations.notResponseMessage = {
      time: 5, type: 1, destiny: qA, message: 'Ninguém respondeu',
    };
    const first = await simulate({ flow });
    const late = await simulate({ flow, state: first.body.state, noResponse: true });
    expect(late.body.outcome).toEqual({ kind: 'queue', queueId: qA, userId: null });
    expect(late.body.replies[0]).toEqual({ kind: 'text', body: 'Ninguém respondeu' });
  });

  it('401 without a token, 403 for an agent', async () => {
    expect((await h.request('POST', '/chat-flow/simulate', { body: { flow: welcomeFlow(qA, qB) } })).status).toBe(401);
    const agent = await h.user(a, 'user');
    const res = await simulate({ flow: welcomeFlow(qA, qB) }, agent.token);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_NO_PERMISSION');
  });

  it('bad input is ERR_VALIDATION with its fields', async () => {
    const res = await simulate({ flow: { nodeList: [] }, message: 'x'.repeat(5000) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(res.body.fields)).toEqual(expect.arrayContaining(['flow.nodeList', 'message']));
  });

  it("another company's queue in the flow is 404, and nothing changed", async () => {
    const before = await counts(b);
    const res = await simulate({ flow: welcomeFlow(qA, qOther) });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('ERR_NO_QUEUE_FOUND');
    const theirs = await simulate({ flow: welcomeFlow(qA, qOther) }, b.admin.token);
    expect(theirs.status).toBe(404); // and B cannot use A's queue either
    expect(await counts(b)).toEqual(before);
  });
});
