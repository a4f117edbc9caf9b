/** Every rule of the flow graph check, answered under the path of the fault, and nothing saved. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { ticketFactories } from '../tickets/test-factories.js';
import { flowBody, simpleGraph } from './chat-flows.test-support.js';

let h: Harness;
let a: Company;
let b: Company;
let queueA: number;
let tagA: number;
let tagB: number;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  queueA = (await ticketFactories(h.app.platform.db, a.tenantId).queue()).id;
  tagA = (await ticketFactories(h.app.platform.db, a.tenantId).tag()).id;
  tagB = (await ticketFactories(h.app.platform.db, b.tenantId).tag()).id;
});
afterAll(() => h.close());

// Loose on purpose: the cases write shapes the typed builder would not let through.
type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Graph = { nodeList: Loose[]; lineList: Loose[] };

const graph = (): Graph => simpleGraph(queueA, a.admin.userId) as unknown as Graph;
const count = async () => (await h.request('GET', '/chat-flow', { token: a.admin.token })).body.count;

const cases: [string, (g: Graph) => void, Record<string, string>][] = [
  ['no start', (g) => g.nodeList.splice(0, 1), { 'flow.nodeList': 'validation.flowOneStart' }],
  [
    'two configurations nodes',
    (g) => g.nodeList.push({ ...g.nodeList[1], left: 0 }),
    { 'flow.nodeList': 'validation.flowOneConfigurations', 'flow.nodeList.4.id': 'validation.flowDuplicateId' },
  ],
  [
    'a repeated step id',
    (g) => g.nodeList.push({ ...g.nodeList[3], left: 700 }),
    { 'flow.nodeList.4.id': 'validation.flowDuplicateId' },
  ],
  [
    'a repeated interaction id in a step',
    (g) => g.nodeList[2]!.interactions.push({ id: 'i1', type: 'MessageField', data: { message: 'de novo' } }),
    { 'flow.nodeList.2.interactions.1.id': 'validation.flowDuplicateId' },
  ],
  [
    'a repeated condition id in a step',
    (g) => g.nodeList[2]!.conditions.push({ id: 'c1', type: 'US', action: 3 }),
    { 'flow.nodeList.2.conditions.2.id': 'validation.flowDuplicateId' },
  ],
  [
    'a line from nowhere',
    (g) => g.lineList.push({ from: 'ghost', to: 'support' }),
    { 'flow.lineList.2.from': 'validation.flowStepNotFound' },
  ],
  [
    'a line to nowhere',
    (g) => g.lineList.push({ from: 'welcome', to: 'ghost' }),
    { 'flow.lineList.2.to': 'validation.flowStepNotFound' },
  ],
  [
    'a line to the configurations node',
    (g) => g.lineList.push({ from: 'welcome', to: 'configurations' }),
    { 'flow.lineList.2.to': 'validation.flowStepNotFound' },
  ],
  [
    'a line to itself',
    (g) => g.lineList.push({ from: 'support', to: 'support' }),
    { 'flow.lineList.2.to': 'validation.selfConnection' },
  ],
  [
    'a condition to a missing step',
    (g) => (g.nodeList[2]!.conditions[1].nextStepId = 'ghost'),
    { 'flow.nodeList.2.conditions.1.nextStepId': 'validation.flowStepNotFound' },
  ],
  [
    'a condition to its own step',
    (g) => (g.nodeList[2]!.conditions[1].nextStepId = 'welcome'),
    { 'flow.nodeList.2.conditions.1.nextStepId': 'validation.selfConnection' },
  ],
  [
    'a go-to-step condition without a step',
    (g) => (g.nodeList[2]!.conditions[1].nextStepId = ''),
    { 'flow.nodeList.2.conditions.1.nextStepId': 'validation.required' },
  ],
  [
    'a to-queue condition without a queue',
    (g) => (g.nodeList[2]!.conditions[0].queueId = ''),
    { 'flow.nodeList.2.conditions.0.queueId': 'validation.required' },
  ],
  [
    'a to-queue condition to a missing queue',
    (g) => (g.nodeList[2]!.conditions[0].queueId = 2_000_000_000),
    { 'flow.nodeList.2.conditions.0.queueId': 'validation.flowQueueNotFound' },
  ],
  [
    'a to-user condition to a missing user',
    (g) => (g.nodeList[3]!.conditions[0].userIdDestination = 2_000_000_000),
    { 'flow.nodeList.3.conditions.0.userIdDestination': 'validation.flowUserNotFound' },
  ],
  [
    'configurations destinies that do not exist for their type',
    (g) => {
      const c = g.nodeList[1]!.configurations;
      c.notResponseMessage.destiny = 2_000_000_000;
      c.maxRetryBotMessage.destiny = 2_000_000_000;
      c.outOpenHours = { type: 1, destiny: 2_000_000_001 };
    },
    {
      'flow.nodeList.1.configurations.notResponseMessage.destiny': 'validation.flowQueueNotFound',
      'flow.nodeList.1.configurations.maxRetryBotMessage.destiny': 'validation.flowUserNotFound',
      'flow.nodeList.1.configurations.outOpenHours.destiny': 'validation.flowQueueNotFound',
    },
  ],
  [
    'a tag of another company',
    (g) => g.nodeList[3]!.interactions.push({ id: 'tag', type: 'TagField', data: { tagId: 0 } }),
    { 'flow.nodeList.3.interactions.1.data.tagId': 'validation.flowTagNotFound' },
  ],
  [
    'a CRM lane that does not exist',
    (g) => g.nodeList[3]!.interactions.push({ id: 'lane', type: 'CrmLaneField', data: { laneId: 2_000_000_000 } }),
    { 'flow.nodeList.3.interactions.1.data.laneId': 'validation.flowLaneNotFound' },
  ],
  [
    'a move to a CRM lane without the lane',
    (g) => g.nodeList[3]!.interactions.push({ id: 'lane', type: 'CrmLaneField', data: { laneId: null } }),
    { 'flow.nodeList.3.interactions.1.data.laneId': 'validation.required' },
  ],
  [
    'buttons: one is not enough',
    (g) =>
      g.nodeList[3]!.interactions.push({
        id: 'b',
        type: 'ButtonsField',
        data: { message: 'Escolha', buttons: [{ label: 'Sim' }] },
      }),
    { 'flow.nodeList.3.interactions.1.data.buttons': 'validation.flowButtons' },
  ],
];

describe('flow graph validation', () => {
  it.each(cases)('refuses %s under its path and saves nothing', async (_name, spoil, fields) => {
    const g = graph();
    spoil(g);
    // The tag case names B's tag: filled here, where the ids are known.
    for (const n of g.nodeList) for (const i of n.interactions ?? []) if (i.type === 'TagField') i.data.tagId = tagB;
    const before = await count();
    const res = await h.request('POST', '/chat-flow', { token: a.admin.token, body: { name: 'Inválido', flow: g } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'ERR_VALIDATION', fields });
    expect(await count()).toBe(before);
  });

  it('the same checks on update and on import, with the paths of each body', async () => {
    const saved = (
      await h.request('POST', '/chat-flow', { token: a.admin.token, body: flowBody(queueA, a.admin.userId) })
    ).body;
    const g = graph();
    g.nodeList[2]!.conditions[1].nextStepId = 'ghost';
    const put = await h.request('PUT', `/chat-flow/${saved.id}`, { token: a.admin.token, body: { flow: g } });
    expect(put.body).toEqual({
      error: 'ERR_VALIDATION',
      fields: { 'flow.nodeList.2.conditions.1.nextStepId': 'validation.flowStepNotFound' },
    });
    expect((await h.request('GET', `/chat-flow/${saved.id}`, { token: a.admin.token })).body.flow).toEqual(saved.flow);
    const imp = await h.request('POST', '/chat-flow/import', { token: a.admin.token, body: { name: 'Arquivo', ...g } });
    expect(imp.body).toEqual({
      error: 'ERR_VALIDATION',
      fields: { 'nodeList.2.conditions.1.nextStepId': 'validation.flowStepNotFound' },
    });
  });

  it('accepts a tag of the company and a flow being built (a start without a line)', async () => {
    const g = graph();
    g.nodeList[3]!.interactions.push({ id: 'tag', type: 'TagField', data: { tagId: tagA } });
    g.lineList = [];
    const res = await h.request('POST', '/chat-flow', {
      token: a.admin.token,
      body: { name: 'Em construção', flow: g },
    });
    expect(res.status).toBe(201);
  });

  it('refuses shape faults with zod paths (no name, an unknown condition type)', async () => {
    const g = graph();
    g.nodeList[2]!.conditions[0].type = 'XX';
    const res = await h.request('POST', '/chat-flow', { token: a.admin.token, body: { name: ' ', flow: g } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      name: 'validation.required',
      'flow.nodeList.2.conditions.0.type': 'validation.invalidValue',
    });
  });
});
