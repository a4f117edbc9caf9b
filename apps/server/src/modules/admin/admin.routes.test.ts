import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, contactTags, plans, platformSettings, queues, tags, tenants, tickets, users } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { futureDate, PASSWORD, startHarness, uniqueEmail, type Company, type Harness, type Session } from '../../test/harness.js';

let h: Harness;
let op: Session;
let v: Company; // the company every forbidden or invalid request aims at
let agent: Session;
let plan: { id: number; name: string };
const db = () => h.app.platform.db.raw;

const uid = () => randomUUID().slice(0, 8);
const planBody = (name = `Plano ${uid()}`) => ({ name, maxUsers: 5, maxConnections: 2, value: 49.9, isPublic: true });
const companyBody = () => ({ name: `Cia ${uid()}`, phone: '5511988887777', email: 'cia@test.prosa', planId: plan.id, dueDate: futureDate(20), recurrence: 'MENSAL' });
const newCompany = () => ({ ...companyBody(), adminName: 'Rita Responsável', adminEmail: uniqueEmail('rita'), adminPassword: PASSWORD });
const MISSING = 2_000_000_000;
const yesterday = () => futureDate(-1);
const today = () => futureDate(0);
/** yyyy-MM-dd plus one calendar month, clamped to the month's end like PostgreSQL. */
const plusMonth = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, last))).toISOString().slice(0, 10);
};
const op_ = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => h.request(method, url, { token: op.token, body });

beforeAll(async () => {
  h = await startHarness();
  op = await h.operator();
  plan = (await op_('POST', '/admin/plans', planBody())).body;
  v = await h.company({ planId: plan.id });
  agent = await h.user(v, 'user');
});
afterAll(() => h.close());

/** Everything a forbidden or invalid request could have changed. */
async function snapshot() {
  return {
    tenant: await db().select().from(tenants).where(eq(tenants.id, v.tenantId)),
    users: await db().select().from(users).where(eq(users.tenantId, v.tenantId)).orderBy(users.id),
    plan: await db().select().from(plans).where(eq(plans.id, plan.id)),
    smtp: await db().select().from(platformSettings).where(inArray(platformSettings.key, ['smtpHost', 'smtpPassword'])),
    tenantCount: (await db().select({ n: count() }).from(tenants))[0]!.n,
    planCount: (await db().select({ n: count() }).from(plans))[0]!.n,
  };
}

type Call = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown];
const everyRoute = (): Call[] => [
  ['GET', '/admin/tenants/'],
  ['POST', '/admin/tenants/', newCompany()],
  ['DELETE', `/admin/tenants/${v.tenantId}`],
  ['POST', `/admin/tenantsMonth/${v.tenantId}`],
  ['PUT', `/admin/status/tenant/${v.tenantId}`],
  ['PUT', `/admin/empresa/${v.tenantId}`, companyBody()],
  ['GET', `/admin/users/${v.tenantId}`],
  ['PUT', `/admin/users/${agent.userId}`, { profile: 'admin', password: 'hijacked-1' }],
  ['GET', '/admin/userstotal'],
  ['GET', '/admin/plans'],
  ['POST', '/admin/plans', planBody()],
  ['PUT', `/admin/plans/${plan.id}`, planBody()],
  ['DELETE', `/admin/plans/${plan.id}`],
  ['GET', '/admin/settings'],
  ['PUT', '/admin/settings', { smtpHost: 'evil.example', smtpPassword: 'x' }],
];

