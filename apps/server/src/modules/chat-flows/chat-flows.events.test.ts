// `chatFlow` events reach the company's admins only: not its agents, not another company.
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { ticketFactories } from '../tickets/test-factories.js';
import { flowBody } from './chat-flows.test-support.js';

let h: Harness;
let url: string;
let a: Company;
let b: Company;
const open: Socket[] = [];

function socketFor(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
    open.push(s);
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}
function collect(s: Socket, event: string): unknown[] {
  const got: unknown[] = [];
  s.on(event, (p) => got.push(p));
  return got;
}
async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the events');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  h = await startHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
  a = await h.company();
  b = await h.company();
});
afterAll(async () => {
  open.forEach((s) => s.close());
  await h.close();
});

describe('chatFlow events', () => {
  it("go to the company's admins on create, update, duplicate, import and delete", async () => {
    const agent = await h.user(a, 'user');
    const [admin, agentSocket, otherAdmin] = await Promise.all([
      socketFor(a.admin.token),
      socketFor(agent.token),
      socketFor(b.admin.token),
    ]);
    const seen = {
      admin: collect(admin, 'chatFlow'),
      agent: collect(agentSocket, 'chatFlow'),
      other: collect(otherAdmin, 'chatFlow'),
    };
    const queue = await ticketFactories(h.app.platform.db, a.tenantId).queue();
    const token = a.admin.token;
    const flow = (
      await h.request('POST', '/chat-flow', { token, body: flowBody(queue.id, a.admin.userId, { name: 'Ao vivo' }) })
    ).body;
    await h.request('PUT', `/chat-flow/${flow.id}`, { token, body: { isActive: false } });
    const copy = (await h.request('POST', `/chat-flow/${flow.id}/duplicate`, { token })).body;
    const file = (await h.request('GET', `/chat-flow/${flow.id}/export`, { token })).body;
    await h.request('POST', '/chat-flow/import', { token, body: { ...file, name: 'Importado' } });
    await h.request('DELETE', `/chat-flow/${copy.id}`, { token });
    await until(() => seen.admin.length >= 5);
    expect(seen.admin).toMatchObject([
      { action: 'create', chatFlow: { id: flow.id, name: 'Ao vivo', isActive: true, stepCount: 2 } },
      { action: 'update', chatFlow: { id: flow.id, isActive: false } },
      { action: 'create', chatFlow: { id: copy.id, name: 'Ao vivo (2)' } },
      { action: 'create', chatFlow: { name: 'Importado' } },
      { action: 'delete', chatFlow: { id: copy.id } },
    ]);
    expect((seen.admin[0] as { chatFlow: Record<string, unknown> }).chatFlow.flow).toBeUndefined();
    // Published together with the admin's: had they been sent, they would be here by now.
    expect(seen.agent).toEqual([]);
    expect(seen.other).toEqual([]);
  });
});
