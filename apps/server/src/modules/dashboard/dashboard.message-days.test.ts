import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, tickets } from '../../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { ticketFactories } from '../tickets/test-factories.js';

/**
 * dashboard_message_days (migration 0034) is a summary kept by triggers: after every kind of write
 * it must equal a direct count of the messages, per local day and ticket columns.
 */
let h: Harness;
let a: Company;
let b: Company;
let sup: Session;
let q1: number;
let q2: number;
let c1: number;
let c2: number;

const rowsOf = async <T>(text: ReturnType<typeof sql>) =>
  ((await unsafeSystemDb(h.app.platform.db).execute(text)) as unknown as { rows: T[] }).rows;

type Row = { t: number; day: string; ch: number | null; q: number | null; u: number | null; p: boolean; g: boolean; i: number; o: number };
const key = (r: Row) => `${r.t}|${r.day}|${r.ch}|${r.q}|${r.u}|${r.p}|${r.g}`;
const norm = (rows: Row[]) =>
  rows
    .map((r) => ({ ...r, t: Number(r.t), day: String(r.day).slice(0, 10), i: Number(r.i), o: Number(r.o) }))
    .filter((r) => r.i !== 0 || r.o !== 0)
    .sort((x, y) => key(x).localeCompare(key(y)));

/** The summary's rows of a company (per ticket and day), and the same figures counted from its messages. */
async function compare(c: Company): Promise<{ summary: Row[]; direct: Row[] }> {
  const summary = await rowsOf<Row>(sql`
    select ticket_id as t, to_char(day, 'YYYY-MM-DD') as day, channel_id as ch, queue_id as q, user_id as u, is_private as p,
      is_group as g, messages_in as i, messages_out as o
    from dashboard_message_days where tenant_id = ${c.tenantId}`);
  const direct = await rowsOf<Row>(sql`
    select t.id as t, to_char((m.created_at at time zone te.timezone)::date, 'YYYY-MM-DD') as day, t.channel_id as ch,
      t.queue_id as q, t.user_id as u, t.is_private as p, t.is_group as g,
      count(*) filter (where not m.from_me) as i, count(*) filter (where m.from_me) as o
    from messages m join tickets t on t.id = m.ticket_id join tenants te on te.id = t.tenant_id
    where m.tenant_id = ${c.tenantId} group by 1, 2, 3, 4, 5, 6, 7`);
  return { summary: norm(summary), direct: norm(direct) };
}

async function expectExact(c: Company) {
  const { summary, direct } = await compare(c);
  expect(summary).toEqual(direct);
  return direct;
}

const msgs = (ticketId: number, contactId: number, list: [string, boolean][]) =>
  list.map(([at, fromMe], n) => ({
    ticketId,
    contactId,
    fromMe,
    body: `m${n}`,
    status: 'read' as const,
    createdAt: new Date(at),
  }));

/** GET /dashboard's messages for the period around the seeded days. */
const traffic = async (s: Session) => {
  const res = await h.request('GET', '/dashboard?from=2026-05-01&to=2026-05-31', { token: s.token });
  expect(res.status).toBe(200);
  return { in: res.body.totals.messagesIn as number, out: res.body.totals.messagesOut as number };
};

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  const put = await h.request('PUT', '/tenants/timezone/', { token: a.admin.token, body: { timezone: 'America/Sao_Paulo' } });
  expect(put.status).toBe(200);
  const f = ticketFactories(h.app.platform.db, a.tenantId);
  [q1, q2, c1, c2] = [(await f.queue()).id, (await f.queue()).id, (await f.channel()).id, (await f.channel()).id];
  sup = await h.user(a, 'supervisorfila', { queueIds: [q1] });
});
afterAll(() => h.close());

