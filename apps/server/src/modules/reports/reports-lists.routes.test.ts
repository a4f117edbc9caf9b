import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callLogs, contactWallets, schedules, ticketNotes, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Harness, type Session } from '../../test/harness.js';
import { FEB, seedListsStory, type ListsStory } from './lists-story.test-support.js';
import { get } from './reports.test-support.js';

let h: Harness;
let s: ListsStory;
let admin: Session;

beforeAll(async () => {
  // No jobs: the story's pending schedules are due, and each minute's sweep sends them; after two
  // sweeps the weekly one has moved out of February (the admin's count fell to 3 in a full run).
  h = await startHarness({}, { jobs: false });
  s = await seedListsStory(h);
  admin = s.a.admin;
});
afterAll(() => h.close());

const report = async (who: Session, slug: string, q = '') => {
  const res = await get(h, who, `/reports/${slug}?${FEB}${q}`);
  expect(res.status).toBe(200);
  return res.body;
};
const col = <K extends string>(body: { rows: Record<K, unknown>[] }, key: K) => body.rows.map((r) => r[key]);
const setting = (key: string, value: string) =>
  h.request('PUT', `/settings/${key}`, { token: admin.token, body: { value } });

describe('avaliacoes', () => {
  it('lists the ratings of the period with the count, average, distribution and per agent', async () => {
    const body = await report(admin, 'avaliacoes');
    // t6 was rated at 00:30 of Mar 1 (out); t2 at 23:30 of Feb 28 (in); t7 was created in January.
    expect(col(body, 'ticketId')).toEqual([s.ticket.t7, s.ticket.t1, s.ticket.t3, s.ticket.t2]);
    expect(body.rows[1]).toEqual({
      ticketId: s.ticket.t1,
      ratedAt: '2026-02-05T15:10:00.000Z',
      protocol: '20260205000001',
      contact: 'Ana',
      agent: 'Agente Um',
      queue: 'Vendas',
      channel: 'WhatsApp Loja',
      rating: 5,
    });
    expect(body.count).toBe(4);
    expect(body.hasMore).toBe(false);
    expect(body.totals).toEqual({
      count: 4,
      average: 3.25,
      distribution: [
        { rating: 1, count: 1 },
        { rating: 2, count: 0 },
        { rating: 3, count: 1 },
        { rating: 4, count: 1 },
        { rating: 5, count: 1 },
      ],
      perAgent: [
        { userId: s.agent2.userId, agent: 'Agente Dois', count: 2, average: 2 },
        { userId: s.agent1.userId, agent: 'Agente Um', count: 2, average: 4.5 },
      ],
    });
  });

  it('pages, and narrows by agent, queue, channel and tag', async () => {
    const page2 = await report(admin, 'avaliacoes', '&pageSize=3&pageNumber=2');
    expect(page2).toMatchObject({ count: 4, hasMore: false });
    expect(col(page2, 'ticketId')).toEqual([s.ticket.t2]);
    expect((await report(admin, 'avaliacoes', '&pageSize=3')).hasMore).toBe(true);
    expect(col(await report(admin, 'avaliacoes', `&userIds=${s.agent2.userId}`), 'ticketId')).toEqual([s.ticket.t7, s.ticket.t2]);
    expect(col(await report(admin, 'avaliacoes', `&queueIds=${s.queue.vendas}`), 'ticketId')).toEqual([s.ticket.t1, s.ticket.t3]);
    expect((await report(admin, 'avaliacoes', `&channelIds=${s.channel.a}`)).count).toBe(4);
    expect(col(await report(admin, 'avaliacoes', `&tagIds=${s.tag.vip}`), 'ticketId')).toEqual([s.ticket.t1]);
    // The last day alone: 23:30 in, 00:30 of the next day out.
    expect(col(await get(h, admin, '/reports/avaliacoes?from=2026-02-28&to=2026-02-28').then((r) => r.body), 'ticketId')).toEqual([s.ticket.t2]);
    expect(col(await get(h, admin, '/reports/avaliacoes?from=2026-03-01&to=2026-03-01').then((r) => r.body), 'ticketId')).toEqual([s.ticket.t6]);
  });

  it('a supervisor of Vendas sees the ratings of Vendas only', async () => {
    const body = await report(s.supVendas, 'avaliacoes');
    expect(col(body, 'ticketId')).toEqual([s.ticket.t1, s.ticket.t3]);
    expect(body.totals).toMatchObject({ count: 2, average: 4.5, perAgent: [{ agent: 'Agente Um', count: 2, average: 4.5 }] });
  });
});

