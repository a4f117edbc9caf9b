import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignContacts, campaigns, contacts, contactTags, contactWallets, tags } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { channelWithQueue } from '../../channels/testing/common.js';
import { multipart, PNG } from './campaigns.test-support.js';

let h: Harness;
let a: Company;
let b: Company;
let channelA: number;
let channelB: number;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  channelA = (await channelWithQueue(h, a, 'Telegram', '#229ED9', { type: 'telegram', token: 'x' })).id;
  channelB = (await channelWithQueue(h, b, 'Telegram', '#229ED9', { type: 'telegram', token: 'y' })).id;
});
afterAll(() => h.close());

const db = () => h.app.platform.db;
const inA = <R>(c: Company, fn: Parameters<typeof withTenant<R>>[2]) => withTenant(db(), c.tenantId, fn);
const ahead = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const body = (over: Record<string, unknown> = {}) => ({
  name: `Promo ${Math.random().toString(36).slice(2, 7)}`,
  channelId: channelA,
  delaySeconds: 30,
  message1: 'Olá {{name}}, temos novidades',
  message2: 'Oi {{name}}! Novidades para você',
  ...over,
});
const create = (s: Session, over: Record<string, unknown> = {}) => h.request('POST', '/campaigns', { token: s.token, body: body(over) });
const rowOf = (c: Company, id: number) => inA(c, (s) => s.first(campaigns, eq(campaigns.id, id)));
const linked = (c: Company, id: number) => inA(c, (s) => s.select(campaignContacts, eq(campaignContacts.campaignId, id)));
let seq = 0;
const newContacts = (c: Company, n: number, over: Partial<typeof contacts.$inferInsert> = {}) =>
  inA(c, (s) =>
    s.insert(
      contacts,
      Array.from({ length: n }, () => ({ name: `Cliente ${++seq}`, number: `55119${String(Date.now() + seq).slice(-8)}`, ...over })),
    ),
  );


