/**
 * SECURITY: the ticket list is the one caller of runMemo's inline option (its filter's values are
 * written into the SQL text, tenant-scope.ts inlineParams); with a search it runs with parameters.
 * Property test over arbitrary query strings through the real route, for an admin and for an
 * agent limited to one queue (two SQL shapes): never a 500, and never a row of another company,
 * even when the filter names the other company's queues, tags, channels and users, and when the
 * search is a name both companies' contacts share.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_STATUSES } from '@prosa/contracts';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { contactTags, contacts, tickets } from '../../platform/db/schema.js';
import { ticketFactories } from './test-factories.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 120);

/** Contact names both companies have: a search for them must find only the viewer's own. */
const NAMES = [
  "O'Brien",
  'Maria José',
  '100% café',
  'a_b',
  'back\\slash',
  '😀 emoji',
  '-- dash',
  "x'; drop table tickets; --",
];

interface Side {
  company: Company;
  queues: number[];
  tags: number[];
  channels: number[];
  tickets: Set<number>;
}

let h: Harness;
let a: Side;
let b: Side;
let agent: Session;

async function side(): Promise<Side> {
  const company = await h.company();
  const f = ticketFactories(h.app.platform.db, company.tenantId);
  const queues = [(await f.queue()).id, (await f.queue()).id];
  const tags = [(await f.tag()).id, (await f.tag()).id];
  const channels = [(await f.channel()).id, (await f.channel({ type: 'telegram' })).id];
  // Every name in every status, in two inserts (contacts, then tickets).
  const rows = NAMES.flatMap((name) => TICKET_STATUSES.map((status) => ({ name, status })));
  const people = await f.run((s) =>
    s.insert(
      contacts,
      rows.map((r, i) => ({
        name: `${r.name} ${i}`,
        number: `5511${String(company.tenantId).padStart(3, '0')}${String(i).padStart(6, '0')}`,
      })),
    ),
  );
  await f.run((s) =>
    s.insert(
      contactTags,
      people.filter((_, i) => i % 3 === 0).map((p, i) => ({ contactId: p.id, tagId: tags[i % 2]! })),
    ),
  );
  const made = await f.run((s) =>
    s.insert(
      tickets,
      rows.map((r, i) => ({
        contactId: people[i]!.id,
        channelId: channels[i % 2]!,
        status: r.status,
        protocol: `P${company.tenantId}-${i}`,
        lastMessageAt: new Date(Date.now() - i * 60_000),
        queueId: i % 4 === 3 ? null : queues[i % 2]!,
        userId: i % 2 ? company.admin.userId : null,
        isGroup: i % 5 === 0,
        unreadMessages: i % 3,
      })),
    ),
  );
  const ids = new Set(made.map((t) => t.id));
  return { company, queues, tags, channels, tickets: ids };
}

beforeAll(async () => {
  h = await startHarness();
  a = await side();
  b = await side();
  agent = await h.user(a.company, 'user', { queueIds: [a.queues[0]!] });
}, 120_000);
afterAll(() => h.close());

const id = () =>
  fc.oneof(
    fc.constantFrom(...a.queues, ...a.tags, ...a.channels, ...b.queues, ...b.tags, ...b.channels),
    fc.integer(),
    fc.constantFrom(0, -1, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER),
  );
/** Mostly valid values (the query reaches the SQL), sometimes anything (a 400). */
const mostly = <T>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: valid, weight: 19 }, { arbitrary: other, weight: 1 });
const bool = () => mostly<string>(fc.constantFrom('true', 'false'), fc.string({ maxLength: 5 }));
const search = () =>
  fc.oneof(
    { arbitrary: fc.constant(''), weight: 3 },
    fc.constantFrom(...NAMES, "'", '%', '_', '\\', '55', '5511', '  ', 'P', '\u0000', 'a\u0000b'),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
const statusList = () =>
  mostly(
    fc.subarray([...TICKET_STATUSES], { minLength: 1 }).map((s) => s.join(',')),
    fc.string({ maxLength: 12 }),
  );

/** `arb`, or absent (weight `absent` to 1): narrow filters stay rare enough for pages to have rows. */
const maybe = <T>(arb: fc.Arbitrary<T>, absent = 3) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: absent }, { arbitrary: arb, weight: 1 });