describe('protocolos', () => {
  it('lists the tickets created in the period with their protocol, and counts per status', async () => {
    const body = await report(admin, 'protocolos');
    // t6 at 23:30 of Feb 28 is in; t5 at 00:30 of Mar 1 and t7 (January) are out.
    expect(col(body, 'protocol')).toEqual(['20260205000001', '20260209000001', '20260210000001', '20260212000001', '20260228000001']);
    expect(body.totals).toEqual({ byStatus: { open: 1, pending: 0, closed: 4 } });
    expect(body.count).toBe(5);
    expect(body.rows[1]).toEqual({
      ticketId: s.ticket.t3,
      protocol: '20260209000001',
      createdAt: '2026-02-09T12:00:00.000Z',
      contact: 'Carla',
      number: '5531987650003',
      channel: 'WhatsApp Loja',
      queue: 'Vendas',
      agent: 'Agente Um',
      status: 'open',
      // Reopened: no close shown while it is open.
      closedAt: null,
    });
    // Closed by the bot: no agent.
    expect(body.rows[3]).toMatchObject({ ticketId: s.ticket.t4, agent: null, status: 'closed', closedAt: '2026-02-12T12:05:00.000Z' });
  });

  it('filters by the beginning of the protocol', async () => {
    expect(col(await report(admin, 'protocolos', '&protocol=2026020'), 'ticketId')).toEqual([s.ticket.t1, s.ticket.t3]);
    expect(col(await report(admin, 'protocolos', '&protocol=2026021'), 'ticketId')).toEqual([s.ticket.t2, s.ticket.t4]);
    expect(col(await report(admin, 'protocolos', '&protocol=20260209000001'), 'ticketId')).toEqual([s.ticket.t3]);
    expect((await report(admin, 'protocolos', '&protocol=9')).count).toBe(0);
    expect((await report(admin, 'protocolos', '&protocol=')).count).toBe(5);
    const bad = await get(h, admin, `/reports/protocolos?${FEB}&protocol=2026%25`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
  });

  it('a supervisor of Vendas sees its queue, numbers masked with hidePhoneNumber', async () => {
    const plain = await report(s.supVendas, 'protocolos');
    expect(col(plain, 'ticketId')).toEqual([s.ticket.t1, s.ticket.t3, s.ticket.t6]);
    expect(plain.totals).toEqual({ byStatus: { open: 1, pending: 0, closed: 2 } });
    expect(plain.rows[0].number).toBe('5511987650001');
    await setting('hidePhoneNumber', 'enabled');
    try {
      const masked = await report(s.supVendas, 'protocolos');
      expect(masked.rows[0].number).not.toBe('5511987650001');
      expect(masked.rows[0].number.endsWith('0001')).toBe(true);
      expect((await report(admin, 'protocolos')).rows[0].number).toBe('5511987650001');
    } finally {
      await setting('hidePhoneNumber', 'disabled');
    }
  });
});

describe('anotacoes', () => {
  it('lists the notes written in the period, plain text, with notes per author', async () => {
    const body = await report(admin, 'anotacoes');
    expect(col(body, 'note')).toEqual(['Pediu desconto de <b>10%</b>', 'Cliente voltou', 'Trocar o produto', 'Fechado às 23h30']);
    expect(body.rows[0]).toEqual({
      noteId: body.rows[0].noteId,
      ticketId: s.ticket.t1,
      writtenAt: '2026-02-05T14:00:00.000Z',
      author: 'Agente Um',
      protocol: '20260205000001',
      contact: 'Ana',
      queue: 'Vendas',
      note: 'Pediu desconto de <b>10%</b>',
    });
    expect(body.count).toBe(4);
    expect(body.totals).toEqual({
      perAuthor: [
        { userId: s.agent1.userId, author: 'Agente Um', count: 2 },
        { userId: admin.userId, author: 'Admin A', count: 1 },
        { userId: s.agent2.userId, author: 'Agente Dois', count: 1 },
      ],
    });
  });

  it('the agents filter is the author of the note; a supervisor of Vendas sees its queue', async () => {
    // The admin wrote on t3, whose agent is Agente Um.
    expect(col(await report(admin, 'anotacoes', `&userIds=${admin.userId}`), 'note')).toEqual(['Cliente voltou']);
    expect(col(await report(admin, 'anotacoes', `&queueIds=${s.queue.suporte}`), 'note')).toEqual(['Trocar o produto']);
    const sup = await report(s.supVendas, 'anotacoes');
    expect(col(sup, 'ticketId')).toEqual([s.ticket.t1, s.ticket.t3, s.ticket.t6]);
    expect(sup.totals.perAuthor.map((a: { count: number }) => a.count)).toEqual([2, 1]);
  });
});

describe('agendamentosold', () => {
  it('lists the schedules due in the period with every column, and counts per status', async () => {
    const body = await report(admin, 'agendamentosold');
    expect(col(body, 'scheduleId')).toEqual([s.schedule.s1, s.schedule.s2, s.schedule.s5, s.schedule.s3]);
    expect(body.totals).toEqual({ byStatus: { pending: 2, sent: 1, error: 1 } });
    expect(body.count).toBe(4);
    expect(body.rows[1]).toMatchObject({ protocol: '20260210000001', author: 'Agente Dois', status: 'error', lastError: 'ERR_WINDOW_CLOSED' });
    expect(body.rows[3]).toEqual({
      scheduleId: s.schedule.s3,
      ticketId: null,
      createdAt: '2026-02-20T12:00:00.000Z',
      sendAt: '2026-03-01T02:30:00.000Z',
      contact: 'Carla',
      protocol: null,
      author: 'Admin A',
      message: 'Novidades do mês',
      mediaName: 'cardapio.pdf',
      repeatCount: 2,
      repeatPeriod: 'monthly',
      sentCount: 0,
      status: 'pending',
      lastError: null,
    });
  });

  it('filters: the agents filter is the author; queues keep schedules of tickets only', async () => {
    expect(col(await report(admin, 'agendamentosold', `&userIds=${admin.userId}`), 'scheduleId')).toEqual([s.schedule.s3]);
    expect(col(await report(admin, 'agendamentosold', `&queueIds=${s.queue.vendas}`), 'scheduleId')).toEqual([s.schedule.s1, s.schedule.s5]);
    expect(col(await report(admin, 'agendamentosold', `&tagIds=${s.tag.vip}`), 'scheduleId')).toEqual([s.schedule.s1]);
  });

  it('visibility: a ticket as the desk shows it, no ticket as the contacts API shows the contact', async () => {
    expect(col(await report(s.supVendas, 'agendamentosold'), 'scheduleId')).toEqual([s.schedule.s1, s.schedule.s5, s.schedule.s3]);
    // With the contacts page for admins only, a schedule without a ticket is the admin's to see.
    await setting('ContactAdmin', 'enabled');
    try {
      expect(col(await report(s.supVendas, 'agendamentosold'), 'scheduleId')).toEqual([s.schedule.s1, s.schedule.s5]);
      expect((await report(admin, 'agendamentosold')).count).toBe(4);
    } finally {
      await setting('ContactAdmin', 'disabled');
    }
  });

  it('with own wallet only, a schedule without a ticket shows when its contact is in the wallet', async () => {
    const ids = async () => col(await report(s.supVendas, 'agendamentosold'), 'scheduleId') as number[];
    await setting('userContactWallet', 'enabled');
    try {
      expect(await ids()).not.toContain(s.schedule.s3);
      await withTenant(h.app.platform.db, s.a.tenantId, (scope) =>
        scope.insert(contactWallets, { contactId: s.contact.carla, userId: s.supVendas.userId }),
      );
      expect(await ids()).toContain(s.schedule.s3);
      expect((await report(admin, 'agendamentosold')).count).toBe(4);
    } finally {
      await setting('userContactWallet', 'disabled');
      await withTenant(h.app.platform.db, s.a.tenantId, (scope) =>
        scope.delete(contactWallets, eq(contactWallets.userId, s.supVendas.userId)),
      );
    }
  });
});

describe('ligacoes', () => {
  it('lists the calls of the period (rows written directly: nothing writes calls yet)', async () => {
    const body = await report(admin, 'ligacoes');
    expect(col(body, 'callId')).toEqual([s.call.c1, s.call.c2, s.call.c3]);
    expect(body.rows[0]).toEqual({
      callId: s.call.c1,
      startedAt: '2026-02-05T13:30:00.000Z',
      direction: 'in',
      status: 'answered',
      contact: 'Ana',
      number: '5511987650001',
      agent: 'Agente Um',
      channel: 'WhatsApp Loja',
      protocol: '20260205000001',
      durationSeconds: 125,
      hasRecording: true,
    });
    expect(body.rows[1]).toMatchObject({ protocol: null, durationSeconds: null, hasRecording: false, direction: 'out' });
    expect(body.totals).toEqual({
      byDirection: { in: 2, out: 1 },
      byStatus: [
        { status: 'answered', count: 2 },
        { status: 'missed', count: 1 },
      ],
    });
  });

  it('a supervisor of Vendas sees the calls of its tickets and those without a ticket', async () => {
    expect(col(await report(s.supVendas, 'ligacoes'), 'callId')).toEqual([s.call.c1, s.call.c2]);
    expect(col(await report(admin, 'ligacoes', `&userIds=${s.agent2.userId}`), 'callId')).toEqual([s.call.c2, s.call.c3]);
    expect(col(await report(admin, 'ligacoes', `&queueIds=${s.queue.suporte}`), 'callId')).toEqual([s.call.c3]);
  });
});

const SLUGS = ['avaliacoes', 'protocolos', 'anotacoes', 'agendamentosold', 'ligacoes'];

describe('the list reports: the checklist', () => {
  it('401 without a token', async () => {
    for (const slug of SLUGS) {
      expect((await h.request('GET', `/reports/${slug}?${FEB}`)).status).toBe(401);
      expect((await h.request('GET', `/reports/${slug}/export?${FEB}`)).status).toBe(401);
    }
  });

  it('a bad period is ERR_VALIDATION', async () => {
    for (const slug of SLUGS) {
      for (const q of ['', 'from=2026-02-10&to=2026-02-01', 'from=2025-01-01&to=2026-02-28', 'from=2026-02-30&to=2026-03-01']) {
        const res = await get(h, admin, `/reports/${slug}?${q}`);
        expect(res.status, `${slug} ${q}`).toBe(400);
        expect(res.body.error).toBe('ERR_VALIDATION');
      }
    }
  });

  it("a plain user gets ERR_NO_PERMISSION; the other company's ids answer 404", async () => {
    for (const slug of SLUGS) {
      const user = await get(h, s.agent1, `/reports/${slug}?${FEB}`);
      expect(user.status).toBe(403);
      expect(user.body.error).toBe('ERR_NO_PERMISSION');
      const b = s.b.admin;
      const cases: [string, string][] = [
        [`queueIds=${s.queue.vendas}`, 'ERR_NO_QUEUE_FOUND'],
        [`userIds=${s.agent1.userId}`, 'ERR_NO_USER_FOUND'],
        [`channelIds=${s.channel.a}`, 'ERR_NO_WAPP_FOUND'],
        [`tagIds=${s.tag.vip}`, 'ERR_NO_TAG_FOUND'],
      ];
      for (const [q, code] of cases) {
        const res = await get(h, b, `/reports/${slug}?${FEB}&${q}`);
        expect(res.status, `${slug} ${q}`).toBe(404);
        expect(res.body.error).toBe(code);
      }
      // Company A's admin with B's queue: 404 too.
      expect((await get(h, admin, `/reports/${slug}?${FEB}&queueIds=${s.queue.other}`)).status).toBe(404);
    }
  });

  it("each company sees its own rows only", async () => {
    const b = s.b.admin;
    expect((await report(b, 'avaliacoes')).totals).toMatchObject({ count: 1, average: 5 });
    expect(col(await report(b, 'protocolos'), 'contact')).toEqual(['Zeca']);
    expect(col(await report(b, 'anotacoes'), 'note')).toEqual(['Nota de B']);
    expect(col(await report(b, 'agendamentosold'), 'message')).toEqual(['Agendamento de B']);
    expect(col(await report(b, 'ligacoes'), 'contact')).toEqual(['Zeca']);
    for (const slug of SLUGS) {
      const names = JSON.stringify((await report(admin, slug)).rows);
      expect(names).not.toContain('Zeca');
    }
  });
});

describe("another agent's private ticket", () => {
  it('hides its rating, protocol, notes, schedules and calls from the admin until it is not private', async () => {
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(SLUGS.map(async (slug) => [slug, (await report(admin, slug)).count] as const)),
      );
    const before = await counts();
    const ids = await withTenant(h.app.platform.db, s.a.tenantId, async (scope) => {
      const t = await scope.insert(tickets, {
        contactId: s.contact.eva,
        channelId: s.channel.a,
        queueId: s.queue.suporte,
        userId: s.agent2.userId,
        protocol: '20260215000009',
        status: 'closed',
        isPrivate: true,
        createdAt: new Date('2026-02-15T12:00:00Z'),
        closedAt: new Date('2026-02-15T13:00:00Z'),
        rating: 5,
        ratedAt: new Date('2026-02-15T13:05:00Z'),
      });
      await scope.insert(ticketNotes, { ticketId: t.id, userId: s.agent2.userId, body: 'Privada', createdAt: new Date('2026-02-15T12:30:00Z') });
      await scope.insert(schedules, { ticketId: t.id, contactId: s.contact.eva, userId: s.agent2.userId, body: 'Privado', sendAt: new Date('2026-02-16T12:00:00Z') });
      const c = await scope.insert(callLogs, { ticketId: t.id, contactId: s.contact.eva, userId: s.agent2.userId, direction: 'in', status: 'answered', startedAt: new Date('2026-02-15T12:10:00Z') });
      return { ticket: t.id, call: c.id };
    });
    try {
      expect(await counts()).toEqual(before);
      await withTenant(h.app.platform.db, s.a.tenantId, (scope) => scope.update(tickets, { isPrivate: false }, eq(tickets.id, ids.ticket)));
      const after = await counts();
      for (const slug of SLUGS) expect(after[slug], slug).toBe(before[slug]! + 1);
    } finally {
      await withTenant(h.app.platform.db, s.a.tenantId, async (scope) => {
        await scope.delete(callLogs, eq(callLogs.id, ids.call));
        await scope.delete(tickets, eq(tickets.id, ids.ticket));
      });
    }
  });
});
