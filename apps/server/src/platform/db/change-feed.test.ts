// The caches the change feed guards (change-feed.ts): the auth hook's sessions and
// `TenantScope.cached` lists. Served from memory while nothing they were read from changed, and
// never after a change, whoever made it: this instance, another one, or SQL outside the app.
// Runs on PGlite, and on PostgreSQL with DATABASE_URL (where the second instance and the lost
// listener connection are tried too).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { localChangeFeed } from './change-feed.js';
import type { Database } from './client.js';
import { unsafeSystemDb } from './tenant-scope.js';

let h: Harness;
let a: Company;
let b: Company;
let db: Database;
/** How many times the session query ran since the last reset. */
let sessionReads = 0;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  db = h.app.platform.db;
  const runNamed = db.runNamed.bind(db);
  (db as { runNamed: Database['runNamed'] }).runNamed = (name, text, params) => {
    if (name === 'auth_session') sessionReads++;
    return runNamed(name, text, params);
  };
});
afterAll(() => h.close());

const raw = (text: string) => unsafeSystemDb(db).execute(sql.raw(text));
const tagNames = async (token: string) =>
  ((await h.request('GET', '/tags', { token })).body as { name: string }[]).map((t) => t.name);
/** A change made elsewhere reaches this instance by notification: on PostgreSQL a moment later. */
const eventually = (fn: () => Promise<unknown>) => expect.poll(fn, { timeout: 5_000, interval: 20 });

describe('epochs', () => {
  it('a company moves on its own changes and on a flush; an unreadable notification flushes', () => {
    const feed = localChangeFeed();
    const [e1, e2] = [feed.epoch(1), feed.epoch(2)];
    feed.touch(1);
    expect(feed.epoch(1)).not.toBe(e1);
    expect(feed.epoch(2)).toBe(e2);
    const after = feed.epoch(1);
    feed.heard('2');
    expect(feed.epoch(1)).toBe(after);
    expect(feed.epoch(2)).not.toBe(e2);
    const [f1, f2] = [feed.epoch(1), feed.epoch(2)];
    feed.heard('not a company');
    expect(feed.epoch(1)).not.toBe(f1);
    expect(feed.epoch(2)).not.toBe(f2);
  });
});

describe('the session cache', () => {
  it('reads a session once, then not again until it is revoked', async () => {
    const s = await h.login(a.admin.email);
    sessionReads = 0;
    for (let i = 0; i < 3; i++) expect((await h.request('GET', '/tags', { token: s.token })).status).toBe(200);
    expect(sessionReads).toBe(1);
    expect((await h.request('POST', '/auth/logout/', { token: s.token })).status).toBe(204);
    expect(await h.request('GET', '/tags', { token: s.token })).toMatchObject({
      status: 401,
      body: { error: 'ERR_SESSION_EXPIRED' },
    });
  });

  it('a change made with SQL outside the app is seen: company status, due date, profile', async () => {
    const c = await h.company();
    const agent = await h.user(c, 'user');
    expect((await h.request('GET', '/tags', { token: agent.token })).status).toBe(200);
    await raw(`update tenants set status = 'inactive' where id = ${c.tenantId}`);
    await eventually(async () => (await h.request('GET', '/tags', { token: agent.token })).body.error).toBe(
      'ERR_TENANT_INACTIVE',
    );
    // Two days back: the due date is over in the company's time zone too. One day back is not, from
    // 00:00 to 03:00 UTC, in São Paulo (a PostgreSQL run at 01:20 UTC saw the plan still valid).
    await raw(`update tenants set status = 'active', due_date = current_date - 2 where id = ${c.tenantId}`);
    await eventually(async () => (await h.request('GET', '/tags', { token: agent.token })).body.error).toBe(
      'ERR_PLAN_EXPIRED',
    );
    await raw(`update tenants set due_date = current_date + 30 where id = ${c.tenantId}`);
    // An agent may not create tags; promoted to admin with SQL, it may.
    await eventually(async () => (await h.request('POST', '/tags', { token: agent.token, body: tag('X') })).status).toBe(403);
    await raw(`update users set profile = 'admin' where id = ${agent.userId}`);
    await eventually(async () => (await h.request('POST', '/tags', { token: agent.token, body: tag('Y') })).status).toBe(201);
  });

  it("another company's changes leave a company's sessions in memory", async () => {
    const s = await h.login(a.admin.email);
    expect((await h.request('GET', '/tags', { token: s.token })).status).toBe(200);
    expect((await h.request('GET', '/tags', { token: b.admin.token })).status).toBe(200);
    sessionReads = 0;
    expect((await h.request('POST', '/tags', { token: b.admin.token, body: tag('Outra') })).status).toBe(201);
    expect((await h.request('GET', '/tags', { token: s.token })).status).toBe(200);
    expect(sessionReads).toBe(0);
  });
});

