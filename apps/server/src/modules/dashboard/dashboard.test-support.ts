/**
 * The dashboard's known story: tickets with customer, bot and agent messages at known times, in
 * America/Sao_Paulo (UTC-3), around the period 2026-03-10..2026-03-11 (README "Dashboard" has
 * the definitions; dashboard.routes.test.ts the numbers they give).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { messages, tickets } from '../../platform/db/schema.js';
import { MIGRATIONS_DIR } from '../../platform/db/client.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import type { Company, Harness, Session } from '../../test/harness.js';
import { ticketFactories } from '../tickets/test-factories.js';

const at = (iso: string) => new Date(iso);

interface StoryTicket {
  queue: 'q1' | 'q2';
  channel: 'c1' | 'c2';
  user: 'agent1' | 'agent2' | null;
  created: string;
  status: 'open' | 'pending' | 'closed';
  closed?: string;
  rating?: number;
  /** [time, who]: 'in' the customer, 'bot' an automatic text, else the agent who wrote. */
  messages: [string, 'in' | 'bot' | 'agent1' | 'agent2'][];
}

export const STORY: Record<string, StoryTicket> = {
  // Answered in 5 min by agent1, closed an hour after creation, rated 5.
  t1: {
    queue: 'q1',
    channel: 'c1',
    user: 'agent1',
    created: '2026-03-10T12:00:00Z',
    status: 'closed',
    closed: '2026-03-10T13:00:00Z',
    rating: 5,
    messages: [
      ['2026-03-10T12:00:00Z', 'in'],
      ['2026-03-10T12:05:00Z', 'agent1'],
    ],
  },
  // The bot answers first (not a first response); agent1 at 20 min, then transferred to agent2.
  t2: {
    queue: 'q1',
    channel: 'c1',
    user: 'agent2',
    created: '2026-03-10T14:00:00Z',
    status: 'open',
    messages: [
      ['2026-03-10T14:00:00Z', 'in'],
      ['2026-03-10T14:01:00Z', 'bot'],
      ['2026-03-10T14:20:00Z', 'agent1'],
      ['2026-03-10T14:40:00Z', 'agent2'],
    ],
  },
  // Created 23:30 local on the 10th (02:30 UTC on the 11th), closed 01:30 local on the 11th.
  t3: {
    queue: 'q2',
    channel: 'c2',
    user: 'agent2',
    created: '2026-03-11T02:30:00Z',
    status: 'closed',
    closed: '2026-03-11T04:30:00Z',
    rating: 3,
    messages: [
      ['2026-03-11T02:30:00Z', 'in'],
      ['2026-03-11T02:40:00Z', 'agent2'],
    ],
  },
  // Closed once and reopened: open, no close time; a greeting went out before the agent wrote.
  t4: {
    queue: 'q2',
    channel: 'c2',
    user: 'agent1',
    created: '2026-03-11T15:00:00Z',
    status: 'open',
    messages: [
      ['2026-03-11T15:00:00Z', 'in'],
      ['2026-03-11T15:00:30Z', 'bot'],
      ['2026-03-11T15:30:00Z', 'agent1'],
    ],
  },
  // Created 23:59 local on the 9th (before the period), closed 00:30 local on the 10th, rated 4.
  t5: {
    queue: 'q1',
    channel: 'c1',
    user: 'agent1',
    created: '2026-03-10T02:59:00Z',
    status: 'closed',
    closed: '2026-03-10T03:30:00Z',
    rating: 4,
    messages: [
      ['2026-03-10T02:59:00Z', 'in'],
      ['2026-03-10T03:05:00Z', 'agent1'],
    ],
  },
  // Created at local midnight after the period: outside.
  t6: {
    queue: 'q1',
    channel: 'c1',
    user: null,
    created: '2026-03-12T03:00:00Z',
    status: 'pending',
    messages: [['2026-03-12T03:00:00Z', 'in']],
  },
  // The bot solved it and closed it: no first response, not needing one.
  t7: {
    queue: 'q1',
    channel: 'c1',
    user: null,
    created: '2026-03-11T10:00:00Z',
    status: 'closed',
    closed: '2026-03-11T10:10:00Z',
    messages: [
      ['2026-03-11T10:00:00Z', 'in'],
      ['2026-03-11T10:01:00Z', 'bot'],
    ],
  },
  // Never answered, still pending: needs an answer, misses the target.
  t8: {
    queue: 'q1',
    channel: 'c2',
    user: null,
    created: '2026-03-11T20:00:00Z',
    status: 'pending',
    messages: [['2026-03-11T20:00:00Z', 'in']],
  },
};

