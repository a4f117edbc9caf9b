/**
 * The service reports' known story (estatisticas-atendimentos-usuarios, relatorio-tickets):
 * company A in America/Sao_Paulo (UTC-3), period 2026-03-10..2026-03-11 = [03-10 03:00Z,
 * 03-12 03:00Z). Tickets carry the log rows the desk's commands write (accept 'open', transfer
 * 'transfered' + 'receivedTransfer', the bot's 'userDefine', close 'closed', reopen, the automatic
 * close 'autoClose'), their messages, and first responses backfilled as migrations 0030 and 0031
 * do. Company B, in UTC, has its own agent at work in the same days and must never show.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { messages, ticketLogs, users } from '../../platform/db/schema.js';
import { MIGRATIONS_DIR } from '../../platform/db/client.js';
import { unsafeSystemDb, withTenant } from '../../platform/db/tenant-scope.js';
import type { Company, Harness, Session } from '../../test/harness.js';
import { ticketFactories } from '../tickets/test-factories.js';

type Who = 'ana' | 'bruno';
type LogType = 'create' | 'open' | 'transfered' | 'receivedTransfer' | 'userDefine' | 'closed' | 'reopen' | 'autoClose';

interface StoryTicket {
  queue: 'q1' | 'q2';
  channel: 'c1' | 'c2';
  /** The ticket's agent now. */
  user: Who | null;
  created: string;
  status: 'open' | 'pending' | 'closed';
  closed?: string;
  rating?: [number, string];
  vip?: boolean;
  /** [time, type, by]: the ticket log. */
  logs: [string, LogType, Who | null, Record<string, unknown>?][];
  /** [time, who]: 'in' the customer, 'bot' an automatic text, else the agent who wrote. */
  messages: [string, 'in' | 'bot' | Who][];
}

