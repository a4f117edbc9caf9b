import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { setEmitter } from '../../platform/realtime/publish.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';

let h: Harness;
let a: Company;
let b: Company;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
});
afterAll(() => h.close());

let seq = 0;
/** A valid, unique phone: country 55, area 11, 9 digits. */
const phone = () => `55119${String(10_000_000 + ++seq * 7919).slice(-8)}`;
const input = (over: Record<string, unknown> = {}) => ({ name: 'Maria Souza', number: phone(), ...over });
const create = async (s: Session, over: Record<string, unknown> = {}) => {
  const res = await h.request('POST', '/contacts', { token: s.token, body: input(over) });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string; number: string };
};
const tag = async (c: Company, name: string) =>
  (await h.request('POST', '/tags', { token: c.admin.token, body: { name, color: '#123456' } })).body as { id: number };
const countOf = async (s: Session) => (await h.request('GET', '/contacts', { token: s.token })).body.count as number;

describe('contacts: create, read, update, delete', () => {
  it('needs a token on every route', async () => {
    for (const [method, url, body] of [
      ['GET', '/contacts', undefined],
      ['GET', '/contacts/1', undefined],
      ['POST', '/contacts', { name: '' }],
      ['PUT', '/contacts/1', input()],
      ['DELETE', '/contacts/1', undefined],
      ['POST', '/contacts/import', undefined],
      ['GET', '/contacts/export', undefined],
    ] as const) {
      expect(await h.request(method, url, { body })).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    }
  });

  it('any user creates, reads, lists and updates a contact with tags and wallets', async () => {
    const c = await h.company();
    const agent = await h.user(c, 'user');
    const [vip, lead] = [await tag(c, 'VIP'), await tag(c, 'Lead')];
    const created = await h.request('POST', '/contacts', {
      token: agent.token,
      body: {
        name: ' Maria ',
        number: '+55 (11) 98765-4321',
        email: 'MARIA@Example.com',
        tags: [vip.id, lead.id],
        wallets: [agent.userId],
        extraInfo: [{ name: 'CPF', value: '123' }],
        dealValue: 1500.5,
        description: 'Cliente antiga',
        disableBot: true,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Maria',
      number: '5511987654321',
      email: 'maria@example.com',
      dealValue: 1500.5,
      disableBot: true,
      disableCampaign: false,
      extraInfo: [{ name: 'CPF', value: '123' }],
      can: { edit: true, delete: false },
    });
    expect(created.body.tags.map((t: { name: string }) => t.name)).toEqual(['Lead', 'VIP']);
    expect(created.body.wallets).toEqual([{ id: agent.userId, name: expect.any(String) }]);

    const got = await h.request('GET', `/contacts/${created.body.id}`, { token: c.admin.token });
    expect(got.body).toMatchObject({ id: created.body.id, number: '5511987654321', can: { edit: true, delete: true } });
    expect(got.body.tags).toHaveLength(2);

    const updated = await h.request('PUT', `/contacts/${created.body.id}`, {
      token: agent.token,
      body: { name: 'Maria S.', number: '5511987654321', tags: [vip.id], wallets: [] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Maria S.', disableBot: false, wallets: [] });
    expect(updated.body.tags.map((t: { id: number }) => t.id)).toEqual([vip.id]);
  });

  it('lists a page at a time, ordered by name, searched by name, number or email and filtered by tag', async () => {
    const c = await h.company();
    const vip = await tag(c, 'VIP');
    await create(c.admin, { name: 'Carla', email: 'carla@loja.com', tags: [vip.id] });
    await create(c.admin, { name: 'Ana', number: '5521912345678' });
    await create(c.admin, { name: 'Bruno' });
    const page1 = (await h.request('GET', '/contacts?pageSize=2', { token: c.admin.token })).body;
    expect(page1).toMatchObject({ count: 3, hasMore: true });
    expect(page1.contacts.map((x: { name: string }) => x.name)).toEqual(['Ana', 'Bruno']);
    const page2 = (await h.request('GET', '/contacts?pageSize=2&pageNumber=2', { token: c.admin.token })).body;
    expect(page2).toMatchObject({ count: 3, hasMore: false, contacts: [{ name: 'Carla' }] });
    const names = async (q: string) =>
      (await h.request('GET', `/contacts?${q}`, { token: c.admin.token })).body.contacts.map((x: { name: string }) => x.name);
    expect(await names('searchParam=br')).toEqual(['Bruno']);
    expect(await names('searchParam=219123')).toEqual(['Ana']);
    expect(await names('searchParam=%2B55%20(21)%2091234')).toEqual(['Ana']);
    // A name with digits in it is searched as a name: its digits do not match Ana's number.
    expect(await names('searchParam=ana21')).toEqual([]);
    expect(await names('searchParam=%40loja')).toEqual(['Carla']);
    expect(await names('searchParam=%25_')).toEqual([]);
    expect(await names(`tagsIds=${vip.id}`)).toEqual(['Carla']);
    const junk = await h.request('GET', '/contacts?tagsIds=abc,99999999999', { token: c.admin.token });
    expect(junk).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });

  it('searches without accents or case, and by word prefix for one or two letters', async () => {
    const c = await h.company();
    for (const name of ['João Araújo', 'JOSÉ Antônio', 'Mariana Souza', 'Ângela Brandão'])
      await create(c.admin, { name });
    const names = async (term: string) =>
      (
        await h.request('GET', `/contacts?searchParam=${encodeURIComponent(term)}`, { token: c.admin.token })
      ).body.contacts.map((x: { name: string }) => x.name);
    expect(await names('joao')).toEqual(['João Araújo']);
    expect(await names('ARAUJO')).toEqual(['João Araújo']);
    expect(await names('josé')).toEqual(['JOSÉ Antônio']);
    expect(await names('brandao')).toEqual(['Ângela Brandão']);
    // Two letters: names with a word starting so, not every name containing them (Mariana).
    expect(await names('an')).toEqual(['Ângela Brandão', 'JOSÉ Antônio']);
    expect(await names('ana')).toEqual(['Mariana Souza']);
  });

  it('rejects bad input with field keys and stores nothing', async () => {
    const before = await countOf(a.admin);
    const bad = await h.request('POST', '/contacts', { token: a.admin.token, body: { name: ' ', number: '11 9999' } });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { name: 'validation.required', number: 'validation.phone' } },
    });
    const noCountry = await h.request('POST', '/contacts', { token: a.admin.token, body: input({ number: '98765-4321' }) });
    expect(noCountry.body.fields).toEqual({ number: 'validation.phone' });
    const search = await h.request('GET', '/contacts?searchParam=a', { token: a.admin.token });
    expect(search).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: { searchParam: 'validation.minLength|min=2' } } });
    expect(await countOf(a.admin)).toBe(before);
  });

  it('refuses a duplicate number, on create and on update', async () => {
    const first = await create(a.admin);
    const second = await create(a.admin);
    const dup = await h.request('POST', '/contacts', { token: a.admin.token, body: input({ number: `+${first.number}` }) });
    expect(dup).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_CONTACT' } });
    const put = await h.request('PUT', `/contacts/${second.id}`, { token: a.admin.token, body: input({ number: first.number }) });
    expect(put).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_CONTACT' } });
    // The same number in another company is another contact.
    expect((await h.request('POST', '/contacts', { token: b.admin.token, body: input({ number: first.number }) })).status).toBe(201);
  });

  it("refuses tags and wallet users that are not the company's, storing nothing", async () => {
    const before = await countOf(a.admin);
    const theirTag = await tag(b, 'Deles');
    const res = await h.request('POST', '/contacts', { token: a.admin.token, body: input({ tags: [theirTag.id] }) });
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
    const wallet = await h.request('POST', '/contacts', { token: a.admin.token, body: input({ wallets: [b.admin.userId] }) });
    expect(wallet).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect(await countOf(a.admin)).toBe(before);
  });

  it('only admins and supervisors delete, import and export', async () => {
    const agent = await h.user(a, 'user');
    const x = await create(a.admin);
    expect(await h.request('DELETE', `/contacts/${x.id}`, { token: agent.token })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect((await h.request('GET', '/contacts/export', { token: agent.token })).status).toBe(403);
    expect((await h.request('POST', '/contacts/import', { token: agent.token, body: 'x' })).status).toBe(403);
    const sup = await h.user(a, 'supervisor');
    expect((await h.request('DELETE', `/contacts/${x.id}`, { token: sup.token })).status).toBe(204);
    expect(await h.request('GET', `/contacts/${x.id}`, { token: a.admin.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_CONTACT_FOUND' },
    });
  });

  it("another company's contact answers 404 and is left unchanged", async () => {
    const mine = await create(a.admin, { name: 'Privado' });
    for (const [method, body] of [['GET', undefined], ['PUT', input({ name: 'Hacked' })], ['DELETE', undefined]] as const) {
      expect(await h.request(method, `/contacts/${mine.id}`, { token: b.admin.token, body })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_CONTACT_FOUND' },
      });
    }
    expect((await h.request('GET', '/contacts/2147483648', { token: a.admin.token })).status).toBe(400);
    const listB = (await h.request('GET', '/contacts?searchParam=Privado', { token: b.admin.token })).body;
    expect(listB.count).toBe(0);
    expect((await h.request('GET', `/contacts/${mine.id}`, { token: a.admin.token })).body).toMatchObject({
      name: 'Privado',
      number: mine.number,
    });
  });

  it('a contact with tickets cannot be deleted', async () => {
    const x = await create(a.admin);
    await withTenant(h.app.platform.db, a.tenantId, (scope) => scope.insert(tickets, { contactId: x.id, status: 'open' }));
    const res = await h.request('DELETE', `/contacts/${x.id}`, { token: a.admin.token });
    expect(res).toMatchObject({ status: 409, body: { error: 'ERR_CONTACT_TICKETS_REGISTERED' } });
    const still = await withTenant(h.app.platform.db, a.tenantId, (scope) => scope.count(contacts));
    expect(still).toBeGreaterThan(0);
    expect((await h.request('GET', `/contacts/${x.id}`, { token: a.admin.token })).status).toBe(200);
  });

  it('emits contact events to the tenant room after commit, with the id only', async () => {
    const events: { tenantId: number; room: unknown; event: string; payload: unknown }[] = [];
    setEmitter(h.app.platform.db, (tenantId, room, event, payload) => events.push({ tenantId, room, event, payload }));
    const x = await create(a.admin);
    await h.request('PUT', `/contacts/${x.id}`, { token: a.admin.token, body: input({ number: x.number }) });
    await h.request('POST', '/contacts', { token: a.admin.token, body: input({ number: x.number }) });
    await h.request('DELETE', `/contacts/${x.id}`, { token: a.admin.token });
    await new Promise((r) => setTimeout(r, 10));
    expect(events.filter((e) => e.event === 'contact')).toEqual(
      (['create', 'update', 'delete'] as const).map((action) => ({
        tenantId: a.tenantId,
        room: { kind: 'tenant' },
        event: 'contact',
        payload: { action, contactId: x.id },
      })),
    );
  });

  it('contacts without a number (web chat visitors) can be edited without clashing', async () => {
    const [v1, v2] = await withTenant(h.app.platform.db, a.tenantId, async (scope) => [
      await scope.insert(contacts, { name: 'Visitante 1', webchatId: `wc-${++seq}` }),
      await scope.insert(contacts, { name: 'Visitante 2', webchatId: `wc-${++seq}` }),
    ]);
    const res = await h.request('PUT', `/contacts/${v2!.id}`, { token: a.admin.token, body: { name: 'Joana (site)' } });
    expect(res).toMatchObject({ status: 200, body: { name: 'Joana (site)', number: '' } });
    expect((await h.request('GET', `/contacts/${v1!.id}`, { token: a.admin.token })).body.name).toBe('Visitante 1');
  });
});
