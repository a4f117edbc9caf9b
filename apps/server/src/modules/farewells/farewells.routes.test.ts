import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';

let h: Harness;
let a: Company;
let b: Company;
let agent: Session;
let colleague: Session;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  agent = await h.user(a, 'user');
  colleague = await h.user(a, 'user');
});
afterAll(() => h.close());

type Farewell = { id: number; title: string; message: string; showForAll: boolean; can: { edit: boolean } };
const body = { title: 'Padrão', message: 'Obrigado, {{name}}!', showForAll: false };
const create = async (s: Session, extra: Partial<typeof body> = {}) => {
  const res = await h.request('POST', '/farewellMessages', { token: s.token, body: { ...body, ...extra } });
  expect(res.status).toBe(201);
  return res.body as Farewell;
};
const allOf = async (s: Session) =>
  (await h.request('GET', '/farewellMessages/all', { token: s.token })).body as Farewell[];

describe('farewell messages', () => {
  it('needs a token', async () => {
    expect((await h.request('GET', '/farewellMessages')).status).toBe(401);
    expect((await h.request('GET', '/farewellMessages/all')).status).toBe(401);
    expect((await h.request('POST', '/farewellMessages', { body })).body).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    expect((await h.request('PUT', '/farewellMessages/1', { body })).status).toBe(401);
    expect((await h.request('DELETE', '/farewellMessages/1')).status).toBe(401);
  });

  it('an agent creates, lists (paged and all), updates and deletes their own', async () => {
    const created = await h.request('POST', '/farewellMessages', { token: agent.token, body });
    expect(created).toMatchObject({
      status: 201,
      body: { ...body, userId: agent.userId, can: { edit: true, delete: true } },
    });
    const page = await h.request('GET', '/farewellMessages?searchParam=obrigado', { token: agent.token });
    expect(page).toMatchObject({ status: 200, body: { count: 1, hasMore: false } });
    expect(page.body.farewellMessages[0]).toMatchObject({ id: created.body.id });
    expect(
      (await h.request('GET', '/farewellMessages?searchParam=nada-assim', { token: agent.token })).body,
    ).toMatchObject({
      count: 0,
      farewellMessages: [],
    });
    expect((await allOf(agent)).map((f) => f.id)).toContain(created.body.id);
    const updated = await h.request('PUT', `/farewellMessages/${created.body.id}`, {
      token: agent.token,
      body: { ...body, title: 'Novo', showForAll: true },
    });
    expect(updated).toMatchObject({ status: 200, body: { title: 'Novo', showForAll: true } });
    expect((await h.request('DELETE', `/farewellMessages/${created.body.id}`, { token: agent.token })).status).toBe(
      204,
    );
    expect(await h.request('DELETE', `/farewellMessages/${created.body.id}`, { token: agent.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_FAREWELL_MESSAGE_FOUND' },
    });
  });

  it('pages the list by 20', async () => {
    const s = await h.user(a, 'user');
    for (let i = 0; i < 21; i++) await create(s, { title: `T${i}` });
    const first = await h.request('GET', '/farewellMessages', { token: s.token });
    expect(first.body).toMatchObject({ count: 21, hasMore: true });
    expect(first.body.farewellMessages).toHaveLength(20);
    const second = await h.request('GET', '/farewellMessages?pageNumber=2', { token: s.token });
    expect(second.body).toMatchObject({ count: 21, hasMore: false });
    expect(second.body.farewellMessages).toHaveLength(1);
  });

  it('rejects bad input with a code and changes nothing', async () => {
    const f = await create(agent, { title: 'Intacta' });
    const before = await allOf(agent);
    expect(
      await h.request('POST', '/farewellMessages', { token: agent.token, body: { title: ' ', message: '' } }),
    ).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { title: 'validation.required', message: 'validation.required' } },
    });
    const put = await h.request('PUT', `/farewellMessages/${f.id}`, {
      token: agent.token,
      body: { ...body, title: 'x'.repeat(101) },
    });
    expect(put.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { title: 'validation.max' } });
    expect((await h.request('PUT', '/farewellMessages/abc', { token: agent.token, body })).body.error).toBe(
      'ERR_VALIDATION',
    );
    expect((await h.request('GET', '/farewellMessages?pageNumber=0', { token: agent.token })).body.error).toBe(
      'ERR_VALIDATION',
    );
    expect(await allOf(agent)).toEqual(before);
  });

  it("a private one is its owner's; a shared one is seen by all, changed by its owner or an admin", async () => {
    const mine = await create(agent, { title: 'Minha' });
    const shared = await create(agent, { title: 'Da equipe', showForAll: true });
    for (const s of [colleague, a.admin]) {
      const seen = await allOf(s);
      expect(seen.find((f) => f.id === mine.id)).toBeUndefined();
      expect(seen.find((f) => f.id === shared.id)).toMatchObject({ title: 'Da equipe' });
      expect(await h.request('PUT', `/farewellMessages/${mine.id}`, { token: s.token, body })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_FAREWELL_MESSAGE_FOUND' },
      });
    }
    const refused = await h.request('PUT', `/farewellMessages/${shared.id}`, {
      token: colleague.token,
      body: { ...body, title: 'Hack', showForAll: true },
    });
    expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await h.request('DELETE', `/farewellMessages/${shared.id}`, { token: colleague.token })).status).toBe(403);
    expect((await allOf(colleague)).find((f) => f.id === shared.id)).toMatchObject({
      title: 'Da equipe',
      can: { edit: false },
    });
    const byAdmin = await h.request('PUT', `/farewellMessages/${shared.id}`, {
      token: a.admin.token,
      body: { ...body, title: 'Revisada', showForAll: true },
    });
    expect(byAdmin).toMatchObject({ status: 200, body: { title: 'Revisada' } });
  });

  it("another tenant's farewell answers 404 and is left unchanged", async () => {
    const f = await create(a.admin, { title: 'Nossa', showForAll: true });
    expect(
      await h.request('PUT', `/farewellMessages/${f.id}`, { token: b.admin.token, body: { ...body, title: 'Hack' } }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_FAREWELL_MESSAGE_FOUND' } });
    expect((await h.request('DELETE', `/farewellMessages/${f.id}`, { token: b.admin.token })).status).toBe(404);
    expect((await allOf(b.admin)).find((x) => x.id === f.id)).toBeUndefined();
    expect((await h.request('GET', '/farewellMessages', { token: b.admin.token })).body.count).toBe(0);
    expect((await allOf(agent)).find((x) => x.id === f.id)).toMatchObject({ title: 'Nossa' });
  });
});
