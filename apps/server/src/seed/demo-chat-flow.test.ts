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
