// `channel` and `channel:session` reach the company's admins only: never agents (a QR code pairs a
// phone) and never another company (DOMAIN.md: where the older products fail).
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness } from '../../test/harness.js';

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
const settle = (ms = 400) => new Promise((r) => setTimeout(r, ms));

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

describe('channel events', () => {
  it("go to the company's admin sockets, not to its agents nor to another company", async () => {
    const agent = await h.user(a, 'user');
    const supervisor = await h.user(a, 'supervisor');
    const [admin, agentSocket, supervisorSocket, otherAdmin] = await Promise.all([
      socketFor(a.admin.token),
      socketFor(agent.token),
      socketFor(supervisor.token),
      socketFor(b.admin.token),
    ]);
    const seen = {
      admin: { change: collect(admin, 'channel'), session: collect(admin, 'channel:session') },
      agent: [collect(agentSocket, 'channel'), collect(agentSocket, 'channel:session')],
      supervisor: [collect(supervisorSocket, 'channel'), collect(supervisorSocket, 'channel:session')],
      other: [collect(otherAdmin, 'channel'), collect(otherAdmin, 'channel:session')],
    };

    const created = (await h.request('POST', '/channels', { token: a.admin.token, body: { name: 'Site', type: 'webchat' } })).body;
    await h.request('DELETE', `/channels/${created.id}/session`, { token: a.admin.token });
    await h.request('POST', `/channels/${created.id}/session`, { token: a.admin.token });
    await settle();

    expect(seen.admin.change).toEqual([
      expect.objectContaining({ action: 'create', channel: expect.objectContaining({ id: created.id, name: 'Site' }) }),
    ]);
    expect(seen.admin.session).toEqual([
      expect.objectContaining({ id: created.id, status: 'DISCONNECTED' }),
      expect.objectContaining({ id: created.id, status: 'CONNECTED', qrcode: '', retries: 0 }),
    ]);
    for (const [who, lists] of Object.entries({ agent: seen.agent, supervisor: seen.supervisor, other: seen.other })) {
      for (const got of lists) expect(got, who).toEqual([]);
    }
  });
});