export const SERVICE_STORY: Record<string, StoryTicket> = {
  // Ana accepts and answers in 5 min, transfers to Bruno, who closes an hour after creation; rated 5.
  t1: {
    queue: 'q1',
    channel: 'c1',
    user: 'bruno',
    created: '2026-03-10T12:00:00Z',
    status: 'closed',
    closed: '2026-03-10T13:00:00Z',
    rating: [5, '2026-03-10T13:05:00Z'],
    logs: [
      ['2026-03-10T12:00:00Z', 'create', null],
      ['2026-03-10T12:02:00Z', 'open', 'ana'],
      ['2026-03-10T12:30:00Z', 'transfered', 'ana'],
      ['2026-03-10T12:30:00Z', 'receivedTransfer', 'bruno'],
      ['2026-03-10T13:00:00Z', 'closed', 'bruno'],
    ],
    messages: [
      ['2026-03-10T12:00:00Z', 'in'],
      ['2026-03-10T12:05:00Z', 'ana'],
      ['2026-03-10T12:40:00Z', 'bruno'],
    ],
  },
  // The bot gives it to Ana (a greeting first), she closes it; Bruno reopens it to himself on the 11th.
  t2: {
    queue: 'q1',
    channel: 'c1',
    user: 'bruno',
    created: '2026-03-10T14:00:00Z',
    status: 'open',
    logs: [
      ['2026-03-10T14:00:00Z', 'create', null],
      ['2026-03-10T14:01:00Z', 'userDefine', 'ana'],
      ['2026-03-10T15:00:00Z', 'closed', 'ana'],
      ['2026-03-11T10:00:00Z', 'reopen', 'bruno', { status: 'open' }],
    ],
    messages: [
      ['2026-03-10T14:00:00Z', 'in'],
      ['2026-03-10T14:01:00Z', 'bot'],
      ['2026-03-10T14:10:00Z', 'ana'],
    ],
  },
  // The bot solves and closes it (a close without a user); the contact is VIP.
  t3: {
    queue: 'q2',
    channel: 'c2',
    user: null,
    created: '2026-03-10T16:00:00Z',
    status: 'closed',
    closed: '2026-03-10T16:05:00Z',
    vip: true,
    logs: [
      ['2026-03-10T16:00:00Z', 'create', null],
      ['2026-03-10T16:05:00Z', 'closed', null],
    ],
    messages: [
      ['2026-03-10T16:00:00Z', 'in'],
      ['2026-03-10T16:01:00Z', 'bot'],
    ],
  },
  // 23:30 of the 10th in São Paulo (02:30Z on the 11th): Bruno takes it, closes at 00:30 of the 11th; rated 3.
  t4: {
    queue: 'q2',
    channel: 'c2',
    user: 'bruno',
    created: '2026-03-11T02:30:00Z',
    status: 'closed',
    closed: '2026-03-11T03:30:00Z',
    rating: [3, '2026-03-11T03:35:00Z'],
    logs: [
      ['2026-03-11T02:30:00Z', 'create', null],
      ['2026-03-11T02:35:00Z', 'open', 'bruno'],
      ['2026-03-11T03:30:00Z', 'closed', 'bruno'],
    ],
    messages: [
      ['2026-03-11T02:30:00Z', 'in'],
      ['2026-03-11T02:45:00Z', 'bruno'],
    ],
  },
  // 00:30 of the 12th in São Paulo: after the period, everything in it outside.
  t5: {
    queue: 'q1',
    channel: 'c1',
    user: 'ana',
    created: '2026-03-12T03:30:00Z',
    status: 'closed',
    closed: '2026-03-12T04:00:00Z',
    rating: [1, '2026-03-12T04:05:00Z'],
    logs: [
      ['2026-03-12T03:30:00Z', 'create', null],
      ['2026-03-12T03:40:00Z', 'open', 'ana'],
      ['2026-03-12T04:00:00Z', 'closed', 'ana'],
    ],
    messages: [
      ['2026-03-12T03:30:00Z', 'in'],
      ['2026-03-12T03:45:00Z', 'ana'],
    ],
  },
  // Created and taken before the period; Ana closes it in the period (17 h after creation); rated 2.
  t6: {
    queue: 'q1',
    channel: 'c1',
    user: 'ana',
    created: '2026-03-09T20:00:00Z',
    status: 'closed',
    closed: '2026-03-10T13:00:00Z',
    rating: [2, '2026-03-10T13:10:00Z'],
    logs: [
      ['2026-03-09T20:00:00Z', 'create', null],
      ['2026-03-09T20:05:00Z', 'open', 'ana'],
      ['2026-03-10T13:00:00Z', 'closed', 'ana'],
    ],
    messages: [
      ['2026-03-09T20:00:00Z', 'in'],
      ['2026-03-09T20:10:00Z', 'ana'],
    ],
  },
  // Never answered, still pending.
  t7: {
    queue: 'q1',
    channel: 'c1',
    user: null,
    created: '2026-03-11T12:00:00Z',
    status: 'pending',
    logs: [['2026-03-11T12:00:00Z', 'create', null]],
    messages: [['2026-03-11T12:00:00Z', 'in']],
  },
  // Ana answers after 29 min (over the 15-minute target); the customer goes silent, the automatic close.
  t8: {
    queue: 'q1',
    channel: 'c1',
    user: 'ana',
    created: '2026-03-11T13:00:00Z',
    status: 'closed',
    closed: '2026-03-11T20:00:00Z',
    logs: [
      ['2026-03-11T13:00:00Z', 'create', null],
      ['2026-03-11T13:01:00Z', 'open', 'ana'],
      ['2026-03-11T20:00:00Z', 'autoClose', 'ana'],
    ],
    messages: [
      ['2026-03-11T13:00:00Z', 'in'],
      ['2026-03-11T13:29:00Z', 'ana'],
    ],
  },
};

export interface ServiceStory {
  a: Company;
  b: Company;
  ana: Session;
  bruno: Session;
  /** Company B's agent. */
  zeca: Session;
  ids: Record<keyof typeof SERVICE_STORY, number>;
  q1: number;
  q2: number;
  c1: number;
  c2: number;
  vip: number;
  /** Company B's queue, channel and tag. */
  other: { queue: number; channel: number; tag: number; ticket: number };
}

const at = (iso: string) => new Date(iso);

