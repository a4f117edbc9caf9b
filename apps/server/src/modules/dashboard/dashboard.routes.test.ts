import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { ticketFactories } from '../tickets/test-factories.js';
import { backfillFirstResponses, seedStory, type Story } from './dashboard.test-support.js';

let h: Harness;
let a: Company;
let b: Company;
let story: Story;
let agent: Session;
let supQ2: Session;
let supervisor: Session;

const PERIOD = 'from=2026-03-10&to=2026-03-11';

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  story = await seedStory(h, a);
  agent = story.agent1;
  supQ2 = await h.user(a, 'supervisorfila', { queueIds: [story.q2] });
  supervisor = await h.user(a, 'supervisor');
  // Company B, in UTC: 01:00 UTC on the 10th is inside its period (it would not be in São Paulo).
  const put = await h.request('PUT', '/tenants/timezone/', { token: b.admin.token, body: { timezone: 'UTC' } });
  expect(put.status).toBe(200);
  const fb = ticketFactories(h.app.platform.db, b.tenantId);
  await fb.ticket({
    status: 'closed',
    createdAt: new Date('2026-03-10T01:00:00Z'),
    closedAt: new Date('2026-03-12T01:00:00Z'),
  });
  await fb.ticket({ status: 'open', createdAt: new Date('2026-03-12T02:00:00Z') });
  await backfillFirstResponses(h);
});
afterAll(() => h.close());

const get = (s: Session | undefined, query = PERIOD) =>
  h.request('GET', `/dashboard?${query}`, s ? { token: s.token } : {});

describe('GET /dashboard', () => {
  it('needs a token, an admin or a supervisor, and a valid period', async () => {
    expect((await get(undefined)).status).toBe(401);
    const wrong = await get(agent);
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toBe('ERR_NO_PERMISSION');
    for (const q of [
      'from=2026-02-30&to=2026-03-01',
      'from=2026-03-11&to=2026-03-10',
      'from=2025-01-01&to=2026-03-01',
      'to=2026-03-01',
      `${PERIOD}&queueIds=abc`,
      `${PERIOD}&channelIds=-1`,
    ]) {
      const res = await get(a.admin, q);
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toBe('ERR_VALIDATION');
    }
  });

  it('counts the story exactly, each ticket once, on the company time zone', async () => {
    const res = await get(a.admin);
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d.period).toEqual({ from: '2026-03-10', to: '2026-03-11', timezone: 'America/Sao_Paulo' });
    expect(d.totals).toEqual({
      open: 2,
      pending: 2,
      created: 6,
      closed: 4,
      newContacts: 6,
      messagesIn: 6,
      messagesOut: 9,
    });
    expect(d.sla).toEqual({
      targetMinutes: 15,
      firstResponse: { count: 4, avg: 975, p50: 900, p90: 1620 },
      resolution: { count: 4, avg: 3315, p50: 2730, p90: 6120 },
      withinTarget: 2,
      needingAnswer: 5,
      withinTargetShare: 0.4,
    });
    expect(d.ratings).toEqual({ count: 3, average: 4 });
    const pick = (list: { id: number | null; created: number; closed: number }[]) =>
      Object.fromEntries(list.map((g) => [String(g.id), [g.created, g.closed]]));
    expect(pick(d.byChannel)).toEqual({ [story.c1]: [3, 3], [story.c2]: [3, 1] });
    expect(pick(d.byQueue)).toEqual({ [story.q1]: [4, 3], [story.q2]: [2, 1] });
    // t2 went from agent1 to agent2: it counts once, for agent2, who has it now.
    expect(pick(d.byUser)).toEqual({ [story.agent1.userId]: [2, 2], [story.agent2.userId]: [2, 1], null: [2, 1] });
    expect(d.byQueue[0].name).toMatch(/^Fila /);
    expect(d.trend).toEqual([
      {
        day: '2026-03-10',
        created: 3,
        closed: 2,
        firstResponseP50: 600,
        firstResponseP90: 1080,
        resolutionP50: 2730,
        resolutionP90: 3426,
        withinTarget: 2 / 3,
      },
      {
        day: '2026-03-11',
        created: 3,
        closed: 2,
        firstResponseP50: 1800,
        firstResponseP90: 1800,
        resolutionP50: 3900,
        resolutionP90: 6540,
        withinTarget: 0,
      },
    ]);
  });

  it('narrows by queue, channel and user, and follows the target setting', async () => {
    const q2 = (await get(a.admin, `${PERIOD}&queueIds=${story.q2}`)).body;
    expect(q2.totals).toMatchObject({ open: 1, pending: 0, created: 2, closed: 1, newContacts: 2 });
    const c1 = (await get(a.admin, `${PERIOD}&channelIds=${story.c1}`)).body;
    expect(c1.totals).toMatchObject({ created: 3, closed: 3, messagesIn: 3, messagesOut: 6 });
    const u1 = (await get(a.admin, `${PERIOD}&userIds=${story.agent1.userId}`)).body;
    expect(u1.totals).toMatchObject({ created: 2, closed: 2 });
    const put = await h.request('PUT', '/settings/slaFirstResponseMinutes', {
      token: a.admin.token,
      body: { value: '20' },
    });
    expect(put.status).toBe(200);
    try {
      const sla = (await get(a.admin)).body.sla;
      expect(sla).toMatchObject({ targetMinutes: 20, withinTarget: 3, needingAnswer: 5, withinTargetShare: 0.6 });
    } finally {
      await h.request('PUT', '/settings/slaFirstResponseMinutes', { token: a.admin.token, body: { value: '15' } });
    }
    const bad = await h.request('PUT', '/settings/slaFirstResponseMinutes', {
      token: a.admin.token,
      body: { value: '0' },
    });
    expect(bad.status).toBe(400);
  });

  it('shows a queue supervisor only its queues, a general supervisor everything', async () => {
    const sup = (await get(supQ2)).body;
    expect(sup.totals).toEqual({
      open: 1,
      pending: 0,
      created: 2,
      closed: 1,
      newContacts: 2,
      messagesIn: 2,
      messagesOut: 3,
    });
    expect(sup.byQueue.map((g: { id: number }) => g.id)).toEqual([story.q2]);
    // Asking for another queue's tickets does not widen what it sees.
    expect((await get(supQ2, `${PERIOD}&queueIds=${story.q1}`)).body.totals).toMatchObject({ created: 0, closed: 0 });
    expect((await get(supervisor)).body.totals).toEqual((await get(a.admin)).body.totals);
  });

  it("keeps each company to its own numbers, another company's ids finding nothing", async () => {
    const mine = (await get(b.admin)).body;
    expect(mine.period.timezone).toBe('UTC');
    expect(mine.totals).toMatchObject({ open: 1, created: 1, closed: 0, messagesIn: 0 });
    const foreign = (await get(b.admin, `${PERIOD}&queueIds=${story.q1}&channelIds=${story.c1}`)).body;
    expect(foreign.totals).toEqual({
      open: 0,
      pending: 0,
      created: 0,
      closed: 0,
      newContacts: 0,
      messagesIn: 0,
      messagesOut: 0,
    });
    expect(foreign.byQueue).toEqual([]);
  });
});
