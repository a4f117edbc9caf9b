import {
  SERVICE_STATS_COLUMNS,
  TICKETS_REPORT_COLUMNS,
  type ServiceStatsRow,
  type TicketsReportRow,
} from '@prosa/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type Session } from '../../test/harness.js';
import { safeCell } from '../contacts/contacts.csv.js';
import { ticketLogs } from '../../platform/db/schema.js';
import { clearDayCache, setCachedPeriodMinDays } from '../dashboard/finished-days.js';
import { ticketFactories } from '../tickets/test-factories.js';
import { serviceStatsCells } from './estatisticas-atendimentos-usuarios.report.js';
import { ticketsReportCells } from './relatorio-tickets.report.js';
import { get, PERIOD, seedServiceStory, type ServiceStory } from './service-story.test-support.js';

let h: Harness;
let s: ServiceStory;
let supQ2: Session;

const STATS = '/reports/estatisticas-atendimentos-usuarios';
const TICKETS = '/reports/relatorio-tickets';

beforeAll(async () => {
  h = await startHarness();
  s = await seedServiceStory(h);
  supQ2 = await h.user(s.a, 'supervisorfila', { queueIds: [s.q2] });
});
afterAll(() => h.close());

const figures = (over: Partial<ServiceStatsRow>) => ({
  attended: 0,
  closed: 0,
  transferred: 0,
  firstResponseCount: 0,
  firstResponseP50: null,
  resolutionCount: 0,
  resolutionP50: null,
  ratingCount: 0,
  ratingAverage: null,
  ...over,
});

const ANA = {
  name: 'Ana Lima',
  attended: 3,
  closed: 2,
  transferred: 1,
  firstResponseCount: 3,
  firstResponseP50: 600,
  resolutionCount: 2,
  resolutionP50: 32400,
  ratingCount: 1,
  ratingAverage: 2,
};
const BRUNO = {
  name: 'Bruno Reis',
  attended: 3,
  closed: 2,
  firstResponseCount: 1,
  firstResponseP50: 900,
  resolutionCount: 2,
  resolutionP50: 3600,
  ratingCount: 2,
  ratingAverage: 4,
};

let aprilSeeded = false;

