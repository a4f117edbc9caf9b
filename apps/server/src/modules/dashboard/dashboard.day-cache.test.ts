/**
 * The cache of past days (finished-days.ts) gives the figures the database gives: a 100-day
 * period read through the cache equals the same period read by dashboard.tickets.ts (and
 * relatorio-tickets' totals, relatorio-tickets.days.ts, its statement's), for
 * an admin, a general supervisor and a queue supervisor, with and without filters, before and
 * after changes to tickets of past days (a transfer, a reopen, a close, a rating, a first
 * response, a ticket made private, a deletion, a new ticket on an old day) and after the company
 * changes its time zone. Another company's changes leave it as it was.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardTicketChanges, ticketLogs, tickets } from '../../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { ticketFactories } from '../tickets/test-factories.js';
import { clearDayCache, dayCacheSize, setCachedPeriodMinDays, setDayCacheBudget } from './finished-days.js';
import { percentileCont, percentileOfTwo } from './dashboard.percentiles.js';
import { pruneDashboardChangesJob } from './jobs/prune-changes.job.js';

let h: Harness;
let a: Company;
let b: Company;
let supervisor: Session;
let supQ1: Session;
let agent1: Session;
let agent2: Session;
let q1: number;
let q2: number;
const ids: number[] = [];
/** Each seeded ticket's creation (epoch ms), by its index in `ids`. */
const createdAt: number[] = [];
/** Seeded tickets (index in `ids`) whose work spans several days: closed, reopened and closed again. */
const multiDay: number[] = [];

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const PERIOD = `from=${iso(Date.now() - 99 * DAY)}&to=${iso(Date.now())}`;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  const f = ticketFactories(h.app.platform.db, a.tenantId);
  q1 = (await f.queue()).id;
  q2 = (await f.queue()).id;
  agent1 = await h.user(a, 'user', { queueIds: [q1] });
  agent2 = await h.user(a, 'user', { queueIds: [q2] });
  supervisor = await h.user(a, 'supervisor');
  supQ1 = await h.user(a, 'supervisorfila', { queueIds: [q1] });
  const channel = await f.channel();
  const contact = await f.contact();
  // 300 tickets over the last 100 days: every kind the figures tell apart.
  const now = Date.now();
  for (let i = 0; i < 300; i++) {
    // Spread over the 98 days before the last hour, in steps of a hundredth of a day.
    const created = now - (((i * 7919) % 9800) / 100) * DAY - 3_600_000;
    createdAt.push(created);
    const status = i % 7 === 0 ? 'pending' : i % 5 === 0 ? 'open' : 'closed';
    const closed = status === 'closed' ? Math.min(now - 60_000, created + ((i * 37) % 50) * 3_600_000 + 60_000) : null;
    const t = await f.ticket({
      status,
      channelId: channel.id,
      // A contact of many tickets, or one of its own created a day before (a new contact that day).
      contactId:
        i % 3 === 0 && status === 'closed'
          ? contact.id
          : (await f.contact({ createdAt: new Date(created - (i % 2 ? 0 : DAY)) })).id,
      queueId: i % 9 === 0 ? null : i % 2 ? q1 : q2,
      userId: status === 'pending' ? null : i % 2 ? agent1.userId : agent2.userId,
      isPrivate: i % 23 === 0,
      isGroup: i % 31 === 0,
      createdAt: new Date(created),
      firstResponseAt: i % 4 === 0 || status === 'pending' ? null : new Date(created + ((i * 13) % 120) * 60_000),
      closedAt: closed === null ? null : new Date(closed),
      rating: status === 'closed' && i % 3 === 0 ? 1 + (i % 5) : null,
      ratedAt: status === 'closed' && i % 3 === 0 ? new Date(Math.min(now - 60_000, closed! + 7_200_000)) : null,
      firstResponseUserId:
        i % 4 === 0 || status === 'pending' ? null : i % 6 === 1 ? agent2.userId : i % 2 ? agent1.userId : agent2.userId,
    });
    ids.push(t.id);
    // Its log (estatisticas-atendimentos-usuarios reads what agents did from it): created; taken
    // by its agent; some transferred from agent 2; closed by the agent, automatically or by
    // nobody; some closed early, reopened to the agent the next day and closed again (work on
    // several days).
    const by = status === 'pending' ? null : i % 2 ? agent1.userId : agent2.userId;
    const log: [number, string, number | null, Record<string, unknown>?][] = [[created, 'create', null]];
    if (by !== null) log.push([created + 60_000, 'open', by]);
    if (by !== null && i % 6 === 1) {
      log.push([created + 600_000, 'transfered', agent2.userId], [created + 600_000, 'receivedTransfer', by]);
    }
    if (closed !== null) {
      if (by !== null && closed - created > 26 * 3_600_000 && i % 2 === 0) {
        log.push([created + 3_600_000, 'closed', by], [created + 25 * 3_600_000, 'reopen', by, { status: 'open' }]);
        multiDay.push(i);
      }
      log.push([closed, by === null ? 'closed' : i % 7 === 3 ? 'autoClose' : 'closed', i % 7 === 3 ? null : by]);
    }
    await f.run((x) =>
      x.insert(
        ticketLogs,
        log.map(([at, type, userId, payload]) => ({ ticketId: t.id, type, userId, payload: payload ?? null, createdAt: new Date(at) })),
      ),
    );
  }
});
afterAll(() => {
  setCachedPeriodMinDays();
  return h.close();
});

