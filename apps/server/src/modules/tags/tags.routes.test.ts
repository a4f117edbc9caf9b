import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, contactTags } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';

let h: Harness;
let a: Company;
let b: Company;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
});
afterAll(() => h.close());

const body = { name: 'VIP', color: '#e03131', active: true };
const create = async (c: Company, name: string) =>
  (await h.request('POST', '/tags', { token: c.admin.token, body: { ...body, name } })).body;
const listOf = async (c: Company) =>
  (await h.request('GET', '/tags', { token: c.admin.token })).body as { id: number; name: string }[];

describe('tags', () => {
  it('needs a token', async () => {
    expect((await h.request('GET', '/tags')).status).toBe(401);
    expect((await h.request('POST', '/tags', { body })).body).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    expect((await h.request('PUT', '/tags/1', { body })).status).toBe(401);
    expect((await h.request('DELETE', '/tags/1')).status).toBe(401);
  });

  it('admin creates, lists, updates and deletes', async () => {
    const created = await h.request('POST', '/tags', { token: a.admin.token, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(body);
    expect((await listOf(a)).map((t) => t.name)).toContain('VIP');
    const updated = await h.request('PUT', `/tags/${created.body.id}`, {
      token: a.admin.token,
      body: { ...body, name: 'VIP 2', active: false },
    });
    expect(updated).toMatchObject({ status: 200, body: { name: 'VIP 2', active: false } });
    expect((await h.request('DELETE', `/tags/${created.body.id}`, { token: a.admin.token })).status).toBe(204);
    const gone = await h.request('PUT', `/tags/${created.body.id}`, { token: a.admin.token, body });
    expect(gone).toMatchObject({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
  });

  it('rejects bad input with a code and changes nothing', async () => {
    const t = await create(a, 'Intacta');
    const before = await listOf(a);
    const res = await h.request('POST', '/tags', { token: a.admin.token, body: { name: '  ', color: 'red' } });
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { name: 'validation.required', color: 'validation.color' } },
    });
    const put = await h.request('PUT', `/tags/${t.id}`, {
      token: a.admin.token,
      body: { name: 'x'.repeat(61), color: '#fff' },
    });
    expect(put.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { name: 'validation.max' } });
    expect((await h.request('PUT', '/tags/abc', { token: a.admin.token, body })).body.error).toBe('ERR_VALIDATION');
    expect((await h.request('DELETE', '/tags/0', { token: a.admin.token })).body.error).toBe('ERR_VALIDATION');
    expect(await listOf(a)).toEqual(before);
  });

  it('refuses a duplicate name, on create and on rename', async () => {
    await create(a, 'Dup');
    const other = await create(a, 'Outra');
    expect(await h.request('POST', '/tags', { token: a.admin.token, body: { ...body, name: 'Dup' } })).toMatchObject({
      status: 409,
      body: { error: 'ERR_TAG_EXISTS' },
    });
    const rename = await h.request('PUT', `/tags/${other.id}`, {
      token: a.admin.token,
      body: { ...body, name: 'Dup' },
    });
    expect(rename.body).toEqual({ error: 'ERR_TAG_EXISTS' });
    // The same name in another company is fine.
    expect((await h.request('POST', '/tags', { token: b.admin.token, body: { ...body, name: 'Dup' } })).status).toBe(
      201,
    );
  });

  it('an agent may list but not change tags', async () => {
    const t = await create(a, 'Agente');
    for (const profile of ['user', 'supervisor'] as const) {
      const s = await h.user(a, profile);
      expect((await h.request('GET', '/tags', { token: s.token })).status).toBe(200);
      for (const [method, url] of [
        ['POST', '/tags'],
        ['PUT', `/tags/${t.id}`],
        ['DELETE', `/tags/${t.id}`],
      ] as const) {
        const res = await h.request(method, url, {
          token: s.token,
          body: method === 'DELETE' ? undefined : { ...body, name: 'Nope' },
        });
        expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      }
    }
    expect((await listOf(a)).find((x) => x.id === t.id)).toMatchObject({ name: 'Agente' });
  });

  it("another tenant's tag answers 404 and is left unchanged", async () => {
    const t = await create(a, 'Privada');
    const put = await h.request('PUT', `/tags/${t.id}`, { token: b.admin.token, body: { ...body, name: 'Hacked' } });
    expect(put).toMatchObject({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
    expect(await h.request('DELETE', `/tags/${t.id}`, { token: b.admin.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TAG_FOUND' },
    });
    expect((await listOf(b)).find((x) => x.id === t.id)).toBeUndefined();
    expect((await listOf(a)).find((x) => x.id === t.id)).toMatchObject({ name: 'Privada' });
  });

  it('a tag on contacts cannot be deleted', async () => {
    const t = await create(a, 'Em uso');
    await withTenant(h.app.platform.db, a.tenantId, async (scope) => {
      const c = await scope.insert(contacts, { name: 'Cliente', number: '5511999990000' });
      await scope.insert(contactTags, { contactId: c.id, tagId: t.id });
    });
    const res = await h.request('DELETE', `/tags/${t.id}`, { token: a.admin.token });
    expect(res).toMatchObject({ status: 409, body: { error: 'ERR_TAG_CONTACTS_EXISTS' } });
    expect((await listOf(a)).find((x) => x.id === t.id)).toBeDefined();
  });
});
