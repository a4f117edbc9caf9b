// Resellers and their setup tokens (SPEC §6 setup token, §8 ERR_RESELLER_TOKEN_ONLY): the operator
// administers them; /signup takes a token, records the reseller on the company, and refuses a
// missing (when required), unknown or revoked one, creating nothing. Resellers are platform rows:
// each test names its own with a unique word. This file touches one platform setting,
// signupNeedsToken, only inside a try/finally that puts it back (shared PostgreSQL).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resellerTokens, tenants, users } from '../../platform/db/schema.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import { startHarness, uniqueEmail, type Company, type Harness, type Session } from '../../test/harness.js';

let h: Harness;
let op: Session;
let company: Company;
let plan: { id: number };
const MISSING = 2_000_000_000;

beforeAll(async () => {
  h = await startHarness();
  op = await h.operator();
  company = await h.company();
  plan = (
    await h.request('POST', '/admin/plans', {
      token: op.token,
      body: { name: `Plano ${randomUUID().slice(0, 8)}`, maxUsers: 3, maxConnections: 1, value: 0, isPublic: true },
    })
  ).body;
  await h.request('PUT', '/admin/settings', { token: op.token, body: { allowSignup: 'true' } });
});
afterAll(() => h.close());

const word = () => `Revenda ${randomUUID().slice(0, 8)}`;
const as = (s: Session) => (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  h.request(method, url, { token: s.token, body });
const newReseller = async (name = word()) =>
  (await as(op)('POST', '/admin/resellers', { name, email: 'revenda@example.com', phone: '' })).body;
const signupBody = (setupToken?: string) => ({
  name: `Loja ${randomUUID().slice(0, 6)}`,
  whatsapp: '+55 (11) 98888-7777',
  responsible: 'Marta Dona',
  email: uniqueEmail('signup'),
  password: 'trial-pass-1',
  confirmPassword: 'trial-pass-1',
  planId: plan.id,
  ...(setupToken === undefined ? {} : { setupToken }),
});
const usersWithEmail = (email: string) =>
  unsafeSystemDb(h.app.platform.db).select().from(users).where(eq(users.email, email));
const needToken = (value: 'true' | 'false') => as(op)('PUT', '/admin/settings', { signupNeedsToken: value });

describe('resellers: the operator administers them', () => {
  it('creates, lists, updates and deletes a reseller; a taken name and bad input are refused', async () => {
    const name = word();
    const created = await as(op)('POST', '/admin/resellers', { name, email: 'ana@revenda.com', phone: '' });
    expect(created).toMatchObject({
      status: 201,
      body: { name, email: 'ana@revenda.com', activeTokens: 0, companies: 0 },
    });
    const id = created.body.id as number;
    expect(((await as(op)('GET', '/admin/resellers')).body as { id: number }[]).find((r) => r.id === id)).toEqual(
      created.body,
    );
    expect(await as(op)('POST', '/admin/resellers', { name })).toMatchObject({
      status: 409,
      body: { error: 'ERR_RESELLER_EXISTS' },
    });
    const bad = await as(op)('POST', '/admin/resellers', { name: ' ', email: 'nope' });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { name: 'validation.required' } },
    });
    const renamed = word();
    expect(await as(op)('PUT', `/admin/resellers/${id}`, { name: renamed })).toMatchObject({
      status: 200,
      body: { id, name: renamed, email: '' },
    });
    expect(await as(op)('PUT', `/admin/resellers/${MISSING}`, { name: word() })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_RESELLER_FOUND' },
    });
    expect((await as(op)('DELETE', `/admin/resellers/${id}`)).status).toBe(204);
    expect(await as(op)('DELETE', `/admin/resellers/${id}`)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_RESELLER_FOUND' },
    });
  });

  it('makes tokens shown once (only a hash is kept), lists and revokes them', async () => {
    const r = await newReseller();
    const made = await as(op)('POST', `/admin/resellers/${r.id}/tokens`);
    expect(made).toMatchObject({
      status: 201,
      body: { resellerId: r.id, revokedAt: null, token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) },
    });
    const token = made.body.token as string;
    expect(made.body.hint).toBe(token.slice(-4));
    const stored = await unsafeSystemDb(h.app.platform.db)
      .select()
      .from(resellerTokens)
      .where(eq(resellerTokens.id, made.body.id));
    expect(JSON.stringify(stored)).not.toContain(token);
    const listed = (await as(op)('GET', `/admin/resellers/${r.id}/tokens`)).body;
    expect(listed).toEqual([
      { id: made.body.id, resellerId: r.id, hint: made.body.hint, revokedAt: null, createdAt: made.body.createdAt },
    ]);
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(
      ((await as(op)('GET', '/admin/resellers')).body as { id: number; activeTokens: number }[]).find(
        (x) => x.id === r.id,
      )?.activeTokens,
    ).toBe(1);

    const revoked = await as(op)('DELETE', `/admin/resellers/${r.id}/tokens/${made.body.id}`);
    expect(revoked).toMatchObject({ status: 200, body: { id: made.body.id, revokedAt: expect.any(String) } });
    expect((await as(op)('GET', `/admin/resellers/${r.id}/tokens`)).body[0].revokedAt).toBe(revoked.body.revokedAt);
    // Another reseller's token through this reseller's path is not found.
    const other = await newReseller();
    expect(await as(op)('DELETE', `/admin/resellers/${other.id}/tokens/${made.body.id}`)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_RESELLER_FOUND' },
    });
    expect(await as(op)('POST', `/admin/resellers/${MISSING}/tokens`)).toMatchObject({ status: 404 });
    expect(await as(op)('GET', `/admin/resellers/${MISSING}/tokens`)).toMatchObject({ status: 404 });
  });

  it("is the operator's alone: no token 401, a company admin 403, and nothing changes", async () => {
    const r = await newReseller();
    expect((await h.request('GET', '/admin/resellers')).status).toBe(401);
    for (const [method, url] of [
      ['GET', '/admin/resellers'],
      ['POST', '/admin/resellers'],
      ['PUT', `/admin/resellers/${r.id}`],
      ['DELETE', `/admin/resellers/${r.id}`],
      ['GET', `/admin/resellers/${r.id}/tokens`],
      ['POST', `/admin/resellers/${r.id}/tokens`],
    ] as const) {
      const res = await as(company.admin)(method, url, { name: word() });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect((await as(op)('GET', `/admin/resellers/${r.id}/tokens`)).body).toEqual([]);
    expect(
      ((await as(op)('GET', '/admin/resellers')).body as { id: number; name: string }[]).find((x) => x.id === r.id)
        ?.name,
    ).toBe(r.name);
  });
});