export async function seedServiceStory(h: Harness): Promise<ServiceStory> {
  const a = await h.company();
  const b = await h.company();
  for (const [c, timezone] of [
    [a, 'America/Sao_Paulo'],
    [b, 'UTC'],
  ] as const) {
    const put = await h.request('PUT', '/tenants/timezone/', { token: c.admin.token, body: { timezone } });
    if (put.status !== 200) throw new Error(`timezone: ${put.status}`);
  }
  const f = ticketFactories(h.app.platform.db, a.tenantId);
  const [q1, q2, c1, c2] = [(await f.queue()).id, (await f.queue()).id, (await f.channel()).id, (await f.channel()).id];
  const vip = (await f.tag({ name: 'VIP' })).id;
  const ana = await h.user(a, 'user', { queueIds: [q1, q2] });
  const bruno = await h.user(a, 'user', { queueIds: [q1, q2] });
  await f.run(async (s) => {
    await s.update(users, { name: 'Ana Lima' }, eq(users.id, ana.userId));
    await s.update(users, { name: 'Bruno Reis' }, eq(users.id, bruno.userId));
  });
  const ref = { q1, q2, c1, c2, ana: ana.userId, bruno: bruno.userId };
  const ids = {} as ServiceStory['ids'];
  let n = 0;
  for (const [key, t] of Object.entries(SERVICE_STORY)) {
    n += 1;
    const contact = await f.contact({ name: `Cliente ${key}`, number: `55119000000${n}${n}` });
    if (t.vip) await f.tagContact(contact.id, vip);
    const row = await f.ticket({
      contactId: contact.id,
      channelId: ref[t.channel],
      queueId: ref[t.queue],
      userId: t.user ? ref[t.user] : null,
      status: t.status,
      protocol: `2026031000${n}`,
      createdAt: at(t.created),
      closedAt: t.closed ? at(t.closed) : null,
      rating: t.rating?.[0] ?? null,
      ratedAt: t.rating ? at(t.rating[1]) : null,
    });
    ids[key as keyof typeof SERVICE_STORY] = row.id;
    await f.run(async (s) => {
      await s.insert(
        ticketLogs,
        t.logs.map(([when, type, by, payload]) => ({
          ticketId: row.id,
          type,
          userId: by ? ref[by] : null,
          queueId: ref[t.queue],
          payload: payload ?? null,
          createdAt: at(when),
        })),
      );
      await s.insert(
        messages,
        t.messages.map(([when, who]) => ({
          ticketId: row.id,
          contactId: contact.id,
          channelId: ref[t.channel],
          fromMe: who !== 'in',
          userId: who === 'ana' || who === 'bruno' ? ref[who] : null,
          body: `${key} ${who}`,
          status: 'read' as const,
          createdAt: at(when),
        })),
      );
    });
  }
  // Company B: its agent takes, answers and closes a ticket in the same days; a rating too.
  const fb = ticketFactories(h.app.platform.db, b.tenantId);
  const zeca = await h.user(b, 'user');
  const other = { queue: (await fb.queue()).id, channel: (await fb.channel()).id, tag: (await fb.tag()).id, ticket: 0 };
  const bt = await fb.ticket({
    queueId: other.queue,
    channelId: other.channel,
    userId: zeca.userId,
    status: 'closed',
    createdAt: at('2026-03-10T12:00:00Z'),
    closedAt: at('2026-03-10T12:30:00Z'),
    rating: 1,
    ratedAt: at('2026-03-10T12:35:00Z'),
  });
  other.ticket = bt.id;
  await withTenant(h.app.platform.db, b.tenantId, async (s) => {
    await s.insert(ticketLogs, [
      { ticketId: bt.id, type: 'open', userId: zeca.userId, createdAt: at('2026-03-10T12:01:00Z') },
      { ticketId: bt.id, type: 'closed', userId: zeca.userId, createdAt: at('2026-03-10T12:30:00Z') },
    ]);
    await s.insert(messages, {
      ticketId: bt.id,
      contactId: bt.contactId,
      channelId: other.channel,
      fromMe: true,
      userId: zeca.userId,
      body: 'b',
      status: 'read',
      createdAt: at('2026-03-10T12:02:00Z'),
    });
  });
  await backfillFirstResponders(h);
  return { a, b, ana, bruno, zeca, ids, q1, q2, c1, c2, vip, other };
}

/** Runs the backfills of migrations 0030 (first response time) and 0031 (its agent) again, over every ticket. */
export async function backfillFirstResponders(h: Harness): Promise<void> {
  for (const file of ['0030_dashboard_first_response.sql', '0033_report_service.sql']) {
    const text = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    const update = text.split('--> statement-breakpoint').find((s) => s.trim().startsWith('UPDATE'));
    if (!update) throw new Error(`${file} has no backfill`);
    await unsafeSystemDb(h.app.platform.db).execute(sql.raw(update));
  }
}

export const PERIOD = 'from=2026-03-10&to=2026-03-11';

export const get = (h: Harness, s: Session | undefined, path: string) =>
  h.request('GET', path, s ? { token: s.token } : {});
