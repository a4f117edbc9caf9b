import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, tenants, ticketLogs, ticketNotes, tickets } from '../platform/db/schema.js';
import { unsafeSystemDb } from '../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../test/harness.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';
import { DEMO_HISTORY } from './demo-history.js';
import { localDay } from './demo-time.js';

let h: Harness;
let stranger: Company;
let padaria: number;
let clinica: number;
let firstSeedMs = 0;
const DAY = 86_400_000;

const sys = () => unsafeSystemDb(h.app.platform.db);
const tenantOf = async (name: string) => (await sys().select().from(tenants).where(eq(tenants.name, name)))[0]!.id;
const rowsOf = (tenantId: number) => sys().select().from(tickets).where(eq(tickets.tenantId, tenantId));
const countsOf = async (tenantId: number) => ({
  tickets: (await rowsOf(tenantId)).length,
  contacts: (await sys().select().from(contacts).where(eq(contacts.tenantId, tenantId))).length,
  messages: (await sys().select({ id: messages.id }).from(messages).where(eq(messages.tenantId, tenantId))).length,
  logs: (await sys().select({ id: ticketLogs.id }).from(ticketLogs).where(eq(ticketLogs.tenantId, tenantId))).length,
  notes: (await sys().select({ id: ticketNotes.id }).from(ticketNotes).where(eq(ticketNotes.tenantId, tenantId)))
    .length,
});

beforeAll(async () => {
  h = await startHarness();
  stranger = await h.company();
  const started = performance.now();
  await seedDemo(h.app.platform);
  firstSeedMs = performance.now() - started;
  console.info(`demo seed: ${Math.round(firstSeedMs)} ms`);
  padaria = await tenantOf('Padaria Central');
  clinica = await tenantOf('Clínica Sorriso');
});
afterAll(() => h.close());

describe('the demo companies’ last month', () => {
  it('is seeded once: a second start adds nothing', async () => {
    const before = { padaria: await countsOf(padaria), clinica: await countsOf(clinica) };
    const { counts } = DEMO_HISTORY['Padaria Central']!;
    expect(before.padaria.tickets).toBe(counts.closed + counts.open + counts.pending);
    expect(before.padaria.messages).toBeGreaterThan(1_500);
    expect(before.clinica.tickets).toBeGreaterThan(100);
    expect(before.padaria.notes).toBeGreaterThan(0);
    await seedDemo(h.app.platform);
    expect({ padaria: await countsOf(padaria), clinica: await countsOf(clinica) }).toEqual(before);
    // Bulk inserts: a few seconds at most, even on a busy machine (about one on an idle one).
    expect(firstSeedMs).toBeLessThan(30_000);
  });

  it('has closed, open and pending tickets shaped as the commands leave them', async () => {
    const now = Date.now();
    const rows = await rowsOf(padaria);
    const byStatus = (s: string) => rows.filter((r) => r.status === s);
    const { counts } = DEMO_HISTORY['Padaria Central']!;
    expect(byStatus('open')).toHaveLength(counts.open);
    expect(byStatus('pending')).toHaveLength(counts.pending);
    expect(new Set(rows.map((r) => r.protocol)).size).toBe(rows.length);
    const msgs = await sys()
      .select()
      .from(messages)
      .where(eq(messages.tenantId, padaria))
      .orderBy(messages.createdAt, messages.id);
    const created = await sys()
      .select()
      .from(ticketLogs)
      .where(and(eq(ticketLogs.tenantId, padaria), eq(ticketLogs.type, 'create')));
    for (const r of rows) {
      const mine = msgs.filter((m) => m.ticketId === r.id);
      // The customer's first message opened it, in its queue (the inbound path's create).
      expect(created.find((l) => l.ticketId === r.id)!.createdAt).toEqual(mine[0]!.createdAt);
      expect(mine[0]!.fromMe).toBe(false);
      const last = mine.at(-1)!;
      expect(r.protocol.slice(0, 8)).toBe(localDay(r.createdAt, 'America/Sao_Paulo').replaceAll('-', ''));
      expect(r.createdAt.getTime()).toBeGreaterThan(now - 31 * DAY);
      expect(last.createdAt.getTime()).toBeLessThanOrEqual(now);
      expect(r.lastMessageAt).toEqual(last.createdAt);
      expect(r.lastMessage).toBe(last.body);
      if (r.status === 'closed') {
        expect(r).toMatchObject({ unreadMessages: 0, answered: true });
        expect(r.closedAt!.getTime()).toBeGreaterThan(r.createdAt.getTime());
      } else expect(r.closedAt).toBeNull();
      if (r.status === 'pending')
        expect(r).toMatchObject({ userId: null, answered: false, unreadMessages: mine.length });
      if (r.status === 'open') expect(r.userId).not.toBeNull();
      if (r.rating !== null) expect(mine.some((m) => !m.fromMe && m.body === String(r.rating))).toBe(true);
    }
    // One active ticket per contact and channel (the unique index would have refused otherwise).
    const active = rows.filter((r) => r.status !== 'closed');
    expect(new Set(active.map((r) => r.contactId)).size).toBe(active.length);
    expect(rows.filter((r) => r.rating !== null).length).toBeGreaterThan(50);
    const transfers = await sys()
      .select()
      .from(ticketLogs)
      .where(and(eq(ticketLogs.tenantId, padaria), eq(ticketLogs.type, 'transfered')));
    expect(transfers.length).toBeGreaterThan(0);
    for (const t of transfers) expect(rows.find((r) => r.id === t.ticketId)!.queueId).toBe(t.payload!.toQueueId);
  });

  it('shows in the desk list, its filters, the logs and the dashboard counts', async () => {
    const admin = await h.login('admin@padaria.demo', DEMO_PASSWORD);
    const agent = await h.login('agente@padaria.demo', DEMO_PASSWORD);
    const closed = await h.request('GET', '/tickets?status=closed&showAll=true', { token: admin.token });
    expect(closed.body.count).toBe(DEMO_HISTORY['Padaria Central']!.counts.closed);
    const mine = await h.request('GET', '/tickets?status=open,pending', { token: agent.token });
    expect(mine.body.count).toBeGreaterThan(0);
    for (const t of mine.body.tickets) expect(t.queue?.name).toBe('Vendas');
    const rated = (await rowsOf(padaria)).find((r) => r.rating !== null && r.status === 'closed')!;
    const byQueue = await h.request('GET', `/tickets?status=closed&queuesIds=${rated.queueId}`, { token: admin.token });
    expect(byQueue.body.count).toBeGreaterThan(0);
    expect(byQueue.body.tickets.every((t: { queueId: number }) => t.queueId === rated.queueId)).toBe(true);
    const byAgent = await h.request('GET', `/tickets?status=closed&showAll=true&useradmId=${rated.userId}`, {
      token: admin.token,
    });
    expect(byAgent.body.count).toBeGreaterThan(0);
    expect(byAgent.body.tickets.every((t: { userId: number }) => t.userId === rated.userId)).toBe(true);
    const counts = await h.request('GET', '/user/counttickets', { token: admin.token });
    expect(counts.body.open + counts.body.pending).toBeGreaterThan(0);
    const dashboard = await h.request('GET', '/count/messages', { token: admin.token });
    expect(dashboard.body.total).toBeGreaterThan(1_500);
    // The month feeds GET /dashboard: first responses (the agents' first messages), closes, ratings.
    const month = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const today = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const figures = (await h.request('GET', `/dashboard?from=${month}&to=${today}`, { token: admin.token })).body;
    expect(figures.sla.firstResponse.count).toBeGreaterThan(0);
    expect(figures.totals.closed).toBeGreaterThan(0);
    expect(figures.ratings.count).toBeGreaterThan(0);
    const page = await h.request('GET', `/messages/${rated.id}`, { token: admin.token });
    expect(page.status).toBe(200);
    expect(page.body.messages.length).toBeGreaterThan(3);

    const [moved] = await sys()
      .select()
      .from(ticketLogs)
      .where(and(eq(ticketLogs.tenantId, padaria), eq(ticketLogs.type, 'transfered')))
      .limit(1);
    const logs = await h.request('GET', `/tickets/${moved!.ticketId}/logs`, { token: admin.token });
    expect(logs.body.map((l: { type: string }) => l.type)).toEqual(
      expect.arrayContaining(['create', 'open', 'access', 'transfered', 'receivedTransfer']),
    );
    expect(logs.body.find((l: { type: string }) => l.type === 'transfered').transfer.toQueue.name).toBeTruthy();
  });

  it('another company sees none of it', async () => {
    const t = stranger.admin.token;
    const list = await h.request('GET', '/tickets?status=open,pending,closed&showAll=true', { token: t });
    expect(list.body.count).toBe(0);
    const [one] = await sys()
      .select()
      .from(tickets)
      .where(inArray(tickets.tenantId, [padaria, clinica]))
      .limit(1);
    expect(await h.request('GET', `/tickets/${one!.id}`, { token: t })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TICKET_FOUND' },
    });
    expect((await h.request('GET', `/messages/${one!.id}`, { token: t })).status).toBe(404);
    expect((await h.request('GET', '/count/messages', { token: t })).body.total).toBe(0);
    expect((await h.request('GET', '/contacts', { token: t })).body.count ?? 0).toBe(0);
  });
});