describe('sign-up with a reseller setup token', () => {
  it("records the reseller of a valid token on the company, shown on the operator's company list", async () => {
    const r = await newReseller();
    const { token } = (await as(op)('POST', `/admin/resellers/${r.id}/tokens`)).body;
    const res = await h.request('POST', '/empresa/signup', { body: signupBody(token) });
    expect(res.status).toBe(201);
    const listed = ((await as(op)('GET', '/admin/tenants/')).body as { id: number }[]).find(
      (t) => t.id === res.body.tenantId,
    );
    expect(listed).toMatchObject({ resellerId: r.id, resellerName: r.name });
    expect(
      ((await as(op)('GET', '/admin/resellers')).body as { id: number; companies: number }[]).find((x) => x.id === r.id)
        ?.companies,
    ).toBe(1);
    // Deleting the reseller keeps the company, without a reseller.
    expect((await as(op)('DELETE', `/admin/resellers/${r.id}`)).status).toBe(204);
    const [row] = await unsafeSystemDb(h.app.platform.db)
      .select()
      .from(tenants)
      .where(eq(tenants.id, res.body.tenantId));
    expect(row).toMatchObject({ resellerId: null });
  });

  it('an unknown or revoked token is refused even when none is required, and nothing is created', async () => {
    const r = await newReseller();
    const made = (await as(op)('POST', `/admin/resellers/${r.id}/tokens`)).body;
    await as(op)('DELETE', `/admin/resellers/${r.id}/tokens/${made.id}`);
    for (const token of [made.token as string, 'not-a-token-of-anyone-1234567890']) {
      const body = signupBody(token);
      expect(await h.request('POST', '/empresa/signup', { body })).toMatchObject({
        status: 403,
        body: { error: 'ERR_RESELLER_TOKEN_ONLY' },
      });
      expect(await usersWithEmail(body.email)).toEqual([]);
    }
    // Without a token, and none required: an ordinary trial company.
    const plain = await h.request('POST', '/empresa/signup', { body: signupBody() });
    expect(plain.status).toBe(201);
  });

  it('when the operator requires a token, a sign-up without one is refused; with a live one it passes', async () => {
    const r = await newReseller();
    const { token } = (await as(op)('POST', `/admin/resellers/${r.id}/tokens`)).body;
    expect((await needToken('true')).status).toBe(200);
    try {
      expect((await h.request('GET', '/platform/public')).body.signupNeedsToken).toBe(true);
      for (const body of [signupBody(), signupBody('')]) {
        expect(await h.request('POST', '/empresa/signup', { body })).toMatchObject({
          status: 403,
          body: { error: 'ERR_RESELLER_TOKEN_ONLY' },
        });
        expect(await usersWithEmail(body.email)).toEqual([]);
      }
      const ok = await h.request('POST', '/empresa/signup', { body: signupBody(token) });
      expect(ok.status).toBe(201);
    } finally {
      await needToken('false');
    }
    expect((await h.request('GET', '/platform/public')).body.signupNeedsToken).toBe(false);
    const bad = await as(op)('PUT', '/admin/settings', { signupNeedsToken: 'yes' });
    expect(bad).toMatchObject({ status: 400, body: { fields: { signupNeedsToken: 'validation.invalidValue' } } });
  });
});