describe(`dashboard_message_days (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('matches a direct count after inserts, transfers, deletes and a change of time zone', async () => {
    const f = ticketFactories(h.app.platform.db, a.tenantId);
    const agent = await h.user(a, 'user', { queueIds: [q1, q2] });
    const ct = [await f.contact(), await f.contact(), await f.contact()];
    const t1 = await f.ticket({ contactId: ct[0]!.id, channelId: c1, queueId: q1, userId: agent.userId, status: 'open' });
    const t2 = await f.ticket({ contactId: ct[1]!.id, channelId: c2, queueId: q1, status: 'pending' });
    const t3 = await f.ticket({ contactId: ct[2]!.id, channelId: c1, queueId: q2, userId: agent.userId, status: 'closed' });
    // One statement with many rows, on both sides of local midnight (03:00 UTC in São Paulo).
    await f.run((s) =>
      s.insert(messages, [
        ...msgs(t1.id, ct[0]!.id, [
          ['2026-05-10T02:30:00Z', false],
          ['2026-05-10T02:59:00Z', true],
          ['2026-05-10T03:00:00Z', false],
          ['2026-05-10T12:00:00Z', true],
        ]),
        ...msgs(t2.id, ct[1]!.id, [
          ['2026-05-11T10:00:00Z', false],
          ['2026-05-11T10:01:00Z', true],
        ]),
        ...msgs(t3.id, ct[2]!.id, [['2026-05-12T10:00:00Z', false]]),
      ]),
    );
    const first = await expectExact(a);
    expect(first.reduce((n, r) => n + r.i + r.o, 0)).toBe(7);
    // One at a time, as the desk stores them.
    await f.run((s) => s.insert(messages, msgs(t2.id, ct[1]!.id, [['2026-05-11T11:00:00Z', true]])[0]!));
    await expectExact(a);
    // The queue supervisor of q1 sees t1 (2 in, 2 out) and t2 (1 in, 2 out).
    expect(await traffic(sup)).toEqual({ in: 3, out: 4 });

    // Transfers: another queue and user, another channel, made private; and a message stored in the
    // same transaction as a transfer (it counts where the ticket ends up).
    await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.update(tickets, { queueId: q2, userId: null }, eq(tickets.id, t2.id)),
    );
    await expectExact(a);
    await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.update(tickets, { channelId: c2, isPrivate: true }, eq(tickets.id, t1.id)),
    );
    await expectExact(a);
    await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.transaction(async (tx) => {
        await tx.insert(messages, msgs(t3.id, ct[2]!.id, [['2026-05-12T11:00:00Z', true]])[0]!);
        await tx.update(tickets, { queueId: q1 }, eq(tickets.id, t3.id));
      }),
    );
    await expectExact(a);
    // A write that changes nothing the summary keeps leaves it alone.
    await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.update(tickets, { lastMessage: 'x', status: 'closed' }, eq(tickets.id, t1.id)),
    );
    await expectExact(a);
    // t2 left q1 and t1 became its agent's private ticket: the supervisor sees only t3 (1 in, 1 out).
    expect(await traffic(sup)).toEqual({ in: 1, out: 1 });

    // Deletes: some messages, then a whole ticket (its messages go by cascade).
    const someIds = (await f.run((s) => s.select(messages, eq(messages.ticketId, t1.id)))).slice(0, 2).map((m) => m.id);
    await f.run((s) => s.delete(messages, inArray(messages.id, someIds)));
    await expectExact(a);
    await withTenant(h.app.platform.db, a.tenantId, (s) => s.delete(tickets, eq(tickets.id, t3.id)));
    await expectExact(a);

    // A new time zone: the days are made again in it (Tokyo: 02:30 UTC on the 10th is the 10th).
    const put = await h.request('PUT', '/tenants/timezone/', { token: a.admin.token, body: { timezone: 'Asia/Tokyo' } });
    expect(put.status).toBe(200);
    const tokyo = await expectExact(a);
    expect(tokyo.map((r) => r.day)).not.toContain('2026-05-09');
    await h.request('PUT', '/tenants/timezone/', { token: a.admin.token, body: { timezone: 'America/Sao_Paulo' } });
    await expectExact(a);
  });

  it("keeps each company's rows apart", async () => {
    const fb = ticketFactories(h.app.platform.db, b.tenantId);
    const contact = await fb.contact();
    const t = await fb.ticket({ contactId: contact.id, status: 'open' });
    await fb.run((s) => s.insert(messages, msgs(t.id, contact.id, [['2026-05-10T12:00:00Z', false]])));
    expect(await expectExact(b)).toHaveLength(1);
    await expectExact(a);
  });

  it('answers the same from the messages when the summary cannot express the viewer', async () => {
    const f = ticketFactories(h.app.platform.db, a.tenantId);
    const contact = await f.contact();
    const t = await f.ticket({ contactId: contact.id, channelId: c1, queueId: q1, status: 'pending' });
    await f.run((s) =>
      s.insert(messages, msgs(t.id, contact.id, [['2026-05-20T12:00:00Z', false], ['2026-05-20T12:01:00Z', true]])),
    );
    const viaSummary = await traffic(sup);
    expect(viaSummary).toEqual({ in: 1, out: 1 });
    // Hiding the chatbot's tickets from supervisors reads the bot state, which the summary lacks.
    const put = await h.request('PUT', '/settings/NotViewTicketsChatBot', { token: a.admin.token, body: { value: 'enabled' } });
    expect(put.status).toBe(200);
    try {
      expect(await traffic(sup)).toEqual(viaSummary);
    } finally {
      await h.request('PUT', '/settings/NotViewTicketsChatBot', { token: a.admin.token, body: { value: 'disabled' } });
    }
  });
});