describe('the demo companies’ team tools', () => {
  it('agents find the shared quick messages, farewells, their tasks and a scheduled reminder; seeded once', async () => {
    const agent = await h.login('agente@padaria.demo', DEMO_PASSWORD);
    const admin = await h.login('admin@padaria.demo', DEMO_PASSWORD);
    const quick = await h.request('GET', '/fastreply', { token: agent.token });
    expect(quick.body.map((q: { key: string }) => q.key).sort()).toEqual(['encomenda', 'horario', 'ola', 'pix']);
    expect((await h.request('GET', '/farewellMessages/all', { token: agent.token })).body).toHaveLength(2);
    const mine = await h.request('POST', '/tasks/summary', { token: agent.token, body: {} });
    // The agent starts with nothing delayed (its badge is empty); the admin's overdue task shows.
    expect(mine.body.byStatus).toEqual({ pending: 1, delayed: 0, finished: 1 });
    const company = await h.request('POST', '/tasks/summary', { token: admin.token, body: { ownerId: admin.userId } });
    expect(company.body.byStatus.delayed).toBe(1);
    const reminders = await h.request('GET', '/schedule', { token: admin.token });
    // The reminder, newest, and the demo month's schedules (demo-schedules.ts): 3 sent, 1 failed, 2 pending.
    expect(reminders.body.count).toBe(7);
    const reminder = reminders.body.schedules[0];
    expect(new Date(reminder.sendAt).getTime()).toBeGreaterThan(Date.now() + 86_400_000);
    // Its ticket shows the clock (the pending counter the schedule commands keep).
    const [ticket] = await sys().select().from(tickets).where(eq(tickets.id, reminder.ticketId));
    expect(ticket!.scheduledMessages).toBe(1);
    await seedDemo(h.app.platform);
    expect((await h.request('GET', '/fastreply', { token: agent.token })).body).toHaveLength(4);
    // Another company sees none of it.
    expect((await h.request('GET', '/fastreply', { token: stranger.admin.token })).body).toHaveLength(0);
    expect((await h.request('GET', '/schedule', { token: stranger.admin.token })).body.count).toBe(0);
  });
});