describe('admin: who may call', () => {
  it('every route needs a token', async () => {
    for (const [method, url, body] of everyRoute()) {
      const res = await h.request(method, url, { body });
      expect(res, `${method} ${url}`).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    }
  });

  it('a company admin and an agent get 403 on every route and nothing changes', async () => {
    const before = await snapshot();
    for (const who of [v.admin, agent]) {
      for (const [method, url, body] of everyRoute()) {
        const res = await h.request(method, url, { token: who.token, body });
        expect(res, `${method} ${url}`).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('admin: rejects', () => {
  it('a due date before today answers ERR_INVALID_DUE_DATE, not ERR_VALIDATION, and changes nothing', async () => {
    const before = await snapshot();
    const companies = (await db().select().from(tenants)).length;
    for (const [method, url, body] of [
      ['PUT', `/admin/empresa/${v.tenantId}`, { ...companyBody(), dueDate: yesterday() }],
      ['POST', '/admin/tenants/', { ...newCompany(), dueDate: yesterday() }],
    ] as const) {
      const res = await op_(method, url, body);
      expect(res, `${method} ${url}`).toMatchObject({
        status: 400,
        body: { error: 'ERR_INVALID_DUE_DATE', fields: { dueDate: 'validation.dueDateBeforeToday' } },
      });
    }
    expect(await snapshot()).toEqual(before);
    expect(await db().select().from(tenants)).toHaveLength(companies);
  });

  it('bad input answers ERR_VALIDATION with fields and changes nothing', async () => {
    const cases: [...Call, string, string?][] = [
      ['GET', '/admin/tenants/?status=deleted', undefined, 'status'],
      ['POST', '/admin/tenants/', { ...newCompany(), name: ' ', adminEmail: 'nope' }, 'adminEmail', 'validation.email'],
      ['DELETE', '/admin/tenants/abc', undefined, 'id', 'validation.invalidValue'],
      ['DELETE', '/admin/tenants/99999999999', undefined, 'id', 'validation.invalidValue'],
      ['POST', '/admin/tenantsMonth/0', undefined, 'id'],
      ['PUT', '/admin/status/tenant/-3', undefined, 'id'],
      ['PUT', `/admin/empresa/${v.tenantId}`, { ...companyBody(), dueDate: '2030-02-30' }, 'dueDate', 'validation.invalidDate'],
      ['GET', '/admin/users/x', undefined, 'id'],
      ['PUT', `/admin/users/${agent.userId}`, { email: 'not-an-email', name: 'Changed' }, 'email', 'validation.email'],
      ['PUT', `/admin/users/${agent.userId}`, { password: '123' }, 'password'],
      ['POST', '/admin/plans', { ...planBody(), maxUsers: 1.5 }, 'maxUsers', 'validation.integer'],
      ['PUT', `/admin/plans/${plan.id}`, { ...planBody(), name: '  ' }, 'name', 'validation.required'],
      ['DELETE', '/admin/plans/abc', undefined, 'id'],
      ['PUT', `/admin/plans/99999999999`, planBody(), 'id'],
      ['PUT', '/admin/settings', { trialDays: 'ten', smtpHost: 'changed.example' }, 'trialDays', 'validation.integer'],
      ['PUT', '/admin/settings', { paymentGateway: 'paypal', smtpHost: 'changed.example' }, 'paymentGateway', 'validation.invalidValue'],
    ];
    const before = await snapshot();
    for (const [method, url, body, field, message] of cases) {
      const res = await op_(method, url, body);
      expect(res, `${method} ${url}`).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
      expect(Object.keys(res.body.fields), `${method} ${url}`).toContain(field);
      if (message) expect(res.body.fields[field]).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('unknown ids answer 404 with the entity code', async () => {
    const cases: [...Call, string][] = [
      ['DELETE', `/admin/tenants/${MISSING}`, undefined, 'ERR_NO_TENANT_FOUND'],
      ['POST', `/admin/tenantsMonth/${MISSING}`, undefined, 'ERR_NO_TENANT_FOUND'],
      ['PUT', `/admin/status/tenant/${MISSING}`, undefined, 'ERR_NO_TENANT_FOUND'],
      ['PUT', `/admin/empresa/${MISSING}`, companyBody(), 'ERR_NO_TENANT_FOUND'],
      ['PUT', `/admin/empresa/${v.tenantId}`, { ...companyBody(), planId: MISSING }, 'ERR_NO_PLAN_FOUND'],
      ['POST', '/admin/tenants/', { ...newCompany(), planId: MISSING }, 'ERR_NO_PLAN_FOUND'],
      ['GET', `/admin/users/${MISSING}`, undefined, 'ERR_NO_TENANT_FOUND'],
      ['PUT', `/admin/users/${MISSING}`, { name: 'Ninguém' }, 'ERR_NO_USER_FOUND'],
      ['PUT', `/admin/plans/${MISSING}`, planBody(), 'ERR_NO_PLAN_FOUND'],
      ['DELETE', `/admin/plans/${MISSING}`, undefined, 'ERR_NO_PLAN_FOUND'],
    ];
    const before = await snapshot();
    for (const [method, url, body, code] of cases) {
      expect(await op_(method, url, body), `${method} ${url}`).toMatchObject({ status: 404, body: { error: code } });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('the operator tenant can be neither deleted nor deactivated', async () => {
    for (const [method, url] of [['DELETE', '/admin/tenants/1'], ['PUT', '/admin/status/tenant/1']] as const) {
      expect(await op_(method, url)).toMatchObject({ status: 409, body: { error: 'ERR_OPERATOR_TENANT_PROTECTED' } });
    }
    expect((await db().select().from(tenants).where(eq(tenants.id, 1)))[0]).toMatchObject({ status: 'active' });
  });
});

describe('admin: companies', () => {
  it('creates a company with its admin and lists it with plan, responsible and user count', async () => {
    const body = newCompany();
    const created = await op_('POST', '/admin/tenants/', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: body.name, planId: plan.id, planName: plan.name, responsible: 'Rita Responsável', usersCount: 1, status: 'active', dueDate: body.dueDate });
    const admin = await h.login(body.adminEmail);
    expect(admin.tenantId).toBe(created.body.id);
    await h.user({ tenantId: admin.tenantId, admin }, 'user');
    const list = (await op_('GET', '/admin/tenants/')).body as { id: number }[];
    expect(list.find((t) => t.id === created.body.id)).toEqual({ ...created.body, usersCount: 2 });
    const dup = await op_('POST', '/admin/tenants/', { ...newCompany(), adminEmail: body.adminEmail });
    expect(dup).toMatchObject({ status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
  });

  it('edits a company; today is an acceptable due date', async () => {
    const body = { ...companyBody(), dueDate: today(), recurrence: 'ANUAL' };
    const res = await op_('PUT', `/admin/empresa/${v.tenantId}`, body);
    expect(res).toMatchObject({ status: 200, body: { ...body, id: v.tenantId, planName: plan.name } });
  });

  it('adds a month from the due date, or from today when there is none or it has passed', async () => {
    const ahead = await h.company({ dueDate: futureDate(10) });
    const once = await op_('POST', `/admin/tenantsMonth/${ahead.tenantId}`);
    expect(once).toMatchObject({ status: 200, body: { dueDate: plusMonth(futureDate(10)) } });
    const twice = await op_('POST', `/admin/tenantsMonth/${ahead.tenantId}`);
    expect(twice.body.dueDate).toBe(plusMonth(plusMonth(futureDate(10))));
    for (const dueDate of [null, '2020-01-15']) {
      const c = await h.company({ dueDate });
      expect((await op_('POST', `/admin/tenantsMonth/${c.tenantId}`)).body.dueDate).toBe(plusMonth(today()));
    }
  });

  it('toggles the status; an inactive company can neither log in nor use its tokens', async () => {
    const c = await h.company();
    const inactive = await op_('PUT', `/admin/status/tenant/${c.tenantId}`);
    expect(inactive).toMatchObject({ status: 200, body: { id: c.tenantId, status: 'inactive' } });
    expect(await h.request('GET', '/queue', { token: c.admin.token })).toMatchObject({ status: 403, body: { error: 'ERR_TENANT_INACTIVE' } });
    const login = await h.request('POST', '/auth/login/', { body: { email: c.admin.email, password: PASSWORD } });
    expect(login).toMatchObject({ status: 403, body: { error: 'ERR_TENANT_INACTIVE' } });
    const ids = async (q: string) => ((await op_('GET', `/admin/tenants/${q}`)).body as { id: number }[]).map((t) => t.id);
    expect(await ids('?status=inactive')).toContain(c.tenantId);
    expect(await ids('')).not.toContain(c.tenantId);
    expect((await op_('PUT', `/admin/status/tenant/${c.tenantId}`)).body.status).toBe('active');
    expect((await h.request('GET', '/queue', { token: c.admin.token })).status).toBe(200);
    await h.login(c.admin.email);
  });

  it('deletes a company with all its data', async () => {
    const c = await h.company({ planId: plan.id });
    const u = await h.user(c, 'user');
    await withTenant(h.app.platform.db, c.tenantId, async (scope) => {
      const q = await scope.insert(queues, { name: 'Vendas', color: '#2f9e44' });
      const t = await scope.insert(tags, { name: 'VIP', color: '#f08c00' });
      const ct = await scope.insert(contacts, { name: 'Cliente', number: '5511999990000' });
      await scope.insert(contactTags, { contactId: ct.id, tagId: t.id });
      await scope.insert(tickets, { contactId: ct.id, queueId: q.id, userId: u.userId, status: 'open' });
    });
    expect((await op_('DELETE', `/admin/tenants/${c.tenantId}`)).status).toBe(204);
    for (const table of [users, queues, tags, contacts, contactTags, tickets]) {
      expect((await db().select({ n: count() }).from(table).where(eq(table.tenantId, c.tenantId)))[0]!.n).toBe(0);
    }
    expect(await db().select().from(tenants).where(eq(tenants.id, c.tenantId))).toEqual([]);
    expect((await h.request('GET', '/queue', { token: u.token })).status).toBe(401);
    expect((await op_('DELETE', `/admin/tenants/${c.tenantId}`)).status).toBe(404);
    expect((await db().select().from(tenants).where(eq(tenants.id, v.tenantId))).length).toBe(1);
  });
});

describe('admin: users of any company', () => {
  it("lists a company's users with everything allowed", async () => {
    const res = await op_('GET', `/admin/users/${v.tenantId}`);
    expect(res.status).toBe(200);
    expect(res.body.map((u: { id: number }) => u.id).sort()).toEqual([v.admin.userId, agent.userId].sort());
    expect(res.body[0]).toMatchObject({ tenantId: v.tenantId, queues: [], can: { edit: true, delete: true, changeProfile: true } });
  });

  it('edits name, email, profile and password; a new password ends the sessions', async () => {
    const c = await h.company();
    const u = await h.user(c, 'user');
    const email = uniqueEmail('renamed');
    const res = await op_('PUT', `/admin/users/${u.userId}`, { name: 'Novo Nome', email, profile: 'supervisor', password: 'brand-new-1' });
    expect(res).toMatchObject({ status: 200, body: { id: u.userId, name: 'Novo Nome', email, profile: 'supervisor' } });
    expect(await h.request('GET', '/queue', { token: u.token })).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    const again = await h.login(email, 'brand-new-1');
    expect(again.userId).toBe(u.userId);
    expect((await h.request('GET', '/queue', { token: c.admin.token })).status).toBe(200);
    const clash = await op_('PUT', `/admin/users/${u.userId}`, { email: c.admin.email });
    expect(clash).toMatchObject({ status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
    expect((await db().select().from(users).where(eq(users.id, u.userId)))[0]!.email).toBe(email);
  });

  it('the last operator admin keeps its profile', async () => {
    const admins = await db().select({ n: count() }).from(users).where(and(eq(users.tenantId, 1), eq(users.profile, 'admin')));
    if (admins[0]!.n !== 1) return; // another admin exists (shared database): demoting is then allowed
    const res = await op_('PUT', `/admin/users/${op.userId}`, { profile: 'user' });
    expect(res).toMatchObject({ status: 409, body: { error: 'ERR_OPERATOR_TENANT_PROTECTED' } });
    expect((await op_('GET', '/admin/userstotal')).status).toBe(200);
  });

  it('counts users per company and in total', async () => {
    const c = await h.company();
    await h.user(c, 'user');
    await h.user(c, 'supervisor');
    const res = await op_('GET', '/admin/userstotal');
    expect(res.status).toBe(200);
    expect(res.body.byTenant).toContainEqual({ tenantId: c.tenantId, count: 3 });
    expect(res.body.total).toBe(res.body.byTenant.reduce((n: number, r: { count: number }) => n + r.count, 0));
  });
});