/** An arbitrary attendance filter as a query string. */
const query = () =>
  fc
    .record({
      searchParam: maybe(search(), 1),
      status: maybe(statusList(), 1),
      pageNumber: maybe(
        mostly<number | string>(fc.integer({ min: 1, max: 3 }), fc.oneof(fc.integer(), fc.string({ maxLength: 4 }))),
      ),
      showAll: maybe(bool(), 1),
      queuesIds: maybe(fc.array(id(), { maxLength: 4 }).map((x) => x.join(','))),
      tagsIds: maybe(fc.array(id(), { maxLength: 3 }).map((x) => x.join(','))),
      whatsappIds: maybe(fc.array(id(), { maxLength: 3 }).map((x) => x.join(','))),
      useradmId: maybe(fc.oneof(id(), fc.constant(a.company.admin.userId), fc.constant(b.company.admin.userId))),
      withUnreadMessages: maybe(bool()),
      isNotAssignedUser: maybe(bool()),
      includeNotQueueDefined: maybe(bool()),
      chatbot: maybe(bool()),
      isGroup: maybe(bool()),
    })
    .map((r) =>
      new URLSearchParams(Object.entries(r).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString(),
    );

describe('GET /tickets with arbitrary filters and searches', () => {
  it('never fails with a 500 and never shows another company’s ticket', { timeout: 180_000 }, async () => {
    // The other company's tickets exist under every name searched here.
    expect(b.tickets.size).toBe(a.tickets.size);
    const viewers = [a.company.admin, agent];
    let listed = 0;
    let inline = 0;
    let rows = 0;
    await fc.assert(
      fc.asyncProperty(query(), fc.constantFrom(0, 1), async (qs, who) => {
        const res = await h.request('GET', `/tickets?${qs}`, { token: viewers[who]!.token });
        expect([200, 400]).toContain(res.status);
        if (res.status === 400) {
          // A malformed value, or an empty status list (SPEC §8: no status selected).
          expect(['ERR_VALIDATION', 'ERR_NO_STATUS_SELECTED']).toContain(res.body.error);
          return;
        }
        for (const t of res.body.tickets as { id: number }[]) {
          expect(a.tickets.has(t.id), `ticket ${t.id} is not company A's (query ${qs})`).toBe(true);
        }
        expect(res.body.count).toBeLessThanOrEqual(a.tickets.size);
        listed++;
        if (res.body.tickets.length) rows++;
        if (!new URLSearchParams(qs).get('searchParam')?.trim()) inline++;
      }),
      { numRuns: RUNS },
    );
    // Most runs reach the SQL, many of them the inline path (no search): the property is not
    // passed by validation errors alone.
    expect(listed).toBeGreaterThan(RUNS / 3);
    expect(inline).toBeGreaterThan(RUNS / 10);
    expect(rows).toBeGreaterThan(RUNS / 10);
  });

  it('finds its own tickets by the names both companies share', { timeout: 60_000 }, async () => {
    for (const name of NAMES) {
      const qs = new URLSearchParams({ searchParam: name, status: TICKET_STATUSES.join(','), showAll: 'true' });
      const res = await h.request('GET', `/tickets?${qs}`, { token: a.company.admin.token });
      expect(res.status).toBe(200);
      const found = (res.body.tickets as { id: number }[]).map((t) => t.id);
      expect(found.length, name).toBeGreaterThanOrEqual(TICKET_STATUSES.length);
      expect(found.every((t) => a.tickets.has(t))).toBe(true);
    }
    // A NUL, which no PostgreSQL text can hold, is no server error either.
    for (const term of ['\u0000', 'a\u0000b']) {
      const res = await h.request('GET', `/tickets?${new URLSearchParams({ searchParam: term })}`, {
        token: agent.token,
      });
      expect([200, 400]).toContain(res.status);
    }
  });
});