describe('campaigns: routes', () => {
  it('needs a token on every route', async () => {
    for (const [method, url] of [
      ['GET', '/campaigns'],
      ['POST', '/campaigns'],
      ['GET', '/campaigns/1'],
      ['PUT', '/campaigns/1'],
      ['DELETE', '/campaigns/1'],
      ['POST', '/campaigns/start/1'],
      ['POST', '/campaigns/cancel/1'],
      ['GET', '/campaigns/contacts/1'],
      ['POST', '/campaigns/contacts/1'],
      ['DELETE', '/campaigns/contacts/1/2'],
      ['DELETE', '/campaigns/deleteall/contacts/1'],
    ] as const)
      expect((await h.request(method, url)).status, `${method} ${url}`).toBe(401);
  });

  it('admin and supervisor create, show, list, update and delete; a user may not', async () => {
    const created = await create(a.admin);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'pending', delaySeconds: 30, channelId: channelA, total: 0, riskNotice: false, mediaName: null });
    const id = created.body.id as number;
    expect((await h.request('GET', `/campaigns/${id}`, { token: a.admin.token })).body.name).toBe(created.body.name);
    const listed = await h.request('GET', '/campaigns', { token: a.admin.token });
    expect(listed.body.campaigns.map((c: { id: number }) => c.id)).toContain(id);

    const sup = await h.user(a, 'supervisor');
    const updated = await h.request('PUT', `/campaigns/${id}`, { token: sup.token, body: body({ name: 'Renomeada', message3: 'Terceira' }) });
    expect(updated).toMatchObject({ status: 200, body: { name: 'Renomeada', message3: 'Terceira' } });

    const user = await h.user(a, 'user');
    for (const res of [
      await h.request('GET', '/campaigns', { token: user.token }),
      await h.request('POST', '/campaigns', { token: user.token, body: body() }),
      await h.request('PUT', `/campaigns/${id}`, { token: user.token, body: body({ name: 'Do usuário' }) }),
      await h.request('POST', `/campaigns/start/${id}`, { token: user.token, body: { startAt: ahead(20) } }),
      await h.request('DELETE', `/campaigns/${id}`, { token: user.token }),
    ])
      expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await rowOf(a, id))!.name).toBe('Renomeada');

    expect((await h.request('DELETE', `/campaigns/${id}`, { token: a.admin.token })).status).toBe(200);
    expect((await h.request('GET', `/campaigns/${id}`, { token: a.admin.token })).body).toEqual({ error: 'ERR_NO_CAMPAIGN_FOUND' });
  });

  it('takes one media file by multipart, checked by its bytes', async () => {
    const form = multipart([
      { name: 'name', value: 'Com imagem' },
      { name: 'channelId', value: String(channelA) },
      { name: 'delaySeconds', value: '25' },
      { name: 'message1', value: 'Veja a foto' },
      { name: 'file', value: PNG, filename: 'foto.png', type: 'image/png' },
    ]);
    const res = await h.request('POST', '/campaigns', { token: a.admin.token, ...form });
    expect(res).toMatchObject({ status: 201, body: { mediaName: 'foto.png', mimeType: 'image/png', delaySeconds: 25 } });
    // Only the file, no text: allowed; an HTML file is refused and nothing is stored.
    const html = multipart([
      { name: 'name', value: 'Página' },
      { name: 'file', value: '<html><script>x</script></html>', filename: 'a.png', type: 'image/png' },
    ]);
    const before = (await h.request('GET', '/campaigns?pageSize=200', { token: a.admin.token })).body.count;
    expect((await h.request('POST', '/campaigns', { token: a.admin.token, ...html })).body).toEqual({ error: 'ERR_FILE_TYPE_NOT_ALLOWED' });
    expect((await h.request('GET', '/campaigns?pageSize=200', { token: a.admin.token })).body.count).toBe(before);
  });

  it('refuses bad input with its code and changes nothing', async () => {
    const before = (await h.request('GET', '/campaigns?pageSize=200', { token: a.admin.token })).body.count;
    const delay = await create(a.admin, { delaySeconds: 19 });
    expect(delay).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: { delaySeconds: 'validation.min|min=20' } } });
    const same = await create(a.admin, { message1: 'Igual', message2: ' Igual ' });
    expect(same).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: { message2: 'validation.campaignMessagesDiffer' } } });
    const empty = await create(a.admin, { message1: '', message2: '' });
    expect(empty.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { message1: 'validation.required' } });
    const past = await create(a.admin, { startAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past).toMatchObject({ status: 400, body: { error: 'ERR_CAMPAIGN_DATE' } });
    const otherChannel = await create(a.admin, { channelId: channelB });
    expect(otherChannel).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    const webchat = await channelWithQueue(h, a, 'Site', '#000000', { type: 'webchat' });
    expect((await create(a.admin, { channelId: webchat.id })).body).toEqual({ error: 'ERR_CHANNEL_NOT_SUPPORTED' });
    expect((await h.request('GET', '/campaigns?pageSize=200', { token: a.admin.token })).body.count).toBe(before);
  });

  it('links contacts by ids, tag, wallet, CRM lane and CSV; campaign-disabled ones show as skipped', async () => {
    const { body: c } = await create(a.admin);
    const url = `/campaigns/contacts/${c.id}`;
    const [one, two, off] = await newContacts(a, 3);
    await inA(a, (s) => s.update(contacts, { disableCampaign: true }, eq(contacts.id, off!.id)));
    const byIds = await h.request('POST', url, { token: a.admin.token, body: { contactIds: [one!.id, two!.id, off!.id] } });
    expect(byIds.body).toEqual({ added: 3, existing: 0, rejected: [] });
    // Again: already linked, nothing twice.
    expect((await h.request('POST', url, { token: a.admin.token, body: { contactIds: [one!.id] } })).body).toMatchObject({ added: 0, existing: 1 });

    const [tagged, walleted, laned] = await newContacts(a, 3);
    const tag = await inA(a, (s) => s.insert(tags, { name: `Tag ${Math.random()}`, color: '#000000' }));
    await inA(a, (s) => s.insert(contactTags, { contactId: tagged!.id, tagId: tag.id }));
    await inA(a, (s) => s.insert(contactWallets, { contactId: walleted!.id, userId: a.admin.userId }));
    await inA(a, (s) => s.update(contacts, { crmLaneId: 77 }, eq(contacts.id, laned!.id)));
    expect((await h.request('POST', url, { token: a.admin.token, body: { tagId: tag.id } })).body.added).toBe(1);
    expect((await h.request('POST', url, { token: a.admin.token, body: { walletUserId: a.admin.userId } })).body.added).toBe(1);
    expect((await h.request('POST', url, { token: a.admin.token, body: { crmLaneId: 77 } })).body.added).toBe(1);

    const csv = `Nome;Numero\nNova Pessoa;5511987650001\nConhecido;${one!.number}\nSem número;abc\n`;
    const form = multipart([{ name: 'file', value: csv, filename: 'lista.csv', type: 'text/csv' }]);
    const fromCsv = await h.request('POST', url, { token: a.admin.token, ...form });
    expect(fromCsv.body).toMatchObject({ added: 1, existing: 1, rejected: [{ row: 4, name: 'Sem número' }] });
    const created = await inA(a, (s) => s.first(contacts, eq(contacts.number, '5511987650001')));
    expect(created?.name).toBe('Nova Pessoa');
    // A known number keeps its name.
    expect((await inA(a, (s) => s.first(contacts, eq(contacts.id, one!.id))))!.name).toBe(one!.name);

    const page = await h.request('GET', `${url}?pageSize=2`, { token: a.admin.token });
    expect(page.body).toMatchObject({ count: 7, hasMore: true, counts: { 'send-pending': 6, skipped: 1 } });
    expect(page.body.contacts).toHaveLength(2);
    const skipped = await h.request('GET', `${url}?status=skipped`, { token: a.admin.token });
    expect(skipped.body.contacts).toEqual([expect.objectContaining({ contactId: off!.id, status: 'skipped' })]);
    expect((await h.request('GET', `/campaigns/${c.id}`, { token: a.admin.token })).body).toMatchObject({ total: 7 });

    expect((await h.request('DELETE', `${url}/${two!.id}`, { token: a.admin.token })).status).toBe(200);
    expect((await h.request('DELETE', `${url}/${two!.id}`, { token: a.admin.token })).body).toEqual({ error: 'ERR_NO_CAMPAIGN_CONTACTS_NOT_FOUND' });
    expect(await linked(a, c.id)).toHaveLength(6);
    expect((await h.request('DELETE', `/campaigns/deleteall/contacts/${c.id}`, { token: a.admin.token })).status).toBe(200);
    expect(await linked(a, c.id)).toHaveLength(0);
  });

  it('schedules only with contacts, a channel and a start 15 minutes ahead; only pending or cancelled ones change', async () => {
    const { body: c } = await create(a.admin);
    const start = (startAt?: string) => h.request('POST', `/campaigns/start/${c.id}`, { token: a.admin.token, body: startAt ? { startAt } : {} });
    expect((await start(ahead(20))).body).toEqual({ error: 'ERR_CAMPAIGN_CONTACTS_NOT_EXISTS' });
    const [x] = await newContacts(a, 1);
    await h.request('POST', `/campaigns/contacts/${c.id}`, { token: a.admin.token, body: { contactIds: [x!.id] } });
    expect((await start()).body).toEqual({ error: 'ERR_CAMPAIGN_DATE' });
    expect((await start(new Date(Date.now() - 1000).toISOString())).body).toEqual({ error: 'ERR_CAMPAIGN_DATE' });
    expect((await start(ahead(10))).body).toEqual({ error: 'ERROR_CAMPAIGN_DATE_NOT_VALID' });
    expect((await rowOf(a, c.id))!.status).toBe('pending');
    // The test switch drops the 15-minute lead, never the rule that the start is not in the past.
    process.env.CAMPAIGN_MIN_LEAD_OFF = '1';
    try {
      expect((await start(new Date(Date.now() - 1000).toISOString())).body).toEqual({ error: 'ERR_CAMPAIGN_DATE' });
      const soon = await start(ahead(10));
      expect(soon).toMatchObject({ status: 200, body: { status: 'scheduled' } });
      expect((await h.request('POST', `/campaigns/cancel/${c.id}`, { token: a.admin.token })).body.status).toBe('cancelled');
    } finally {
      delete process.env.CAMPAIGN_MIN_LEAD_OFF;
    }

    const scheduled = await start(ahead(20));
    expect(scheduled).toMatchObject({ status: 200, body: { status: 'scheduled' } });
    const notEditable = { status: 409, body: { error: 'ERR_NO_UPDATE_CAMPAIGN_NOT_IN_CANCELED_PENDING' } };
    expect(await h.request('PUT', `/campaigns/${c.id}`, { token: a.admin.token, body: body({ name: 'Mudou' }) })).toMatchObject(notEditable);
    expect(await start(ahead(30))).toMatchObject(notEditable);
    expect(await h.request('POST', `/campaigns/contacts/${c.id}`, { token: a.admin.token, body: { contactIds: [x!.id] } })).toMatchObject(notEditable);
    expect(await h.request('DELETE', `/campaigns/deleteall/contacts/${c.id}`, { token: a.admin.token })).toMatchObject(notEditable);
    expect(await linked(a, c.id)).toHaveLength(1);

    const cancelled = await h.request('POST', `/campaigns/cancel/${c.id}`, { token: a.admin.token });
    expect(cancelled.body.status).toBe('cancelled');
    expect((await h.request('PUT', `/campaigns/${c.id}`, { token: a.admin.token, body: body({ name: 'Editada' }) })).body.name).toBe('Editada');
    // A campaign without a channel cannot be scheduled.
    const { body: noChannel } = await create(a.admin, { channelId: '' });
    await h.request('POST', `/campaigns/contacts/${noChannel.id}`, { token: a.admin.token, body: { contactIds: [x!.id] } });
    expect((await h.request('POST', `/campaigns/start/${noChannel.id}`, { token: a.admin.token, body: { startAt: ahead(20) } })).body).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
  });

  it("another company's token and ids answer 404 and change nothing", async () => {
    const { body: c } = await create(a.admin);
    const [mine] = await newContacts(a, 1);
    const [theirs] = await newContacts(b, 1);
    await h.request('POST', `/campaigns/contacts/${c.id}`, { token: a.admin.token, body: { contactIds: [mine!.id] } });
    const other = { token: b.admin.token };
    const notFound = { status: 404, body: { error: 'ERR_NO_CAMPAIGN_FOUND' } };
    expect(await h.request('GET', `/campaigns/${c.id}`, other)).toMatchObject(notFound);
    expect(await h.request('PUT', `/campaigns/${c.id}`, { ...other, body: body({ channelId: channelB }) })).toMatchObject(notFound);
    expect(await h.request('POST', `/campaigns/start/${c.id}`, { ...other, body: { startAt: ahead(20) } })).toMatchObject(notFound);
    expect(await h.request('POST', `/campaigns/cancel/${c.id}`, other)).toMatchObject(notFound);
    expect(await h.request('GET', `/campaigns/contacts/${c.id}`, other)).toMatchObject(notFound);
    expect(await h.request('POST', `/campaigns/contacts/${c.id}`, { ...other, body: { contactIds: [theirs!.id] } })).toMatchObject(notFound);
    expect(await h.request('DELETE', `/campaigns/contacts/${c.id}/${mine!.id}`, other)).toMatchObject(notFound);
    expect(await h.request('DELETE', `/campaigns/deleteall/contacts/${c.id}`, other)).toMatchObject(notFound);
    expect(await h.request('DELETE', `/campaigns/${c.id}`, other)).toMatchObject(notFound);
    expect((await h.request('GET', '/campaigns', other)).body.campaigns.map((x: { id: number }) => x.id)).not.toContain(c.id);
    // Another company's contacts cannot be linked to one's own campaign.
    const cross = await h.request('POST', `/campaigns/contacts/${c.id}`, { token: a.admin.token, body: { contactIds: [mine!.id, theirs!.id] } });
    expect(cross).toMatchObject({ status: 400, body: { error: 'ERR_CAMPAIGN_CONTACTS_NOT_EXISTS_OR_NOT_ACESSIBLE' } });
    expect(await rowOf(a, c.id)).toMatchObject({ name: c.name, status: 'pending' });
    expect((await linked(a, c.id)).map((r) => r.contactId)).toEqual([mine!.id]);
  });

  it('a plan without campaigns answers ERR_PREMIUM_FEATURE on every route', async () => {
    const operator = await h.operator();
    const plan = await h.request('POST', '/admin/plans', {
      token: operator.token,
      body: { name: `Sem campanhas ${Date.now()}`, maxUsers: 5, maxConnections: 5, value: 10, campaign: false },
    });
    expect(plan.status).toBe(201);
    const c = await h.company({ planId: plan.body.id });
    const premium = { status: 403, body: { error: 'ERR_PREMIUM_FEATURE' } };
    expect(await h.request('GET', '/campaigns', { token: c.admin.token })).toMatchObject(premium);
    expect(await h.request('POST', '/campaigns', { token: c.admin.token, body: body({ channelId: '' }) })).toMatchObject(premium);
    expect(await h.request('GET', '/campaigns/contacts/1', { token: c.admin.token })).toMatchObject(premium);
    expect(await h.request('POST', '/campaigns/start/1', { token: c.admin.token, body: {} })).toMatchObject(premium);
    expect(await inA(c, (s) => s.count(campaigns))).toBe(0);
  });
});