const tag = (name: string) => ({ name, color: '#e03131', active: true });

describe('cached lists', () => {
  it('the tags: a write through the app shows at once, one made with SQL as soon as it is announced', async () => {
    expect((await h.request('POST', '/tags', { token: a.admin.token, body: tag('Primeira') })).status).toBe(201);
    expect(await tagNames(a.admin.token)).toContain('Primeira');
    await raw(`insert into tags (tenant_id, name, color) values (${a.tenantId}, 'Por SQL', '#123456')`);
    await eventually(() => tagNames(a.admin.token)).toContain('Por SQL');
    await raw(`update tags set name = 'Renomeada' where tenant_id = ${a.tenantId} and name = 'Por SQL'`);
    await eventually(() => tagNames(a.admin.token)).toContain('Renomeada');
    // Company B never sees A's, cached or not.
    expect(await tagNames(b.admin.token)).not.toContain('Renomeada');
  });

  it('the settings: a change is what the next request works with', async () => {
    const put = await h.request('PUT', '/settings/spyticket', { token: a.admin.token, body: { value: 'enabled' } });
    expect(put.status).toBe(200);
    const list = (await h.request('GET', '/settings', { token: a.admin.token })).body as { key: string; value: string }[];
    expect(list.find((s) => s.key === 'spyticket')?.value).toBe('enabled');
    await raw(`update settings set value = 'disabled' where tenant_id = ${a.tenantId} and key = 'spyticket'`);
    await eventually(async () => {
      const rows = (await h.request('GET', '/settings', { token: a.admin.token })).body as { key: string; value: string }[];
      return rows.find((s) => s.key === 'spyticket')?.value;
    }).toBe('disabled');
  });
});

describe.skipIf(!process.env.DATABASE_URL)('across instances (PostgreSQL)', () => {
  it('a session revoked on one instance is refused by the other', async () => {
    const other = await startHarness({}, { shareWith: h });
    try {
      const s = await h.login(a.admin.email);
      expect((await h.request('GET', '/tags', { token: s.token })).status).toBe(200);
      expect((await other.request('POST', '/auth/logout/', { token: s.token })).status).toBe(204);
      await eventually(async () => (await h.request('GET', '/tags', { token: s.token })).status).toBe(401);
      // A tag made on the other instance shows here too.
      expect((await other.request('POST', '/tags', { token: a.admin.token, body: tag('Na outra') })).status).toBe(201);
      await eventually(() => tagNames(a.admin.token)).toContain('Na outra');
    } finally {
      await other.close();
    }
  });

  it('while the listener connection is down nothing is served from memory, and it comes back', async () => {
    expect(await tagNames(a.admin.token)).not.toContain('Durante a queda');
    await raw(`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'prosa-change-feed' and datname = current_database()`);
    await eventually(() => Promise.resolve(db.changes.live)).toBe(false);
    await raw(`insert into tags (tenant_id, name, color) values (${a.tenantId}, 'Durante a queda', '#123456')`);
    expect(await tagNames(a.admin.token)).toContain('Durante a queda');
    await eventually(() => Promise.resolve(db.changes.live)).toBe(true);
    expect(await tagNames(a.admin.token)).toContain('Durante a queda');
  });
});
