// Routes anyone may call: they answer without a token, and the sign-up is refused when the
// operator turns it off, for a plan that is not public, for bad input and past its rate limit.
// Platform settings are shared by every test file on a shared PostgreSQL: this file touches only
// allowSignup, noticeBanner (and the companies it is for) and trialDays, and puts them back.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSettings, users } from '../../platform/db/schema.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import { futureDate, startHarness, uniqueEmail, type Harness, type Session } from '../../test/harness.js';
import { getPlatformSetting } from '../admin/platform-settings.queries.js';

let h: Harness;
let op: Session;
let publicPlan: { id: number; name: string };
let hiddenPlan: { id: number; name: string };
const KEYS = ['allowSignup', 'noticeBanner', 'noticeBannerTenants', 'trialDays'] as const;
const saved: Record<string, string> = {};

const planBody = (isPublic: boolean) => ({ name: `Plano ${randomUUID().slice(0, 8)}`, maxUsers: 3, maxConnections: 1, value: 0, isPublic });
const signupBody = () => ({
  name: `Loja ${randomUUID().slice(0, 6)}`,
  whatsapp: '+55 (11) 98888-7777',
  responsible: 'Marta Dona',
  email: uniqueEmail('signup'),
  password: 'trial-pass-1',
  confirmPassword: 'trial-pass-1',
  planId: publicPlan.id,
});
const settings = (body: Record<string, string>) => h.request('PUT', '/admin/settings', { token: op.token, body });
const usersWithEmail = (email: string) => h.app.platform.db.raw.select().from(users).where(eq(users.email, email));

beforeAll(async () => {
  h = await startHarness();
  op = await h.operator();
  for (const key of KEYS) saved[key] = await getPlatformSetting(h.app.platform.db, key);
  publicPlan = (await h.request('POST', '/admin/plans', { token: op.token, body: planBody(true) })).body;
  hiddenPlan = (await h.request('POST', '/admin/plans', { token: op.token, body: planBody(false) })).body;
  await settings({ allowSignup: 'true' });
});
afterAll(async () => {
  await settings(saved);
  await h.close();
});

describe('public reads', () => {
  it('GET /plans/public answers the public plans only, without a token', async () => {
    const res = await h.request('GET', '/plans/public');
    expect(res.status).toBe(200);
    const ids = (res.body as { id: number; isPublic: boolean }[]).map((p) => p.id);
    expect(ids).toContain(publicPlan.id);
    expect(ids).not.toContain(hiddenPlan.id);
    expect((res.body as { isPublic: boolean }[]).every((p) => p.isPublic)).toBe(true);
    expect(res.body.find((p: { id: number }) => p.id === publicPlan.id)).toEqual(publicPlan);
  });

  it('GET /platform/public answers whether sign-up is open and the notice banner, without a token', async () => {
    const banner = `Manutenção ${randomUUID().slice(0, 6)}`;
    await settings({ noticeBanner: banner });
    expect(await h.request('GET', '/platform/public')).toMatchObject({ status: 200, body: { allowSignup: true, signupNeedsToken: false, noticeBanner: banner } });
    expect(Object.keys((await h.request('GET', '/platform/public')).body).sort()).toEqual(['allowSignup', 'noticeBanner', 'signupNeedsToken']);
  });

  it('a notice for some companies reaches only their users after sign-in, and never the login page', async () => {
    const banner = `Fatura em atraso ${randomUUID().slice(0, 6)}`;
    const a = await h.company();
    const b = await h.company();
    const agentA = await h.user(a, 'user');
    const notice = async (token: string) => (await h.request('GET', '/tenants/notice/', { token })).body.notice;

    await settings({ noticeBanner: banner, noticeBannerTenants: '' });
    expect(await notice(agentA.token)).toBe(banner);
    expect(await notice(b.admin.token)).toBe(banner);

    expect((await settings({ noticeBannerTenants: String(a.tenantId) })).status).toBe(200);
    expect(await notice(agentA.token)).toBe(banner);
    expect(await notice(a.admin.token)).toBe(banner);
    expect(await notice(b.admin.token)).toBe('');
    expect((await h.request('GET', '/platform/public')).body.noticeBanner).toBe('');

    const bad = await settings({ noticeBannerTenants: 'a,b' });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: { noticeBannerTenants: 'validation.invalidValue' } } });
    expect(await notice(b.admin.token)).toBe('');
    expect((await h.request('GET', '/tenants/notice/')).status).toBe(401);
    await settings({ noticeBannerTenants: '' });
  });
});

