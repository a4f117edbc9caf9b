// A user limited to some channels (SPEC §3 User "channels") sees, reads, counts, finds, starts and
// hears of tickets on those channels only; the limit holds for admins with showAll too.
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { ticketFactories } from './test-factories.js';

let h: Harness;
let a: Company;
let b: Company;
let fa: ReturnType<typeof ticketFactories>;
let queue: number;
let mine: number;
let other: number;
let agent: Session;
let admin: Session;
const t = { mine: 0, other: 0, otherName: '' };
const open: Socket[] = [];

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  fa = ticketFactories(h.app.platform.db, a.tenantId);
  queue = (await fa.queue()).id;
  mine = (await fa.channel()).id;
  other = (await fa.channel()).id;
  agent = await h.user(a, 'user', { queueIds: [queue] });
  admin = await h.user(a, 'admin');
  for (const u of [agent, admin]) {
    const res = await h.request('PUT', `/users/${u.userId}`, { token: a.admin.token, body: { channelIds: [mine] } });
    expect(res.status).toBe(200);
  }
  t.mine = (await fa.ticket({ status: 'pending', queueId: queue, channelId: mine })).id;
  const c = await fa.contact({ name: `Cliente de outra conexão ${Date.now()}` });
  t.otherName = c.name;
  t.other = (await fa.ticket({ status: 'pending', queueId: queue, channelId: other, contactId: c.id })).id;
});
afterAll(async () => {
  open.forEach((s) => s.close());
  await h.close();
});

const listIds = async (token: string, query = '') =>
  (await h.request('GET', `/tickets?status=open,pending,closed${query}`, { token })).body.tickets.map(
    (x: { id: number }) => x.id,
  ) as number[];

describe("a user's channels limit its tickets", () => {
  it('the list shows its channels only, for an agent and for an admin with showAll', async () => {
    expect(await listIds(agent.token)).toEqual([t.mine]);
    const adminList = await listIds(admin.token, '&showAll=true');
    expect(adminList).toContain(t.mine);
    expect(adminList).not.toContain(t.other);
    // Filtering by the other channel finds nothing; an unlimited admin sees both.
    expect(await listIds(admin.token, `&showAll=true&whatsappIds=${other}`)).toEqual([]);
    expect(await listIds(a.admin.token, '&showAll=true')).toEqual(expect.arrayContaining([t.mine, t.other]));
  });

  it('the counts and the search leave the other channel out', async () => {
    const counts = (await h.request('GET', '/user/counttickets', { token: agent.token })).body;
    expect(counts.pending).toBe(1);
    const unlimited = (await h.request('GET', '/user/counttickets', { token: a.admin.token })).body;
    expect(unlimited.pending).toBe(2);
    const q = `&showAll=true&searchParam=${encodeURIComponent(t.otherName)}`;
    expect(await listIds(admin.token, q)).toEqual([]);
    expect(await listIds(a.admin.token, q)).toEqual([t.other]);
  });

  it('a ticket of another channel is not found, nor are its messages', async () => {
    for (const s of [agent, admin]) {
      expect(await h.request('GET', `/tickets/${t.other}`, { token: s.token })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_TICKET_FOUND' },
      });
      expect((await h.request('GET', `/messages/${t.other}`, { token: s.token })).status).toBe(404);
      expect((await h.request('GET', `/tickets/${t.mine}`, { token: s.token })).status).toBe(200);
    }
    // Another company's token does not reach either.
    expect((await h.request('GET', `/tickets/${t.mine}`, { token: b.admin.token })).status).toBe(404);
  });

  it('starting a ticket on another channel is refused and creates nothing', async () => {
    const contact = await fa.contact();
    const refused = await h.request('POST', '/tickets/new', {
      token: agent.token,
      body: { contactId: contact.id, whatsappId: other, queueId: queue },
    });
    expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const rows = await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.select(tickets, and(eq(tickets.contactId, contact.id))!),
    );
    expect(rows).toEqual([]);
    const started = await h.request('POST', '/tickets/new', {
      token: agent.token,
      body: { contactId: contact.id, whatsappId: mine, queueId: queue },
    });
    expect(started).toMatchObject({ status: 201, body: { channel: { id: mine }, status: 'open' } });
  });

  it('its sockets hear of tickets and messages on its channels only', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
    /** A connected socket and every ticket id and message body it hears. */
    const socketOf = async (token: string) => {
      const s = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
      open.push(s);
      const heard = { tickets: [] as number[], bodies: [] as string[] };
      s.on('ticket', (p: { ticket: { id: number } }) => heard.tickets.push(p.ticket.id));
      s.on('message', (p: { message: { body: string } }) => heard.bodies.push(p.message.body));
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      return heard;
    };
    const witness = await socketOf(a.admin.token);
    const limited = [await socketOf(agent.token), await socketOf(admin.token)];
    const start = async (channelId: number) => {
      const contact = await fa.contact();
      const res = await h.request('POST', '/tickets/new', {
        token: a.admin.token,
        body: { contactId: contact.id, whatsappId: channelId, queueId: queue },
      });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const wait = { timeout: 10_000, interval: 50 };
    // The other channel first, until the unlimited admin has heard of it; then this channel: each
    // socket's events arrive in order, so by the time this one arrives the other would have.
    const otherId = await start(other);
    await vi.waitFor(() => expect(witness.tickets).toContain(otherId), wait);
    const mineId = await start(mine);
    await vi.waitFor(() => limited.forEach((l) => expect(l.tickets).toContain(mineId)), wait);
    for (const l of limited) expect(l.tickets).not.toContain(otherId);

    // Messages likewise: one on the other channel's ticket, then one on this channel's.
    const otherBody = `outra conexão ${Date.now()}`;
    expect((await h.request('POST', `/messages/${otherId}`, { token: a.admin.token, body: { body: otherBody } })).status).toBe(
      201,
    );
    await vi.waitFor(() => expect(witness.bodies).toContain(otherBody), wait);
    const mineBody = `esta conexão ${Date.now()}`;
    expect((await h.request('POST', `/messages/${mineId}`, { token: a.admin.token, body: { body: mineBody } })).status).toBe(
      201,
    );
    await vi.waitFor(() => limited.forEach((l) => expect(l.bodies).toContain(mineBody)), wait);
    for (const l of limited) expect(l.bodies).not.toContain(otherBody);
  });
});