export interface Story {
  ids: Record<keyof typeof STORY, number>;
  q1: number;
  q2: number;
  c1: number;
  c2: number;
  agent1: Session;
  agent2: Session;
}

/** The story of STORY in company `c` (timezone set to America/Sao_Paulo), first responses backfilled. */
export async function seedStory(h: Harness, c: Company): Promise<Story> {
  const put = await h.request('PUT', '/tenants/timezone/', {
    token: c.admin.token,
    body: { timezone: 'America/Sao_Paulo' },
  });
  if (put.status !== 200) throw new Error(`timezone: ${put.status}`);
  const f = ticketFactories(h.app.platform.db, c.tenantId);
  const [q1, q2, c1, c2] = [(await f.queue()).id, (await f.queue()).id, (await f.channel()).id, (await f.channel()).id];
  const agent1 = await h.user(c, 'user', { queueIds: [q1, q2] });
  const agent2 = await h.user(c, 'user', { queueIds: [q1, q2] });
  const ref = { q1, q2, c1, c2, agent1: agent1.userId, agent2: agent2.userId };
  // A contact made in the period without a ticket: not a new contact of the desk.
  await f.contact({ createdAt: at('2026-03-10T15:00:00Z') });
  const ids = {} as Story['ids'];
  for (const [key, t] of Object.entries(STORY)) {
    const contact = await f.contact({ createdAt: at(t.created) });
    const row = await f.ticket({
      contactId: contact.id,
      channelId: ref[t.channel],
      queueId: ref[t.queue],
      userId: t.user ? ref[t.user] : null,
      status: t.status,
      createdAt: at(t.created),
      closedAt: t.closed ? at(t.closed) : null,
      rating: t.rating ?? null,
      ratedAt: t.rating && t.closed ? at(t.closed) : null,
    });
    ids[key as keyof typeof STORY] = row.id;
    await f.run((s) =>
      s.insert(
        messages,
        t.messages.map(([when, who]) => ({
          ticketId: row.id,
          contactId: contact.id,
          channelId: ref[t.channel],
          fromMe: who !== 'in',
          userId: who === 'agent1' || who === 'agent2' ? ref[who] : null,
          body: `${key} ${who}`,
          status: 'read' as const,
          createdAt: at(when),
        })),
      ),
    );
  }
  await backfillFirstResponses(h);
  return { ids, q1, q2, c1, c2, agent1, agent2 };
}

/** Runs migration 0030's backfill (its UPDATE statement) again, over every ticket. */
export async function backfillFirstResponses(h: Harness): Promise<void> {
  const file = readFileSync(path.join(MIGRATIONS_DIR, '0030_dashboard_first_response.sql'), 'utf8');
  const update = file.split('--> statement-breakpoint').find((s) => s.trim().startsWith('UPDATE'));
  if (!update) throw new Error('0030 has no backfill');
  await unsafeSystemDb(h.app.platform.db).execute(sql.raw(update));
}

export const firstResponseOf = (h: Harness, c: Company, id: number) =>
  ticketFactories(h.app.platform.db, c.tenantId).run(async (s) => {
    const rows = await s.select(tickets, sql`${tickets.id} = ${id}`);
    return rows[0]?.firstResponseAt ?? null;
  });
