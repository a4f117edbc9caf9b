import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiConfigs } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { makeChannel } from '../messages/messages.test-support.js';
import { hashApiToken } from './api-token.js';

let h: Harness;
let a: Company;
let b: Company;
let channelA: number;
let channelB: number;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  channelA = (await makeChannel(h, a)).id;
  channelB = (await makeChannel(h, b)).id;
});
afterAll(() => h.close());

const input = (over: Record<string, unknown> = {}) => ({
  name: 'ERP',
  channelId: channelA,
  statusUrl: 'https://erp.example.com/hooks',
  active: true,
  ...over,
});
const rowsOf = (c: Company) =>
  withTenant(h.app.platform.db, c.tenantId, (s) => s.select(apiConfigs).orderBy(apiConfigs.id));
const create = async (name: string, c: Company = a, channelId = channelA) => {
  const res = await h.request('POST', '/api-config', { token: c.admin.token, body: input({ name, channelId }) });
  expect(res.status).toBe(201);
  return res.body as { apiConfig: { id: number; tokenLast4: string }; token: string; hookSecret: string };
};

describe(`api configurations (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('needs a token', async () => {
    expect(await h.request('GET', '/api-config')).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect((await h.request('POST', '/api-config', { body: input() })).status).toBe(401);
    expect((await h.request('PUT', '/api-config/1', { body: input() })).status).toBe(401);
    expect((await h.request('PUT', '/api-config/renew-token/1')).status).toBe(401);
    expect((await h.request('DELETE', '/api-config/1')).status).toBe(401);
    expect(await rowsOf(a)).toEqual([]);
  });

  it('shows the token once, stores only its hash, lists without it', async () => {
    const created = await h.request('POST', '/api-config', { token: a.admin.token, body: input({ name: 'Loja' }) });
    expect(created.status).toBe(201);
    const { apiConfig, token, hookSecret } = created.body;
    expect(token).toMatch(/^prosa_[A-Za-z0-9_-]{43}$/);
    expect(hookSecret).toMatch(/^hs_/);
    expect(apiConfig).toMatchObject({
      name: 'Loja',
      channelId: channelA,
      channel: { id: channelA, type: 'telegram' },
      statusUrl: 'https://erp.example.com/hooks',
      active: true,
      tokenLast4: token.slice(-4),
    });
    const [row] = (await rowsOf(a)).filter((r) => r.id === apiConfig.id);
    expect(row!.tokenHash).toBe(hashApiToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const list = await h.request('GET', '/api-config', { token: a.admin.token });
    expect(list.status).toBe(200);
    expect(list.body.find((x: { id: number }) => x.id === apiConfig.id)).toEqual(apiConfig);
    expect(JSON.stringify(list.body)).not.toContain(token);
    expect(JSON.stringify(list.body)).not.toContain(hookSecret);
  });

  it('updates, renews (a new token, the old hash gone) and deletes', async () => {
    const { apiConfig, token } = await create('Atualizar');
    const put = await h.request('PUT', `/api-config/${apiConfig.id}`, {
      token: a.admin.token,
      body: input({ name: 'Atualizada', statusUrl: '', active: false }),
    });
    expect(put).toMatchObject({ status: 200, body: { id: apiConfig.id, name: 'Atualizada', statusUrl: '', active: false } });
    const renewed = await h.request('PUT', `/api-config/renew-token/${apiConfig.id}`, { token: a.admin.token });
    expect(renewed.status).toBe(200);
    expect(renewed.body.token).not.toBe(token);
    expect(renewed.body.apiConfig.tokenLast4).toBe(renewed.body.token.slice(-4));
    const [row] = (await rowsOf(a)).filter((r) => r.id === apiConfig.id);
    expect(row!.tokenHash).toBe(hashApiToken(renewed.body.token));
    expect((await h.request('DELETE', `/api-config/${apiConfig.id}`, { token: a.admin.token })).status).toBe(204);
    expect((await rowsOf(a)).some((r) => r.id === apiConfig.id)).toBe(false);
    expect(await h.request('PUT', `/api-config/renew-token/${apiConfig.id}`, { token: a.admin.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_API_CONFIG_NOT_FOUND' },
    });
  });

  it('rejects bad input with a code and changes nothing', async () => {
    const { apiConfig } = await create('Intacta');
    const before = await rowsOf(a);
    const bad = await h.request('POST', '/api-config', {
      token: a.admin.token,
      body: { name: '  ', channelId: '', statusUrl: 'ftp://x', active: 'sim' },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: {
        error: 'ERR_VALIDATION',
        fields: { name: 'validation.required', channelId: 'validation.required', statusUrl: 'validation.invalidValue' },
      },
    });
    const put = await h.request('PUT', `/api-config/${apiConfig.id}`, {
      token: a.admin.token,
      body: input({ name: 'x'.repeat(101) }),
    });
    expect(put.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { name: 'validation.max' } });
    expect((await h.request('PUT', '/api-config/abc', { token: a.admin.token, body: input() })).body.error).toBe('ERR_VALIDATION');
    expect((await h.request('DELETE', '/api-config/0', { token: a.admin.token })).body.error).toBe('ERR_VALIDATION');
    // A channel of another company is not found; a duplicate name is refused.
    expect(
      await h.request('POST', '/api-config', { token: a.admin.token, body: input({ name: 'Outra', channelId: channelB }) }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(
      await h.request('POST', '/api-config', { token: a.admin.token, body: input({ name: 'Intacta' }) }),
    ).toMatchObject({ status: 409, body: { error: 'ERR_API_CONFIG_EXISTS' } });
    expect(await rowsOf(a)).toEqual(before);
  });

  it('is for admins only', async () => {
    const { apiConfig } = await create('Só admin');
    const before = await rowsOf(a);
    for (const profile of ['user', 'supervisor'] as const) {
      const u = await h.user(a, profile);
      expect(await h.request('GET', '/api-config', { token: u.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect((await h.request('POST', '/api-config', { token: u.token, body: input({ name: 'X' }) })).status).toBe(403);
      expect((await h.request('PUT', `/api-config/${apiConfig.id}`, { token: u.token, body: input({ name: 'X' }) })).status).toBe(403);
      expect((await h.request('PUT', `/api-config/renew-token/${apiConfig.id}`, { token: u.token })).status).toBe(403);
      expect((await h.request('DELETE', `/api-config/${apiConfig.id}`, { token: u.token })).status).toBe(403);
    }
    expect(await rowsOf(a)).toEqual(before);
  });

  it("another company's configuration answers 404 and nothing changes", async () => {
    const { apiConfig } = await create('Da A');
    const before = await rowsOf(a);
    const notFound = { status: 404, body: { error: 'ERR_API_CONFIG_NOT_FOUND' } };
    expect(await h.request('PUT', `/api-config/${apiConfig.id}`, { token: b.admin.token, body: input({ name: 'B', channelId: channelB }) })).toMatchObject(notFound);
    expect(await h.request('PUT', `/api-config/renew-token/${apiConfig.id}`, { token: b.admin.token })).toMatchObject(notFound);
    expect(await h.request('DELETE', `/api-config/${apiConfig.id}`, { token: b.admin.token })).toMatchObject(notFound);
    const list = await h.request('GET', '/api-config', { token: b.admin.token });
    expect(list.body.some((x: { id: number }) => x.id === apiConfig.id)).toBe(false);
    expect(await rowsOf(a)).toEqual(before);
    expect((await withTenant(h.app.platform.db, a.tenantId, (s) => s.first(apiConfigs, eq(apiConfigs.id, apiConfig.id))))!.name).toBe('Da A');
  });
});