// The story twice: read from the database, and through the cache of finished days
// (finished-days.ts): the story's days are long finished, so with no minimum period every
// period is read as the cache reads a year's finished days.
describe.each([
  ['from the database', Number.POSITIVE_INFINITY],
  ['through the cache of finished days', 0],
])('read %s', (_how, minDays) => {
  beforeAll(() => {
    clearDayCache();
    setCachedPeriodMinDays(minDays);
  });
  afterAll(() => setCachedPeriodMinDays());

  describe('estatisticas-atendimentos-usuarios: the story', () => {
    it('counts each agent its share and the whole each ticket once', async () => {
      const res = await get(h, s.a.admin, `${STATS}?${PERIOD}`);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(2);
      expect(res.body.hasMore).toBe(false);
      expect(res.body.rows).toEqual([
        figures({ userId: s.ana.userId, ...ANA }),
        figures({ userId: s.bruno.userId, ...BRUNO }),
      ]);
      // t1 went through both agents and counts once; the bot's (t3) and the automatic (t8) closes count.
      const { ratingAverage, ...rest } = res.body.totals;
      expect(rest).toEqual({
        attended: 4,
        closed: 6,
        transferred: 1,
        firstResponseCount: 4,
        firstResponseP50: 750,
        resolutionCount: 6,
        resolutionP50: 3600,
        ratingCount: 3,
      });
      expect(ratingAverage).toBeCloseTo(10 / 3, 10);
    });

    it('reads the period in the company time zone: the 23:30 ticket is the 10th, its close the 11th', async () => {
      const tenth = await get(h, s.a.admin, `${STATS}?from=2026-03-10&to=2026-03-10`);
      const bruno = tenth.body.rows.find((r: ServiceStatsRow) => r.userId === s.bruno.userId);
      expect(bruno).toMatchObject({ attended: 2, closed: 1, firstResponseCount: 1, firstResponseP50: 900 });
      const ana = tenth.body.rows.find((r: ServiceStatsRow) => r.userId === s.ana.userId);
      expect(ana).toMatchObject({ attended: 2, closed: 2, transferred: 1 });
      const eleventh = await get(h, s.a.admin, `${STATS}?from=2026-03-11&to=2026-03-11`);
      expect(eleventh.body.rows.find((r: ServiceStatsRow) => r.userId === s.bruno.userId)).toMatchObject({
        attended: 1, // t2 reopened to him
        closed: 1, // t4 at 00:30 of the 11th
        firstResponseCount: 0,
        resolutionP50: 3600,
      });
      // t5 (00:30 of the 12th) is in no period of the story.
      const twelfth = await get(h, s.a.admin, `${STATS}?from=2026-03-12&to=2026-03-12`);
      expect(twelfth.body.rows).toEqual([
        figures({
          userId: s.ana.userId,
          name: 'Ana Lima',
          attended: 1,
          closed: 1,
          firstResponseCount: 1,
          firstResponseP50: 900,
          resolutionCount: 1,
          resolutionP50: 1800,
          ratingCount: 1,
          ratingAverage: 1,
        }),
      ]);
    });

    it("agents chosen: their rows, and a whole of their work only (nobody's closes left out)", async () => {
      const res = await get(h, s.a.admin, `${STATS}?${PERIOD}&userIds=${s.ana.userId}`);
      expect(res.body.rows).toEqual([figures({ userId: s.ana.userId, ...ANA })]);
      expect(res.body.totals).toEqual(figures({ ...ANA, name: undefined }));
      const tag = await get(h, s.a.admin, `${STATS}?${PERIOD}&tagIds=${s.vip}`);
      expect(tag.body.rows).toEqual([]);
      expect(tag.body.totals).toEqual(figures({ closed: 1, resolutionCount: 1, resolutionP50: 300 }));
    });

    it('work before and after a period counts only where the log has some inside it', async () => {
      // April, away from the story's days: Ana works two tickets on the 1st and the 3rd; the first
      // also on the 2nd (reopened to her and closed again). Asked for the 2nd, each ticket's work
      // straddles the period: the first counts once with its close of the 2nd, the second not at all.
      const f = ticketFactories(h.app.platform.db, s.a.tenantId);
      const at = (iso: string) => new Date(`2026-04-${iso}Z`);
      const story: [string, [string, string, Record<string, unknown>?][]][] = [
        [
          '01T12:00',
          [
            ['01T12:00', 'open'],
            ['01T13:00', 'closed'],
            ['02T12:00', 'reopen', { status: 'open' }],
            ['02T13:00', 'closed'],
            ['03T12:00', 'reopen', { status: 'open' }],
            ['03T13:00', 'closed'],
          ],
        ],
        [
          '01T14:00',
          [
            ['01T14:00', 'open'],
            ['01T15:00', 'closed'],
            ['03T14:00', 'reopen', { status: 'open' }],
            ['03T15:00', 'closed'],
          ],
        ],
      ];
      // Seeded once: the story runs twice (from the database, through the cache).
      for (const [created, logs] of aprilSeeded ? [] : story) {
        const t = await f.ticket({
          queueId: s.q1,
          channelId: s.c1,
          userId: s.ana.userId,
          status: 'closed',
          createdAt: at(created),
          closedAt: at(logs.at(-1)![0]),
        });
        await f.run((x) =>
          x.insert(
            ticketLogs,
            logs.map(([when, type, payload]) => ({
              ticketId: t.id,
              type,
              userId: s.ana.userId,
              payload: payload ?? null,
              createdAt: at(when),
            })),
          ),
        );
      }
      aprilSeeded = true;
      const second = await get(h, s.a.admin, `${STATS}?from=2026-04-02&to=2026-04-02`);
      const one = { attended: 1, closed: 1, resolutionCount: 1, resolutionP50: 25 * 3600 };
      expect(second.body.rows).toEqual([figures({ userId: s.ana.userId, name: 'Ana Lima', ...one })]);
      expect(second.body.totals).toEqual(figures(one));
      const chosen = await get(h, s.a.admin, `${STATS}?from=2026-04-02&to=2026-04-02&userIds=${s.ana.userId}`);
      expect(chosen.body.totals).toEqual(figures(one));
      const all = await get(h, s.a.admin, `${STATS}?from=2026-04-01&to=2026-04-03`);
      const both = { attended: 2, closed: 2, resolutionCount: 2, resolutionP50: 49 * 3600 };
      expect(all.body.rows).toEqual([figures({ userId: s.ana.userId, name: 'Ana Lima', ...both })]);
      expect(all.body.totals).toEqual(figures(both));
    });

    it('a queue supervisor sees its queues only; another company never shows', async () => {
      const res = await get(h, supQ2, `${STATS}?${PERIOD}`);
      expect(res.status).toBe(200);
      expect(res.body.rows).toEqual([
        figures({
          userId: s.bruno.userId,
          name: 'Bruno Reis',
          attended: 1,
          closed: 1,
          firstResponseCount: 1,
          firstResponseP50: 900,
          resolutionCount: 1,
          resolutionP50: 3600,
          ratingCount: 1,
          ratingAverage: 3,
        }),
      ]);
      expect(res.body.totals).toMatchObject({ attended: 1, closed: 2, resolutionP50: 1950, ratingCount: 1 });
      const b = await get(h, s.b.admin, `${STATS}?${PERIOD}`);
      expect(b.body.rows.map((r: ServiceStatsRow) => r.userId)).toEqual([s.zeca.userId]);
      expect(b.body.totals).toMatchObject({ attended: 1, closed: 1, firstResponseP50: 120, ratingCount: 1 });
    });

    it('pages the agents by name', async () => {
      const p2 = await get(h, s.a.admin, `${STATS}?${PERIOD}&pageSize=1&pageNumber=2`);
      expect(p2.body).toMatchObject({ count: 2, hasMore: false });
      expect(p2.body.rows.map((r: ServiceStatsRow) => r.name)).toEqual(['Bruno Reis']);
      expect(p2.body.totals.attended).toBe(4);
    });
  });

  const ROWS: Omit<
    TicketsReportRow,
    'ticketId' | 'createdAt' | 'protocol' | 'contact' | 'number' | 'channel' | 'queue'
  >[] = [
    { agent: 'Bruno Reis', status: 'closed', firstResponse: 300, resolution: 3600, rating: 5 },
    { agent: 'Bruno Reis', status: 'open', firstResponse: 600, resolution: null, rating: null },
    { agent: null, status: 'closed', firstResponse: null, resolution: 300, rating: null },
    { agent: 'Bruno Reis', status: 'closed', firstResponse: 900, resolution: 3600, rating: 3 },
    { agent: null, status: 'pending', firstResponse: null, resolution: null, rating: null },
    { agent: 'Ana Lima', status: 'closed', firstResponse: 1740, resolution: 25200, rating: null },
  ];

  /** Percentiles interpolate in floating point: 18720 may come as 18720.000000000004. */
  const rounded = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v]));

  const sla = (o: Record<string, unknown>) => ({
    firstResponseP90: null,
    resolutionP90: null,
    ...o,
  });

  describe('relatorio-tickets: the story', () => {
    it('lists the tickets created in the period, oldest first, with their times', async () => {
      const res = await get(h, s.a.admin, `${TICKETS}?${PERIOD}`);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(6);
      expect(res.body.rows.map((r: TicketsReportRow) => r.ticketId)).toEqual(
        ['t1', 't2', 't3', 't4', 't7', 't8'].map((k) => s.ids[k]),
      );
      expect(res.body.rows).toMatchObject(ROWS);
      expect(res.body.rows[0]).toMatchObject({
        protocol: '20260310001',
        createdAt: '2026-03-10T12:00:00.000Z',
        contact: 'Cliente t1',
        number: '5511900000011',
      });
      expect(res.body.rows[0].queue).toMatch(/^Fila /);
      expect(res.body.rows[0].channel).toMatch(/^Canal /);
    });

    it('totals by state and the service levels overall, per queue, per agent and per day', async () => {
      const { totals } = (await get(h, s.a.admin, `${TICKETS}?${PERIOD}`)).body;
      expect(totals.byStatus).toEqual({ open: 1, pending: 1, closed: 4 });
      expect(totals.targetMinutes).toBe(15);
      expect(rounded(totals.overall)).toEqual({
        tickets: 6,
        firstResponseCount: 4,
        firstResponseP50: 750,
        firstResponseP90: 1488,
        resolutionCount: 4,
        resolutionP50: 3600,
        resolutionP90: 18720,
        withinTarget: 3,
        needingAnswer: 5,
        withinTargetShare: 0.6,
      });
      const q = (id: number) => totals.byQueue.find((x: { queueId: number }) => x.queueId === id);
      expect(rounded(q(s.q1))).toMatchObject({
        tickets: 4,
        firstResponseP50: 600,
        firstResponseP90: 1512,
        resolutionP50: 14400,
        resolutionP90: 23040,
        withinTarget: 2,
        needingAnswer: 4,
        withinTargetShare: 0.5,
      });
      expect(rounded(q(s.q2))).toMatchObject(
        sla({
          tickets: 2,
          firstResponseP50: 900,
          firstResponseP90: 900,
          resolutionP50: 1950,
          resolutionP90: 3270,
          withinTarget: 1,
          needingAnswer: 1,
        }),
      );
      expect(totals.byAgent.map((x: { name: string | null }) => x.name)).toEqual(['Ana Lima', 'Bruno Reis', null]);
      expect(rounded(totals.byAgent[0])).toMatchObject({
        userId: s.ana.userId,
        tickets: 1,
        firstResponseP50: 1740,
        resolutionP50: 25200,
        withinTarget: 0,
        needingAnswer: 1,
      });
      expect(rounded(totals.byAgent[1])).toMatchObject({
        tickets: 3,
        firstResponseP50: 600,
        firstResponseP90: 840,
        resolutionP50: 3600,
        withinTarget: 3,
        needingAnswer: 3,
      });
      expect(rounded(totals.byAgent[2])).toMatchObject({
        userId: null,
        tickets: 2,
        firstResponseCount: 0,
        firstResponseP50: null,
        resolutionP50: 300,
        needingAnswer: 1,
      });
      expect(totals.trend).toEqual([
        { day: '2026-03-10', created: 4, firstResponseP50: 600, withinTargetShare: 1 },
        { day: '2026-03-11', created: 2, firstResponseP50: 1740, withinTargetShare: 0 },
      ]);
    });

    it('edges, filters and the page', async () => {
      const tenth = await get(h, s.a.admin, `${TICKETS}?from=2026-03-10&to=2026-03-10`);
      expect(tenth.body.rows.map((r: TicketsReportRow) => r.ticketId)).toEqual(
        ['t1', 't2', 't3', 't4'].map((k) => s.ids[k]),
      );
      const twelfth = await get(h, s.a.admin, `${TICKETS}?from=2026-03-12&to=2026-03-12`);
      expect(twelfth.body.rows.map((r: TicketsReportRow) => r.ticketId)).toEqual([s.ids.t5]);
      const agent = await get(h, s.a.admin, `${TICKETS}?${PERIOD}&userIds=${s.ana.userId}`);
      expect(agent.body.rows.map((r: TicketsReportRow) => r.ticketId)).toEqual([s.ids.t8]);
      const tag = await get(h, s.a.admin, `${TICKETS}?${PERIOD}&tagIds=${s.vip}&channelIds=${s.c2}`);
      expect(tag.body.rows.map((r: TicketsReportRow) => r.ticketId)).toEqual([s.ids.t3]);
      const page = await get(h, s.a.admin, `${TICKETS}?${PERIOD}&pageSize=4&pageNumber=2`);
      expect(page.body).toMatchObject({ count: 6, hasMore: false });
      expect(page.body.rows.map((r: TicketsReportRow) => r.ticketId)).toEqual([s.ids.t7, s.ids.t8]);
      expect(page.body.totals.overall.tickets).toBe(6);
    });

    it('a queue supervisor sees its queues, numbers masked when hidden; another company never shows', async () => {
      expect(
        (await h.request('PUT', '/settings/hidePhoneNumber', { token: s.a.admin.token, body: { value: 'enabled' } }))
          .status,
      ).toBe(200);
      try {
        const res = await get(h, supQ2, `${TICKETS}?${PERIOD}`);
        expect(res.body.rows.map((r: TicketsReportRow) => r.ticketId)).toEqual([s.ids.t3, s.ids.t4]);
        expect(res.body.rows[0].number).not.toContain('55119');
        expect(res.body.rows[0].number.endsWith('0033')).toBe(true);
        expect(res.body.totals.byStatus).toEqual({ open: 0, pending: 0, closed: 2 });
        const admin = await get(h, s.a.admin, `${TICKETS}?${PERIOD}&queueIds=${s.q2}`);
        expect(admin.body.rows[0].number).toBe('5511900000033');
      } finally {
        await h.request('PUT', '/settings/hidePhoneNumber', { token: s.a.admin.token, body: { value: 'disabled' } });
      }
      const b = await get(h, s.b.admin, `${TICKETS}?${PERIOD}`);
      expect(b.body.rows.map((r: TicketsReportRow) => r.ticketId)).toEqual([s.other.ticket]);
    });
  });
});

