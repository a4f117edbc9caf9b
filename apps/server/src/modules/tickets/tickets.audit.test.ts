// Audit mode (SPEC §6): with the setting on, a ticket an admin or supervisor opens without being
// its agent is logged, a deleted ticket leaves a row that outlives it, and admins and supervisors
// read the log (GET /audit-logs). Off, nothing is logged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { ticketFactories } from './test-factories.js';

let h: Harness;
let a: Company;
let b: Company;
let agent: Session;
let qsup: Session;
let queue: number;
let f: ReturnType<typeof ticketFactories>;

const auditMode = (c: Company, value: 'enabled' | 'disabled') =>
  h.request('PUT', '/settings/auditMode', { token: c.admin.token, body: { value } });
const logs = async (s: Session, page = 1) => {
  const res = await h.request('GET', `/audit-logs?pageNumber=${page}`, { token: s.token });
  expect(res.status).toBe(200);
  return res.body as {
    logs: { action: string; ticketId: number; protocol: string; contactName: string; user: { id: number } | null }[];
    hasMore: boolean;
  };
};

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  f = ticketFactories(h.app.platform.db, a.tenantId);
  queue = (await f.queue()).id;
  agent = await h.user(a, 'user', { queueIds: [queue] });
  qsup = await h.user(a, 'supervisorfila', { queueIds: [queue] });
});
afterAll(() => h.close());

describe('audit mode', () => {
  it('off: opening and deleting tickets logs nothing', async () => {
    await auditMode(a, 'disabled');
    const t = await f.ticket({ queueId: queue, status: 'open', userId: agent.userId });
    await h.request('GET', `/tickets/${t.id}`, { token: a.admin.token });
    await h.request('DELETE', `/tickets/${t.id}`, { token: a.admin.token });
    expect((await logs(a.admin)).logs.filter((l) => l.ticketId === t.id)).toEqual([]);
  });

  it("on: supervisors and admins opening another's ticket are logged; the agent's own opening is not", async () => {
    await auditMode(a, 'enabled');
    const contact = await f.contact({ name: 'Cliente Auditado' });
    const t = await f.ticket({ queueId: queue, status: 'open', userId: agent.userId, contactId: contact.id });
    for (const s of [agent, qsup, a.admin])
      expect((await h.request('GET', `/tickets/${t.id}`, { token: s.token })).status).toBe(200);
    const mine = (await logs(qsup)).logs.filter((l) => l.ticketId === t.id);
    expect(mine.map((l) => [l.action, l.user?.id])).toEqual([
      ['access', a.admin.userId],
      ['access', qsup.userId],
    ]);
    expect(mine[0]).toMatchObject({ protocol: t.protocol, contactName: 'Cliente Auditado' });
  });

  it('on: a deleted ticket leaves an audit row that outlives it (single and bulk)', async () => {
    await auditMode(a, 'enabled');
    const one = await f.ticket({ queueId: queue });
    const many = [await f.ticket({ queueId: queue }), await f.ticket({ queueId: queue })];
    expect((await h.request('DELETE', `/tickets/${one.id}`, { token: qsup.token })).status).toBe(204);
    const bulk = await h.request('POST', '/tickets/del-tickets', {
      token: a.admin.token,
      body: { ticketIds: many.map((t) => t.id) },
    });
    expect(bulk.body).toEqual({ count: 2 });
    expect((await h.request('GET', `/tickets/${one.id}`, { token: a.admin.token })).status).toBe(404);
    const deleted = (await logs(a.admin)).logs
      .filter((l) => l.action === 'delete')
      .map((l) => [l.ticketId, l.user?.id, l.protocol]);
    expect(deleted).toEqual(
      expect.arrayContaining([
        [one.id, qsup.userId, one.protocol],
        [many[0]!.id, a.admin.userId, many[0]!.protocol],
        [many[1]!.id, a.admin.userId, many[1]!.protocol],
      ]),
    );
  });

  it('the log is for admins and supervisors only; bad input is rejected', async () => {
    expect(await h.request('GET', '/audit-logs', { token: agent.token })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect((await h.request('GET', '/audit-logs')).status).toBe(401);
    expect(await h.request('GET', '/audit-logs?pageNumber=0', { token: a.admin.token })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION' },
    });
  });

  it("another company's rows never show, and its tickets answer 404 without a row", async () => {
    await auditMode(b, 'enabled');
    const theirs = await ticketFactories(h.app.platform.db, b.tenantId).ticket();
    expect((await h.request('GET', `/tickets/${theirs.id}`, { token: a.admin.token })).status).toBe(404);
    expect((await h.request('DELETE', `/tickets/${theirs.id}`, { token: a.admin.token })).status).toBe(404);
    await h.request('GET', `/tickets/${theirs.id}`, { token: b.admin.token });
    expect((await logs(a.admin)).logs.some((l) => l.ticketId === theirs.id)).toBe(false);
    expect((await logs(b.admin)).logs.map((l) => l.ticketId)).toEqual([theirs.id]);
  });
});
