import { ZChatFlowInput } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, chatFlows, tenants } from '../platform/db/schema.js';
import { unsafeSystemDb } from '../platform/db/tenant-scope.js';
import { startHarness, type Harness } from '../test/harness.js';
import { DEMO_FLOW_NAME } from './demo-chat-flow.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await seedDemo(h.app.platform);
});
afterAll(() => h.close());

describe('the demo flow "Atendimento inicial"', () => {
  it('exists once per demo company, valid, active and available for transfer, run by no channel', async () => {
    await seedDemo(h.app.platform);
    const db = unsafeSystemDb(h.app.platform.db);
    for (const [company, email, queues] of [
      ['Padaria Central', 'admin@padaria.demo', 3],
      ['Clínica Sorriso', 'admin@clinica.demo', 2],
    ] as const) {
      const [tenant] = await db.select().from(tenants).where(eq(tenants.name, company));
      const rows = await db.select().from(chatFlows).where(eq(chatFlows.tenantId, tenant!.id));
      expect(rows.map((r) => r.name)).toEqual([DEMO_FLOW_NAME]);
      const flow = rows[0]!;
      expect(flow).toMatchObject({ isActive: true, availableForTransfer: true });
      const chans = await db.select().from(channels).where(eq(channels.tenantId, tenant!.id));
      expect(chans.every((c) => c.chatFlowId === null)).toBe(true);
      // Valid through the same route an admin would save it with (the graph check included).
      const admin = await h.login(email, DEMO_PASSWORD);
      const res = await h.request('PUT', `/chat-flow/${flow.id}`, { token: admin.token, body: { flow: flow.flow } });
      expect(res.status).toBe(200);
      const welcome = flow.flow.nodeList.find((n) => n.id === 'welcome');
      const toQueue = welcome?.type === 'node' ? welcome.conditions.filter((c) => c.action === 1) : [];
      expect(toQueue).toHaveLength(queues);
      const config = flow.flow.nodeList.find((n) => n.type === 'configurations');
      expect(config?.type === 'configurations' && config.configurations).toMatchObject({
        notResponseMessage: { time: 30, type: 1 },
        maxRetryBotMessage: { number: 3 },
        outOpenHours: { type: 1 },
      });
      expect(ZChatFlowInput.shape.flow.safeParse(flow.flow).success).toBe(true);
    }
  });
});

describe('the demo CRM board and campaign draft', () => {
  it('each demo company has three lanes with deals, and a pending campaign with contacts ready to schedule', async () => {
    for (const email of ['admin@padaria.demo', 'admin@clinica.demo']) {
      const admin = await h.login(email, DEMO_PASSWORD);
      const board = await h.request('GET', '/kanban', { token: admin.token });
      expect(board.status).toBe(200);
      const lanes = board.body.lanes as { id: number; name: string }[];
      expect(lanes).toHaveLength(3);
      const listed = await h.request('POST', '/kanban/list/', { token: admin.token, body: {} });
      expect(listed.status).toBe(200);
      const totals = listed.body.lanes as { count: number; dealValue: number }[];
      expect(totals).toHaveLength(3);
      expect(totals.every((l) => l.count > 0 && l.dealValue > 0)).toBe(true);
      const list = await h.request('GET', '/campaigns', { token: admin.token });
      expect(list.body.campaigns).toHaveLength(1);
      expect(list.body.campaigns[0]).toMatchObject({ status: 'pending', channelId: null, total: 25 });
      expect(list.body.campaigns[0].message1).toContain('{{name}}');
    }
    // Seeded once: a second start adds nothing.
    await seedDemo(h.app.platform);
    const admin = await h.login('admin@padaria.demo', DEMO_PASSWORD);
    expect((await h.request('GET', '/kanban', { token: admin.token })).body.lanes).toHaveLength(3);
    expect((await h.request('GET', '/campaigns', { token: admin.token })).body.campaigns).toHaveLength(1);
  });
});

describe('the demo help articles', () => {
  it('/ajuda lists them for a company user, once however often the demo is seeded', async () => {
    await seedDemo(h.app.platform);
    const agent = await h.login('agente@padaria.demo', DEMO_PASSWORD);
    const page = await h.request('GET', '/helps/list', { token: agent.token });
    expect(page.status).toBe(200);
    const titles = (page.body.helps as { title: string }[]).map((x) => x.title);
    expect(titles.slice(0, 4)).toEqual([
      'Primeiros passos no atendimento',
      'Transferir um ticket para outra fila ou atendente',
      'Conectar o WhatsApp',
      'Relatórios e exportação',
    ]);
    expect(new Set(titles).size).toBe(titles.length);
  });
});

describe('the demo billing', () => {
  it('each demo company has one open invoice for its next due date, payable by the demo Pix key', async () => {
    await seedDemo(h.app.platform);
    for (const email of ['admin@padaria.demo', 'admin@clinica.demo']) {
      const admin = await h.login(email, DEMO_PASSWORD);
      const page = await h.request('GET', '/invoices/all', { token: admin.token });
      expect(page.body).toMatchObject({ count: 1, invoices: [{ status: 'open', planName: 'Profissional' }] });
      const id = page.body.invoices[0].id as number;
      const pix = await h.request('GET', `/invoices/${id}/pix`, { token: admin.token });
      expect(pix).toMatchObject({ status: 200, body: { pixKey: 'financeiro@prosa.demo', value: page.body.invoices[0].value } });
    }
  });
});