describe('POST /empresa/signup', () => {
  it('creates a trial company on a public plan whose admin can then log in', async () => {
    await settings({ trialDays: '14' });
    const body = signupBody();
    const res = await h.request('POST', '/empresa/signup', { body });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['tenantId']);
    const session = await h.login(body.email, body.password);
    expect(session.tenantId).toBe(res.body.tenantId);
    expect((await h.request('GET', '/auth/me', { token: session.token })).body).toMatchObject({
      profile: 'admin',
      username: 'Marta Dona',
      isOperator: false,
    });
    const tenants = (await h.request('GET', '/admin/tenants/', { token: op.token })).body as { id: number }[];
    expect(tenants.find((t) => t.id === res.body.tenantId)).toMatchObject({
      name: body.name,
      phone: '5511988887777',
      email: body.email,
      planId: publicPlan.id,
      dueDate: futureDate(14),
      recurrence: 'MENSAL',
      responsible: 'Marta Dona',
      usersCount: 1,
      status: 'active',
    });
    const again = await h.request('POST', '/empresa/signup', { body: { ...signupBody(), email: body.email } });
    expect(again).toMatchObject({ status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
  });

  it('is refused while the operator has sign-up turned off', async () => {
    await settings({ allowSignup: 'false' });
    try {
      expect((await h.request('GET', '/platform/public')).body.allowSignup).toBe(false);
      const body = signupBody();
      const res = await h.request('POST', '/empresa/signup', { body });
      expect(res).toMatchObject({ status: 403, body: { error: 'ERR_USER_CREATION_DISABLED' } });
      expect(await usersWithEmail(body.email)).toEqual([]);
    } finally {
      await settings({ allowSignup: 'true' });
    }
  });

  it('needs a plan that exists and is public', async () => {
    for (const planId of [hiddenPlan.id, 2_000_000_000]) {
      const body = { ...signupBody(), planId };
      const res = await h.request('POST', '/empresa/signup', { body });
      expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_PLAN_FOUND' } });
      expect(await usersWithEmail(body.email)).toEqual([]);
    }
  });

  it('rejects bad input with fields and creates nothing', async () => {
    const body = { ...signupBody(), whatsapp: '123', confirmPassword: 'other-pass', name: ' ' };
    const res = await h.request('POST', '/empresa/signup', { body });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(res.body.fields).toMatchObject({ whatsapp: 'validation.phone', name: 'validation.required' });
    expect(await usersWithEmail(body.email)).toEqual([]);
  });

  it('is rate limited like the auth routes', async () => {
    // Six sign-ups were attempted above; the limit is ten a minute per address.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await h.request('POST', '/empresa/signup', { body: {} })).status);
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    const last = await h.request('POST', '/empresa/signup', { body: signupBody() });
    expect(last).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_ATTEMPTS' } });
  });
});

// Its own app: a fresh per-address rate limit and failure counts, a low failure limit.
describe('sign-up fails closed and limits email probes (issue 9, L8 and L5)', () => {
  let h2: Harness;
  let plan: { id: number };
  const store = (value: string) =>
    unsafeSystemDb(h2.app.platform.db)
      .insert(platformSettings)
      .values({ key: 'allowSignup', value })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value } });
  const usersIn2 = (email: string) => h2.app.platform.db.raw.select().from(users).where(eq(users.email, email));
  beforeAll(async () => {
    h2 = await startHarness({ loginMaxFailures: 2 });
    const operator = await h2.operator();
    plan = (await h2.request('POST', '/admin/plans', { token: operator.token, body: planBody(true) })).body;
    const bad = await h2.request('PUT', '/admin/settings', { token: operator.token, body: { allowSignup: 'disabled' } });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: { allowSignup: 'validation.invalidValue' } } });
  });
  afterAll(() => h2.close());

  it('any stored value but "true" keeps sign-up closed', async () => {
    for (const value of ['disabled', 'False', '0']) {
      await store(value);
      expect((await h2.request('GET', '/platform/public')).body.allowSignup).toBe(false);
      const body = { ...signupBody(), planId: plan.id };
      expect(await h2.request('POST', '/empresa/signup', { body })).toMatchObject({ status: 403, body: { error: 'ERR_USER_CREATION_DISABLED' } });
      expect(await usersIn2(body.email)).toEqual([]);
    }
    await store('true');
    expect((await h2.request('GET', '/platform/public')).body.allowSignup).toBe(true);
  });

  it('signing up with taken emails is answered 429 past the failure limit, even for a free email', async () => {
    const taken = { ...signupBody(), planId: plan.id };
    expect((await h2.request('POST', '/empresa/signup', { body: taken })).status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const again = { ...signupBody(), planId: plan.id, email: taken.email };
      expect(await h2.request('POST', '/empresa/signup', { body: again })).toMatchObject({ status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
    }
    const free = { ...signupBody(), planId: plan.id };
    expect(await h2.request('POST', '/empresa/signup', { body: free })).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_ATTEMPTS' } });
    expect(await usersIn2(free.email)).toEqual([]);
  });
});
