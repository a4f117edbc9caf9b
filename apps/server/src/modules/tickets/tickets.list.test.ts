import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, tickets } from '../../platform/db/schema.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { ticketFactories } from './test-factories.js';

let h: Harness;
let a: Company;
let agent: Session;
let f: ReturnType<typeof ticketFactories>;
let queue: number;
let otherQueue: number;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const ids = (res: { body: { tickets: { id: number }[] } }) => res.body.tickets.map((t) => t.id);
/** `n` contacts named `${name} ${i}`, numbered `${prefix}` plus nine digits, in one insert. */
const manyContacts = (fc: ReturnType<typeof ticketFactories>, n: number, name: string, prefix: string) =>
  fc.run((s) =>
    s.insert(
      contacts,
      Array.from({ length: n }, (_, i) => ({ name: `${name} ${i}`, number: `${prefix}${String(i).padStart(9, '0')}` })),
    ),
  );

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  f = ticketFactories(h.app.platform.db, a.tenantId);
  queue = (await f.queue()).id;
  otherQueue = (await f.queue()).id;
  agent = await h.user(a, 'user', { queueIds: [queue] });
});
afterAll(() => h.close());

describe('GET /tickets', () => {
  it('defaults to open and pending, newest activity first, paged by the tenant setting', async () => {
    const older = await f.ticket({ queueId: queue, status: 'pending', lastMessageAt: minutesAgo(30) });
    const newer = await f.ticket({
      queueId: queue,
      status: 'open',
      userId: agent.userId,
      lastMessageAt: minutesAgo(1),
    });
    const middle = await f.ticket({ queueId: queue, status: 'pending', lastMessageAt: minutesAgo(10) });
    const closed = await f.ticket({ queueId: queue, status: 'closed', lastMessageAt: minutesAgo(0) });
    const hidden = await f.ticket({ queueId: otherQueue, status: 'pending' });
    const all = await h.request('GET', '/tickets', { token: agent.token });
    expect(all.status).toBe(200);
    expect(ids(all)).toEqual([newer.id, middle.id, older.id]);
    expect(all.body).toMatchObject({ count: 3, hasMore: false });
    expect(ids(all)).not.toContain(closed.id);
    expect(ids(all)).not.toContain(hidden.id);

    const closedTab = await h.request('GET', '/tickets?status=closed', { token: agent.token });
    expect(ids(closedTab)).toEqual([closed.id]);
  });

  it('pages by the tenant setting, in a total order that never repeats or skips a row', async () => {
    const c = await h.company();
    const fc = ticketFactories(h.app.platform.db, c.tenantId);
    const same = minutesAgo(5);
    // Equal activity times: the id breaks the tie.
    const made = [];
    for (let i = 0; i < 7; i++)
      made.push(
        (await fc.ticket({ status: i % 2 ? 'open' : 'pending', lastMessageAt: i < 4 ? same : minutesAgo(60 + i) })).id,
      );
    await h.request('PUT', '/settings/TicketsLimitOpen', { token: c.admin.token, body: { value: '5' } });
    await h.request('PUT', '/settings/TicketsLimitPending', { token: c.admin.token, body: { value: '5' } });
    const p1 = await h.request('GET', '/tickets?pageNumber=1', { token: c.admin.token });
    const p2 = await h.request('GET', '/tickets?pageNumber=2', { token: c.admin.token });
    expect(p1.body).toMatchObject({ count: 7, hasMore: true });
    expect(p2.body).toMatchObject({ count: 7, hasMore: false });
    expect([...ids(p1), ...ids(p2)]).toEqual([made[3], made[2], made[1], made[0], made[4], made[5], made[6]]);
  });

  it('admins see other queues only with showAll', async () => {
    const t = await f.ticket({ queueId: otherQueue, status: 'pending' });
    expect(ids(await h.request('GET', '/tickets', { token: a.admin.token }))).not.toContain(t.id);
    expect(ids(await h.request('GET', '/tickets?showAll=true', { token: a.admin.token }))).toContain(t.id);
    expect(ids(await h.request('GET', '/tickets?showAll=true', { token: agent.token }))).not.toContain(t.id);
  });

  it('searches contact name, number and protocol', async () => {
    const c = await f.contact({ name: 'Zuleica Prado', number: '5531987650001' });
    const t = await f.ticket({ contactId: c.id, queueId: queue, protocol: '20990101000777' });
    for (const q of ['zuleica', 'PRADO', '87650001', '20990101000777', '2099010100']) {
      expect(ids(await h.request('GET', `/tickets?searchParam=${q}`, { token: agent.token })), q).toEqual([t.id]);
    }
    expect(ids(await h.request('GET', '/tickets?searchParam=%25', { token: agent.token }))).toEqual([]);
  });

  it('filters: tags, unread, unassigned, channel, user, chatbot and group tabs', async () => {
    const tag = await f.tag();
    const tagged = await f.ticket({ queueId: queue, unreadMessages: 3 });
    await f.tagContact(tagged.contactId, tag.id);
    const mine = await f.ticket({ queueId: queue, status: 'open', userId: agent.userId });
    const bot = await f.ticket({ queueId: queue, chatFlowId: 4 });
    const group = await f.ticket({ queueId: queue, isGroup: true });
    const q = (s: string) => h.request('GET', `/tickets?${s}`, { token: agent.token }).then(ids);
    expect(await q(`tagsIds=${tag.id}`)).toEqual([tagged.id]);
    expect(await q('withUnreadMessages=true')).toEqual([tagged.id]);
    expect(await q('isNotAssignedUser=true')).not.toContain(mine.id);
    expect(await q(`whatsappIds=${mine.channelId}`)).toEqual([mine.id]);
    const byUser = await h.request('GET', `/tickets?showAll=true&useradmId=${agent.userId}`, { token: a.admin.token });
    expect(ids(byUser)).toContain(mine.id);
    expect(byUser.body.tickets.every((t: { userId: number }) => t.userId === agent.userId)).toBe(true);
    expect(await q('chatbot=true')).toEqual([bot.id]);
    expect(await q('chatbot=false')).not.toContain(bot.id);
    expect(await q('isGroup=true')).toEqual([group.id]);
    expect(await q('tagsIds=99999999999')).toEqual([]);
  });

  it('counts per tab what the caller may see', async () => {
    const c = await h.company();
    const fc = ticketFactories(h.app.platform.db, c.tenantId);
    const q1 = (await fc.queue()).id;
    const ag = await h.user(c, 'user', { queueIds: [q1] });
    await fc.ticket({ queueId: q1, status: 'open', userId: ag.userId });
    await fc.ticket({ queueId: q1, status: 'pending' });
    await fc.ticket({ queueId: q1, status: 'pending', chatFlowId: 1 });
    await fc.ticket({ queueId: q1, status: 'pending', isGroup: true });
    await fc.ticket({ queueId: q1, status: 'closed' });
    await fc.ticket({ queueId: (await fc.queue()).id, status: 'pending' });
    expect((await h.request('GET', '/user/counttickets', { token: ag.token })).body).toEqual({
      open: 1,
      pending: 2,
      chatbot: 1,
      groups: 1,
    });
    expect((await h.request('GET', '/user/counttickets', { token: c.admin.token })).body).toEqual({
      open: 1,
      pending: 3,
      chatbot: 1,
      groups: 1,
    });
    await h.request('PUT', '/settings/NotViewTicketsChatBot', { token: c.admin.token, body: { value: 'enabled' } });
    expect((await h.request('GET', '/user/counttickets', { token: ag.token })).body).toMatchObject({
      chatbot: 0,
      pending: 2,
    });
  });

  it('a common search term and a long list: still matched, the count stops at 1,000', async () => {
    const c = await h.company();
    const fc = ticketFactories(h.app.platform.db, c.tenantId);
    const channel = await fc.channel();
    const people = await manyContacts(fc, 1_005, 'Maria Comum', '5521');
    await fc.run((s) =>
      s.insert(
        tickets,
        people.map((p, i) => ({
          contactId: p.id,
          channelId: channel.id,
          status: 'closed' as const,
          protocol: `P${i}`,
          lastMessageAt: minutesAgo(i),
        })),
      ),
    );
    const res = await h.request('GET', '/tickets?status=closed&searchParam=maria%20comum', { token: c.admin.token });
    expect(res.body).toMatchObject({ count: 1_000, hasMore: true });
    expect(res.body.tickets[0].contact.name).toBe('Maria Comum 0');
    const one = await h.request('GET', '/tickets?status=closed&searchParam=Comum%201004', { token: c.admin.token });
    expect(one.body.tickets.map((t: { contact: { name: string } }) => t.contact.name)).toEqual(['Maria Comum 1004']);
  });

  it('the count of open and pending together is exact below 1,000 and stops there above it', async () => {
    const c = await h.company();
    const fc = ticketFactories(h.app.platform.db, c.tenantId);
    const channel = await fc.channel();
    const people = await manyContacts(fc, 1_100, 'Pessoa', '5531');
    const make = (from: number, to: number, status: 'open' | 'pending') =>
      fc.run((s) =>
        s.insert(
          tickets,
          people.slice(from, to).map((p, i) => ({
            contactId: p.id,
            channelId: channel.id,
            status,
            protocol: `C${from + i}`,
            lastMessageAt: minutesAgo(from + i),
          })),
        ),
      );
    await make(0, 450, 'open');
    await make(450, 900, 'pending');
    const below = await h.request('GET', '/tickets?status=open&status=pending', { token: c.admin.token });
    expect(below.body).toMatchObject({ count: 900, hasMore: true });
    await make(900, 1_100, 'pending');
    const above = await h.request('GET', '/tickets?status=open&status=pending', { token: c.admin.token });
    expect(above.body).toMatchObject({ count: 1_000, hasMore: true });
    expect(above.body.tickets[0].protocol).toBe('C0');
  });

  it('an empty status list is refused with ERR_NO_STATUS_SELECTED', async () => {
    expect((await h.request('GET', '/tickets?status=', { token: agent.token })).body).toEqual({
      error: 'ERR_NO_STATUS_SELECTED',
    });
  });
});
