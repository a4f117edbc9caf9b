import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';

// Each test takes a fresh company: the settings it switches on must not leak into other tests.
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

let seq = 0;
const phone = () => `55219${String(10_000_000 + ++seq * 6007).slice(-8)}`;
const create = async (s: Session, over: Record<string, unknown> = {}) => {
  const res = await h.request('POST', '/contacts', { token: s.token, body: { name: 'Cliente', number: phone(), ...over } });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string; number: string };
};
const setting = (c: Company, key: string, value: string) =>
  h.request('PUT', `/settings/${key}`, { token: c.admin.token, body: { value } });
const ids = async (s: Session, q = '') =>
  (await h.request('GET', `/contacts${q}`, { token: s.token })).body.contacts.map((x: { id: number }) => x.id) as number[];

describe('contacts: settings that change permissions', () => {
  it('with ContactAdmin only admins reach the contacts routes, before the body is read', async () => {
    const c = await h.company();
    const agent = await h.user(c, 'user');
    const sup = await h.user(c, 'supervisor');
    const x = await create(c.admin);
    await setting(c, 'ContactAdmin', 'enabled');
    for (const s of [agent, sup]) {
      for (const [method, url, body] of [
        ['GET', '/contacts', undefined],
        ['GET', `/contacts/${x.id}`, undefined],
        ['POST', '/contacts', { name: '' }],
        ['PUT', `/contacts/${x.id}`, { name: 'Mudou', number: x.number }],
        ['GET', '/contacts/export', undefined],
      ] as const) {
        expect(await h.request(method, url, { token: s.token, body })).toMatchObject({
          status: 403,
          body: { error: 'ERR_NO_PERMISSION' },
        });
      }
    }
    expect((await h.request('GET', `/contacts/${x.id}`, { token: c.admin.token })).body.name).toBe('Cliente');
    await setting(c, 'ContactAdmin', 'disabled');
    expect((await h.request('GET', '/contacts', { token: agent.token })).status).toBe(200);
  });

  it('with userContactWallet agents see only their wallet; admins and supervisors see all', async () => {
    const c = await h.company();
    const agent = await h.user(c, 'user');
    const qsup = await h.user(c, 'supervisorfila');
    const sup = await h.user(c, 'supervisor');
    const mine = await create(c.admin, { name: 'Minha', wallets: [agent.userId] });
    const other = await create(c.admin, { name: 'Outra' });
    await setting(c, 'userContactWallet', 'enabled');

    expect(await ids(agent)).toEqual([mine.id]);
    expect(await ids(qsup)).toEqual([]);
    expect((await ids(sup)).sort()).toEqual([mine.id, other.id].sort());
    expect((await ids(c.admin)).sort()).toEqual([mine.id, other.id].sort());
    for (const [method, body] of [['GET', undefined], ['PUT', { name: 'X', number: other.number }]] as const) {
      expect(await h.request(method, `/contacts/${other.id}`, { token: agent.token, body })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_CONTACT_FOUND' },
      });
    }
    expect((await h.request('DELETE', `/contacts/${other.id}`, { token: qsup.token })).status).toBe(404);
    // What a restricted agent saves stays in its wallet, or it would vanish from its own list.
    const created = await create(agent, { name: 'Nova', wallets: [] });
    expect(created).toMatchObject({ wallets: [{ id: agent.userId }] });
    const kept = await h.request('PUT', `/contacts/${mine.id}`, {
      token: agent.token,
      body: { name: 'Minha 2', number: mine.number, wallets: [] },
    });
    expect(kept.body.wallets.map((w: { id: number }) => w.id)).toEqual([agent.userId]);
    expect((await ids(agent)).sort()).toEqual([mine.id, created.id].sort());
    expect((await h.request('GET', '/contacts/export', { token: qsup.token })).body.trim().split('\r\n')).toHaveLength(1);
  });

  it('with userContactWallet a restricted import leaves contacts outside the wallet alone', async () => {
    const c = await h.company();
    const qsup = await h.user(c, 'supervisorfila');
    const theirs = await create(c.admin, { name: 'Do admin', number: '5511966660001' });
    await setting(c, 'userContactWallet', 'enabled');
    const boundary = 'b0undary';
    const csv = 'Nome;Numero\nTrocado;5511966660001\nNovo;5511966660002\n';
    const res = await h.request('POST', '/contacts/import', {
      token: qsup.token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    });
    expect(res.body).toEqual({
      total: 2,
      created: 1,
      updated: 0,
      rejected: [{ row: 2, name: 'Trocado', number: '5511966660001', reason: 'import.notInWallet' }],
    });
    expect((await h.request('GET', `/contacts/${theirs.id}`, { token: c.admin.token })).body.name).toBe('Do admin');
    const visible = (await h.request('GET', '/contacts', { token: qsup.token })).body.contacts;
    expect(visible).toMatchObject([{ name: 'Novo', wallets: [{ id: qsup.userId }] }]);
  });

  it('with hidePhoneNumber profiles other than admin and supervisor get masked numbers', async () => {
    const c = await h.company();
    const agent = await h.user(c, 'user');
    const qsup = await h.user(c, 'supervisorfila');
    const sup = await h.user(c, 'supervisor');
    const x = await create(c.admin, { name: 'Sigilo', number: '5511987654321' });
    await setting(c, 'hidePhoneNumber', 'enabled');

    for (const s of [agent, qsup]) {
      expect((await h.request('GET', `/contacts/${x.id}`, { token: s.token })).body.number).toBe('*********4321');
      expect((await h.request('GET', '/contacts', { token: s.token })).body.contacts[0].number).toBe('*********4321');
    }
    for (const s of [sup, c.admin]) {
      expect((await h.request('GET', `/contacts/${x.id}`, { token: s.token })).body.number).toBe('5511987654321');
    }
    const csv = (await h.request('GET', '/contacts/export', { token: qsup.token })).body as string;
    expect(csv).toContain('Sigilo;*********4321;');
    expect(csv).not.toContain('5511987654321');
    // Parts of a hidden number find nothing (they would rebuild it); the whole number finds it.
    expect(await ids(agent, '?searchParam=98765')).toEqual([]);
    expect(await ids(agent, '?searchParam=5511987654321')).toEqual([x.id]);
    expect(await ids(sup, '?searchParam=98765')).toEqual([x.id]);
    // An agent may edit the contact but not change the number it cannot see.
    const put = await h.request('PUT', `/contacts/${x.id}`, { token: agent.token, body: { name: 'Y', number: '5511900000000' } });
    expect(put).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    // Leaving the number out keeps the saved one, so masked users can still edit the rest.
    const rename = await h.request('PUT', `/contacts/${x.id}`, { token: agent.token, body: { name: 'Sigilo 2' } });
    expect(rename).toMatchObject({ status: 200, body: { name: 'Sigilo 2', number: '*********4321' } });
    const created = await create(agent, { number: '5511955554444' });
    expect(created.number).toBe('*********4444');
    expect((await h.request('GET', `/contacts/${x.id}`, { token: c.admin.token })).body).toMatchObject({
      name: 'Sigilo 2',
      number: '5511987654321',
    });
  });

  it("another company's contact answers 404 whatever the settings", async () => {
    const c = await h.company();
    const d = await h.company();
    const x = await create(c.admin);
    await setting(d, 'userContactWallet', 'enabled');
    await setting(d, 'hidePhoneNumber', 'enabled');
    expect(await h.request('GET', `/contacts/${x.id}`, { token: d.admin.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_CONTACT_FOUND' },
    });
    expect(await ids(d.admin)).toEqual([]);
  });
});