/** A route's JSON with numbers rounded (the cache sums in another order than PostgreSQL). */
async function read(path: string, s: Session, query: string, cached: boolean) {
  setCachedPeriodMinDays(cached ? undefined : Number.POSITIVE_INFINITY);
  const res = await h.request('GET', `${path}?${query}`, { token: s.token });
  expect(res.status).toBe(200);
  return JSON.parse(JSON.stringify(res.body, (_k, v) => (typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v)));
}

async function expectSame(label: string) {
  const views: [string, Session, string][] = [
    ['admin', a.admin, PERIOD],
    ['general supervisor', supervisor, PERIOD],
    ['queue supervisor', supQ1, PERIOD],
    ['admin, queue filter', a.admin, `${PERIOD}&queueIds=${q2}`],
    ['admin, user filter', a.admin, `${PERIOD}&userIds=${agent1.userId}`],
  ];
  for (const [who, s, q] of views) {
    const direct = await read('/dashboard', s, q, false);
    const cached = await read('/dashboard', s, q, true);
    expect(cached, `${label}: ${who}`).toEqual(direct);
    expect(direct.totals.created, `${label}: ${who} sees tickets`).toBeGreaterThan(0);
    // relatorio-tickets' totals (relatorio-tickets.days.ts) on the same cache.
    const report = await read('/reports/relatorio-tickets', s, q, false);
    const fromCache = await read('/reports/relatorio-tickets', s, q, true);
    expect(fromCache, `${label}: ${who}, relatorio-tickets`).toEqual(report);
    expect(report.totals.byQueue.length, `${label}: ${who} sees queues`).toBeGreaterThan(0);
    // estatisticas-atendimentos-usuarios (estatisticas.days.ts) on the same cache.
    const stats = await read('/reports/estatisticas-atendimentos-usuarios', s, q, false);
    const statsCached = await read('/reports/estatisticas-atendimentos-usuarios', s, q, true);
    expect(statsCached, `${label}: ${who}, estatisticas-atendimentos-usuarios`).toEqual(stats);
    expect(stats.totals.attended, `${label}: ${who} sees work`).toBeGreaterThan(0);
  }
}

const update = (id: number, patch: Partial<typeof tickets.$inferInsert>) =>
  withTenant(h.app.platform.db, a.tenantId, (s) => s.update(tickets, patch, eq(tickets.id, id)));