describe('the service reports: the route checklist', () => {
  it('401 without a token, 403 for a plain agent, ERR_VALIDATION for a bad period', async () => {
    for (const path of [STATS, TICKETS]) {
      expect((await get(h, undefined, `${path}?${PERIOD}`)).status).toBe(401);
      expect((await get(h, undefined, `${path}/export?${PERIOD}`)).status).toBe(401);
      const agent = await get(h, s.ana, `${path}?${PERIOD}`);
      expect(agent.status).toBe(403);
      expect(agent.body.error).toBe('ERR_NO_PERMISSION');
      expect((await get(h, s.ana, `${path}/export?${PERIOD}`)).status).toBe(403);
      for (const q of [
        '',
        'from=2026-03-10',
        'from=2026-02-30&to=2026-03-01',
        'from=2026-03-11&to=2026-03-10',
        'from=2025-01-01&to=2026-03-01',
        `${PERIOD}&queueIds=abc`,
        `${PERIOD}&pageSize=501`,
      ]) {
        const res = await get(h, s.a.admin, `${path}?${q}`);
        expect(res.status, `${path}?${q}`).toBe(400);
        expect(res.body.error).toBe('ERR_VALIDATION');
      }
      expect((await get(h, s.a.admin, `${path}/export?${PERIOD}&format=pdf`)).body.error).toBe('ERR_VALIDATION');
    }
  });

  it("another company's ids answer 404, on the page and the export", async () => {
    for (const path of [STATS, TICKETS]) {
      for (const [q, code] of [
        [`queueIds=${s.other.queue}`, 'ERR_NO_QUEUE_FOUND'],
        [`channelIds=${s.other.channel}`, 'ERR_NO_WAPP_FOUND'],
        [`userIds=${s.zeca.userId}`, 'ERR_NO_USER_FOUND'],
        [`tagIds=${s.other.tag}`, 'ERR_NO_TAG_FOUND'],
      ] as const) {
        const res = await get(h, s.a.admin, `${path}?${PERIOD}&${q}`);
        expect(res.status, q).toBe(404);
        expect(res.body.error).toBe(code);
        expect((await get(h, s.a.admin, `${path}/export?${PERIOD}&${q}`)).status).toBe(404);
      }
      const theirs = await get(h, s.b.admin, `${path}?${PERIOD}&queueIds=${s.q1}`);
      expect(theirs.status).toBe(404);
    }
  });

  it('the CSV export holds the rows of the JSON report', async () => {
    const cases = [
      [STATS, SERVICE_STATS_COLUMNS.length, (r: ServiceStatsRow) => serviceStatsCells(r)],
      [TICKETS, TICKETS_REPORT_COLUMNS.length, (r: TicketsReportRow) => ticketsReportCells(r, 'pt')],
    ] as const;
    for (const [path, width, cells] of cases) {
      const page = await get(h, s.a.admin, `${path}?${PERIOD}&pageSize=500`);
      expect(page.body.rows.length).toBeGreaterThan(1);
      const res = await h.app.inject({
        method: 'GET',
        url: `${path}/export?format=csv&${PERIOD}`,
        headers: { authorization: `Bearer ${s.a.admin.token}` },
      });
      expect(res.statusCode).toBe(200);
      const [head, ...rows] = parse(res.body, { delimiter: ';', bom: true }) as string[][];
      expect(head).toHaveLength(width);
      const want = (page.body.rows as never[]).map((r) =>
        (cells as (r: never) => (string | number)[])(r).map((c) => (typeof c === 'number' ? String(c) : safeCell(c))),
      );
      expect(rows).toEqual(want);
    }
    const res = await h.app.inject({
      method: 'GET',
      url: `${TICKETS}/export?format=csv&${PERIOD}`,
      headers: { authorization: `Bearer ${s.a.admin.token}`, 'accept-language': 'en' },
    });
    const [head, first] = parse(res.body, { delimiter: ';', bom: true }) as string[][];
    expect(head![0]).toBe('Protocol');
    expect(first![7]).toBe('Closed');
    expect(first![8]).toBe('300');
  });

  it('XLSX answers a workbook', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `${STATS}/export?format=xlsx&${PERIOD}`,
      headers: { authorization: `Bearer ${s.a.admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('the service reports read what the desk writes', () => {
  it('accept, answer, transfer, answer and close through the API count as the story says', async () => {
    const f = ticketFactories(h.app.platform.db, s.a.tenantId);
    const queue = (await f.queue()).id;
    const ticket = await f.ticket({ queueId: queue, channelId: s.c1, status: 'pending', createdAt: new Date() });
    const put = (who: Session, body: Record<string, unknown>) =>
      h.request('PUT', `/tickets/${ticket.id}`, { token: who.token, body });
    const say = (who: Session, body: string) =>
      h.request('POST', `/messages/${ticket.id}`, { token: who.token, body: { body } });
    await f.joinQueue(s.ana.userId, queue);
    await f.joinQueue(s.bruno.userId, queue);
    expect((await put(s.ana, { status: 'open' })).status).toBe(200);
    expect((await say(s.ana, 'Olá, sou a Ana')).status).toBe(201);
    expect((await put(s.ana, { userId: s.bruno.userId, queueId: queue })).status).toBe(200);
    expect((await say(s.bruno, 'Aqui é o Bruno')).status).toBe(201);
    expect((await put(s.bruno, { status: 'closed' })).status).toBe(200);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const q = `from=${today}&to=${today}&queueIds=${queue}`;
    const res = await get(h, s.a.admin, `${STATS}?${q}`);
    expect(res.status).toBe(200);
    const [ana, bruno] = res.body.rows as ServiceStatsRow[];
    expect(ana).toMatchObject({ userId: s.ana.userId, attended: 1, closed: 0, transferred: 1, firstResponseCount: 1 });
    expect(bruno).toMatchObject({
      userId: s.bruno.userId,
      attended: 1,
      closed: 1,
      transferred: 0,
      firstResponseCount: 0,
      resolutionCount: 1,
    });
    expect(res.body.totals).toMatchObject({ attended: 1, closed: 1, transferred: 1, firstResponseCount: 1 });
    const row = (await get(h, s.a.admin, `${TICKETS}?${q}`)).body.rows[0] as TicketsReportRow;
    expect(row).toMatchObject({ ticketId: ticket.id, agent: 'Bruno Reis', status: 'closed' });
    expect(row.firstResponse).not.toBeNull();
    expect(row.resolution).not.toBeNull();
  });
});
