/**
 * GET /panel: the attendance panel's numbers on a known story, who may read it (admins, general
 * and queue supervisors), what a queue supervisor sees (their queues and people only), and that
 * another company's tickets never show.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { ticketFactories } from '../tickets/test-factories.js';

let h: Harness;
let a: Company;
let b: Company;
let agentA: Session;
let agentB: Session;
let queueSup: Session;
let general: Session;
let plain: Session;
let sales: number;
let support: number;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  const fa = ticketFactories(h.app.platform.db, a.tenantId);
  sales = (await fa.queue({ name: 'Vendas' })).id;
  support = (await fa.queue({ name: 'Suporte' })).id;
  agentA = await h.user(a, 'user', { queueIds: [sales] });
  agentB = await h.user(a, 'user', { queueIds: [support] });
  queueSup = await h.user(a, 'supervisorfila', { queueIds: [sales] });
  general = await h.user(a, 'supervisor');
  plain = await h.user(a, 'user', { queueIds: [sales] });
  await withTenant(h.app.platform.db, a.tenantId, (s) => s.update(users, { isOnline: true }, eq(users.id, agentA.userId)));
  // Agent A (Vendas): two open, one waiting 30 minutes, one answered; one pending of theirs.
  await fa.ticket({ status: 'open', queueId: sales, userId: agentA.userId, lastInboundAt: minutesAgo(30), lastOutboundAt: minutesAgo(40) });
  await fa.ticket({ status: 'open', queueId: sales, userId: agentA.userId, lastInboundAt: minutesAgo(20), lastOutboundAt: minutesAgo(5) });
  await fa.ticket({ status: 'pending', queueId: sales, userId: agentA.userId, lastInboundAt: minutesAgo(3) });
  // Vendas: one pending nobody's, the customer waiting 12 minutes; one closed (not counted).
  await fa.ticket({ status: 'pending', queueId: sales, lastInboundAt: minutesAgo(12) });
  await fa.ticket({ status: 'closed', queueId: sales, userId: agentA.userId, lastInboundAt: minutesAgo(1) });
  // Agent B (Suporte): one open waiting 50 minutes.
  await fa.ticket({ status: 'open', queueId: support, userId: agentB.userId, lastInboundAt: minutesAgo(50) });
  // Another company: a ticket waiting for hours that must never show.
  const fb = ticketFactories(h.app.platform.db, b.tenantId);
  const other = await h.user(b, 'user');
  await fb.ticket({ status: 'open', userId: other.userId, lastInboundAt: minutesAgo(300) });
});
afterAll(() => h.close());

type Body = {
  users: { id: number; presence: string; open: number; pending: number; waiting: number; oldestWaitingAt: string | null; tickets: { waiting: boolean }[] }[];
  queues: { id: number | null; name: string; open: number; pending: number; unassigned: number; waiting: number; oldestWaitingAt: string | null; agents: number; agentsOnline: number }[];
  at: string;
};
const panel = async (s: Session) => (await h.request('GET', '/panel', { token: s.token })) as { status: number; body: Body };
const minutesSince = (at: string | null, now: string) => (at === null ? null : Math.round((Date.parse(now) - Date.parse(at)) / 60_000));

describe('GET /panel', () => {
  it('counts each user and queue: open, pending, waiting and the longest wait; presence; closed and other companies left out', async () => {
    const { status, body } = await panel(a.admin);
    expect(status).toBe(200);
    const ua = body.users.find((u) => u.id === agentA.userId)!;
    expect(ua).toMatchObject({ presence: 'online', open: 2, pending: 1, waiting: 2 });
    expect(minutesSince(ua.oldestWaitingAt, body.at)).toBe(30);
    // Longest waiting first: the two waiting ones, then the answered one.
    expect(ua.tickets.map((t) => t.waiting)).toEqual([true, true, false]);
    const ub = body.users.find((u) => u.id === agentB.userId)!;
    expect(ub).toMatchObject({ presence: 'offline', open: 1, pending: 0, waiting: 1 });
    const qs = body.queues.find((q) => q.id === sales)!;
    expect(qs).toMatchObject({ name: 'Vendas', open: 2, pending: 2, unassigned: 1, waiting: 3, agents: 3, agentsOnline: 1 });
    expect(minutesSince(qs.oldestWaitingAt, body.at)).toBe(30);
    expect(body.queues.find((q) => q.id === support)).toMatchObject({ open: 1, pending: 0, waiting: 1 });
    const total = body.users.reduce((n, u) => n + u.open + u.pending, 0);
    expect(total).toBe(4);
  });

  it('a general supervisor sees the same; a queue supervisor only their queue and its people', async () => {
    const all = await panel(general);
    expect(all.status).toBe(200);
    expect(all.body.queues.map((q) => q.id).sort()).toEqual([sales, support].sort());
    const mine = await panel(queueSup);
    expect(mine.status).toBe(200);
    expect(mine.body.queues.map((q) => q.id)).toEqual([sales]);
    expect(mine.body.queues[0]).toMatchObject({ open: 2, pending: 2, waiting: 3 });
    const ids = mine.body.users.map((u) => u.id);
    expect(ids).toContain(agentA.userId);
    expect(ids).not.toContain(agentB.userId);
    expect(mine.body.users.every((u) => u.open + u.pending === 0 || u.id === agentA.userId)).toBe(true);
  });

  it('an agent is refused with its code; without a token 401', async () => {
    const res = await h.request('GET', '/panel', { token: plain.token });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_NO_PERMISSION');
    expect((await h.request('GET', '/panel')).status).toBe(401);
  });

  it("another company's admin sees only its own tickets", async () => {
    const { body } = await panel(b.admin);
    expect(body.users.some((u) => u.id === agentA.userId)).toBe(false);
    expect(body.queues.some((q) => q.id === sales || q.id === support)).toBe(false);
    expect(body.users.reduce((n, u) => n + u.open, 0)).toBe(1);
  });
});