describe('percentiles over two sorted lists', () => {
  it('equal percentile_cont over both together, duplicates and empty lists included', () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 16807) % 2147483647) % n);
    for (let round = 0; round < 300; round++) {
      const a = Array.from({ length: rnd(40) }, () => rnd(25)).sort((x, y) => x - y);
      const b = Array.from({ length: rnd(8) }, () => rnd(25)).sort((x, y) => x - y);
      const both = [...a, ...b].sort((x, y) => x - y);
      for (const p of [0, 0.1, 0.5, 0.9, 1]) expect(percentileOfTwo(a, b, p)).toBe(percentileCont(both, p));
    }
  });
});

describe('the dashboard cache of past days', () => {
  it('gives the database figures, cold and warm, for every kind of viewer', async () => {
    clearDayCache();
    await expectSame('cold');
    await expectSame('warm');
  });

  it('follows changes to tickets of past days, and not another company', async () => {
    await expectSame('before');
    const [t1, t2, t3, t4, t5, t6] = [ids[10]!, ids[11]!, ids[20]!, ids[41]!, ids[60]!, ids[90]!];
    await update(t1, { userId: agent1.userId, queueId: q1 }); // a transfer
    await update(t2, { status: 'open', closedAt: null }); // reopened
    // Closed on a past day (a day after its creation) and answered 90 minutes after it.
    await update(t3, { status: 'closed', closedAt: new Date(createdAt[20]! + DAY) });
    await update(t4, { rating: 2 });
    await update(t5, { firstResponseAt: new Date(createdAt[60]! + 90 * 60_000) });
    await update(t6, { isPrivate: true, userId: agent2.userId });
    await withTenant(h.app.platform.db, a.tenantId, (s) => s.delete(tickets, eq(tickets.id, ids[120]!)));
    // The log and the work on several days: a transfer written later on a past day; a deleted
    // user's rows (their user set to null); a ticket with work on several days moved to the other
    // queue, another deleted.
    const fl = ticketFactories(h.app.platform.db, a.tenantId);
    await fl.run((x) =>
      x.insert(ticketLogs, {
        ticketId: ids[50]!,
        type: 'transfered',
        userId: agent1.userId,
        createdAt: new Date(createdAt[50]! + 7_200_000),
      }),
    );
    await fl.run((x) => x.update(ticketLogs, { userId: null }, and(eq(ticketLogs.ticketId, ids[70]!), eq(ticketLogs.type, 'open'))!));
    // A ticket whose work was all on one day reopened by its agent three days later: that day's
    // work now spans days, and both days count it once.
    const oneDay = ids.findIndex(
      (_id, i) => i % 2 === 0 && i % 5 !== 0 && i % 7 !== 0 && i > 130 && !multiDay.includes(i) && createdAt[i]! < Date.now() - 10 * DAY,
    );
    expect(oneDay).toBeGreaterThan(0);
    await fl.run((x) =>
      x.insert(ticketLogs, {
        ticketId: ids[oneDay]!,
        type: 'reopen',
        userId: agent2.userId,
        payload: { status: 'open' },
        createdAt: new Date(createdAt[oneDay]! + 3 * DAY),
      }),
    );
    expect(multiDay.length).toBeGreaterThan(3);
    await update(ids[multiDay[0]!]!, { queueId: q1 });
    await update(ids[multiDay[1]!]!, { queueId: q2 });
    await withTenant(h.app.platform.db, a.tenantId, (s) => s.delete(tickets, eq(tickets.id, ids[multiDay[2]!]!)));
    await ticketFactories(h.app.platform.db, a.tenantId).ticket({
      status: 'closed',
      queueId: q1,
      createdAt: new Date(Date.now() - 50 * DAY),
      closedAt: new Date(Date.now() - 49 * DAY),
      firstResponseAt: new Date(Date.now() - 50 * DAY + 90_000),
    });
    // A contact created 70 days ago without tickets is not new; its first ticket makes it new on
    // its own day, and moving another contact's ticket to it changes both contacts' days.
    const f = ticketFactories(h.app.platform.db, a.tenantId);
    const quiet = await f.contact({ createdAt: new Date(Date.now() - 70 * DAY) });
    const quiet2 = await f.contact({ createdAt: new Date(Date.now() - 75 * DAY) });
    await expectSame('a contact without tickets');
    await f.ticket({ status: 'closed', contactId: quiet.id, createdAt: new Date(Date.now() - 2 * DAY), closedAt: new Date(Date.now() - DAY) });
    await update(ids[200]!, { contactId: quiet2.id });
    await expectSame('after changes');
    // Another company's tickets on the same days change nothing here.
    const fb = ticketFactories(h.app.platform.db, b.tenantId);
    await fb.ticket({ status: 'closed', createdAt: new Date(Date.now() - 40 * DAY), closedAt: new Date(Date.now() - 39 * DAY) });
    await expectSame("after another company's ticket");
  });

  it('reads at once share an answer read after each arrived, which holds the changes before it', async () => {
    const views = ['/dashboard', '/reports/relatorio-tickets', '/reports/estatisticas-atendimentos-usuarios'];
    for (const path of views) await read(path, a.admin, PERIOD, true);
    for (const [i, id] of [ids[140]!, ids[141]!, ids[142]!].entries()) {
      await update(id, { queueId: i % 2 ? q1 : q2, userId: agent1.userId });
      // Five at once, the change committed before: each answer has it, as the database does.
      const direct = await Promise.all(views.map((path) => read(path, a.admin, PERIOD, false)));
      setCachedPeriodMinDays();
      const cached = await Promise.all(
        views.flatMap((path) =>
          [1, 2, 3, 4, 5].map(async () => {
            const res = await h.request('GET', `${path}?${PERIOD}`, { token: a.admin.token });
            expect(res.status).toBe(200);
            return JSON.parse(JSON.stringify(res.body, (_k, v) => (typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v)));
          }),
        ),
      );
      cached.forEach((body, n) => expect(body, `${views[Math.floor(n / 5)]}, change ${i}`).toEqual(direct[Math.floor(n / 5)]));
    }
  });

  it('keeps its entries within the memory budget, the least recently read going first', async () => {
    const views = ['/dashboard', '/reports/relatorio-tickets', '/reports/estatisticas-atendimentos-usuarios'];
    clearDayCache();
    for (const path of views) await read(path, a.admin, PERIOD, true);
    const all = dayCacheSize();
    expect(all.entries).toBe(3);
    expect(all.bytes).toBeGreaterThan(0);
    try {
      // Room for one entry: each read keeps its own and drops the others, and answers as before.
      setDayCacheBudget(1);
      for (const path of views) {
        const direct = await read(path, a.admin, PERIOD, false);
        expect(await read(path, a.admin, PERIOD, true), path).toEqual(direct);
        expect(dayCacheSize().entries).toBe(1);
      }
    } finally {
      setDayCacheBudget();
    }
  });

  it('reads the days again in the new time zone when the company changes it', async () => {
    await expectSame('before the zone');
    const put = await h.request('PUT', '/tenants/timezone/', { token: a.admin.token, body: { timezone: 'Asia/Tokyo' } });
    expect(put.status).toBe(200);
    await expectSame('in Tokyo');
  });

  it('writes a change per ticket change of a dashboard column only; the job deletes those older than a day', async () => {
    const db = unsafeSystemDb(h.app.platform.db);
    const mine = () =>
      db.select().from(dashboardTicketChanges).where(eq(dashboardTicketChanges.tenantId, a.tenantId));
    const before = (await mine()).length;
    await update(ids[31]!, { lastMessage: 'nada que o painel leia' });
    expect((await mine()).length).toBe(before);
    await update(ids[31]!, { queueId: q2 }); // it was in q1
    const after = await mine();
    expect(after.length).toBe(before + 1);
    await db.update(dashboardTicketChanges).set({ createdAt: sql`now() - interval '25 hours'` }).where(
      eq(dashboardTicketChanges.id, after.at(-1)!.id),
    );
    await pruneDashboardChangesJob.handler({}, { platform: h.app.platform, attempt: 0 });
    const left = await mine();
    expect(left.length).toBe(before);
    expect(left.some((r) => r.id === after.at(-1)!.id)).toBe(false);
  });
});
