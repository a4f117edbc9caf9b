import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, plans } from '../../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../../platform/db/tenant-scope.js';
import { demoChannels } from '../../channels/webchat/webchat.queries.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';

let h: Harness;
let a: Company;
let b: Company;
let agent: Session;

// Provider calls (a Telegram deleteWebhook on delete) go to a closed local port, never the internet.
const NOWHERE = 'http://127.0.0.1:9';

beforeAll(async () => {
  h = await startHarness({ providers: { graphApiUrl: NOWHERE, telegramApiRoot: NOWHERE } });
  a = await h.company();
  b = await h.company();
  agent = await h.user(a, 'user');
});
afterAll(() => h.close());

const uniq = () => randomUUID().slice(0, 8);
const webchat = (over: Record<string, unknown> = {}) => ({ name: `Site ${uniq()}`, type: 'webchat', ...over });
const waba = (over: Record<string, unknown> = {}) => ({
  name: `WABA ${uniq()}`,
  type: 'waba',
  token: `EAAG-${uniq()}-secret-token-1234`,
  config: { phoneNumberId: '123456789012', wabaId: '987654321098', appSecret: 'app-secret-abcdef-9876' },
  ...over,
});
const rowOf = (c: Company, id: number) =>
  withTenant(h.app.platform.db, c.tenantId, (s) => s.first(channels, eq(channels.id, id)));
const countOf = (c: Company) => withTenant(h.app.platform.db, c.tenantId, (s) => s.count(channels));

describe('channels: access', () => {
  it('needs a token', async () => {
    for (const [method, url] of [
      ['GET', '/channels'],
      ['POST', '/channels'],
      ['PUT', '/channels/1'],
      ['POST', '/channels/1/session'],
      ['GET', '/admin/channels'],
      ['GET', '/user/channel/'],
    ] as const) {
      expect((await h.request(method, url, { body: method === 'GET' ? undefined : {} })).status, url).toBe(401);
    }
  });

  it('agents may not manage channels, but may list the company channels of a type', async () => {
    const ch = (await h.request('POST', '/channels', { token: a.admin.token, body: webchat() })).body;
    for (const [method, url] of [
      ['GET', '/channels'],
      ['POST', '/channels'],
      ['GET', `/channels/${ch.id}`],
      ['PUT', `/channels/${ch.id}`],
      ['DELETE', `/channels/${ch.id}`],
      ['POST', `/channels/${ch.id}/session`],
      ['PUT', `/channels/${ch.id}/session`],
      ['DELETE', `/channels/${ch.id}/session`],
      ['GET', '/admin/channels'],
    ] as const) {
      const res = await h.request(method, url, { token: agent.token, body: method === 'GET' ? undefined : webchat() });
      expect(res, `${method} ${url}`).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
    const list = await h.request('GET', '/user/channel/?type=webchat', { token: agent.token });
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual({ id: ch.id, name: ch.name, type: 'webchat', status: 'CONNECTED' });
    expect(Object.keys(list.body[0]).sort()).toEqual(['id', 'name', 'status', 'type']);
    expect((await h.request('GET', '/user/channel/?type=telegram', { token: agent.token })).body).toEqual([]);
    expect((await h.request('GET', '/user/channel/?type=fax', { token: agent.token })).status).toBe(400);
  });
});

describe('channels: create, read, update, delete', () => {
  it('creates a web chat channel, connected, with a generated public widget key', async () => {
    const res = await h.request('POST', '/channels', { token: a.admin.token, body: webchat({ name: 'Site principal' }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Site principal', type: 'webchat', status: 'CONNECTED', webhook: null });
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(res.body.widget).toEqual({ scriptUrl: expect.stringMatching(/\/widget\.js$/), key: res.body.token });
    expect((await rowOf(a, res.body.id))!.token).toBe(res.body.token);
    const got = await h.request('GET', `/channels/${res.body.id}`, { token: a.admin.token });
    expect(got.body).toMatchObject({ id: res.body.id, name: 'Site principal' });
    const listed = (await h.request('GET', '/channels', { token: a.admin.token })).body;
    expect(listed.map((c: { id: number }) => c.id)).toContain(res.body.id);
  });

  it('masks every secret and shows the webhook URL and verify token to paste at Meta', async () => {
    const body = waba({ transcriptionKey: 'sk-transcribe-000011112222', webhookUrl: 'https://hooks.example.com/prosa' });
    const res = await h.request('POST', '/channels', {
      token: a.admin.token,
      body,
      headers: { host: 'prosa.example.com' },
    });
    expect(res.status).toBe(201);
    const row = (await rowOf(a, res.body.id))!;
    expect(row.token).toBe(body.token);
    expect(row.config.appSecret).toBe('app-secret-abcdef-9876');
    expect(row.webhookKey).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    expect(row.webhookSecret.length).toBeGreaterThanOrEqual(24);
    expect(res.body.token).toBe(`••••${body.token.slice(-4)}`);
    expect(res.body.config).toMatchObject({ appSecret: '••••9876', phoneNumberId: '123456789012' });
    expect(res.body.transcriptionKey).toBe('••••2222');
    expect(res.body.webhookSecret).toBe(`••••${row.webhookSecret.slice(-4)}`);
    const verifyToken = String(row.config.verifyToken);
    expect(verifyToken.length).toBeGreaterThanOrEqual(16);
    expect(res.body.webhook).toEqual({ url: `http://prosa.example.com/webhooks/waba/${row.webhookKey}`, verifyToken });
    // No secret in full anywhere in the answer.
    const text = JSON.stringify(res.body);
    for (const secret of [row.token, 'app-secret-abcdef-9876', 'sk-transcribe-000011112222', row.webhookSecret]) {
      expect(text).not.toContain(secret);
    }
  });

  it('on update an empty or masked secret keeps the stored one; a new one replaces it', async () => {
    const created = (await h.request('POST', '/channels', { token: a.admin.token, body: waba() })).body;
    const stored = (await rowOf(a, created.id))!;
    const keep = await h.request('PUT', `/channels/${created.id}`, {
      token: a.admin.token,
      body: { ...waba({ name: created.name }), token: created.token, config: { ...created.config, appSecret: '' } },
    });
    expect(keep.status).toBe(200);
    let row = (await rowOf(a, created.id))!;
    expect(row.token).toBe(stored.token);
    expect(row.config.appSecret).toBe(stored.config.appSecret);
    expect(row.config.verifyToken).toBe(stored.config.verifyToken);
    expect(row.webhookKey).toBe(stored.webhookKey);
    const fresh = `EAAG-${uniq()}-new-token-5678`;
    const replace = await h.request('PUT', `/channels/${created.id}`, {
      token: a.admin.token,
      body: { ...waba({ name: 'Renomeado' }), token: fresh },
    });
    expect(replace.body).toMatchObject({ name: 'Renomeado', token: '••••5678' });
    row = (await rowOf(a, created.id))!;
    expect(row.token).toBe(fresh);
  });

  it('generates the Telegram webhook key and secret and keeps them on update', async () => {
    const res = await h.request('POST', '/channels', {
      token: a.admin.token,
      body: { name: `Bot ${uniq()}`, type: 'telegram', token: `12345:${uniq()}-bot-token`, config: { webhookSecret: 'mine' } },
    });
    expect(res.status).toBe(201);
    const row = (await rowOf(a, res.body.id))!;
    expect(row.webhookKey).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    expect(String(row.config.webhookSecret)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(res.body.config.webhookSecret).toBe(`••••${String(row.config.webhookSecret).slice(-4)}`);
    expect(res.body.webhook).toEqual({ url: expect.stringContaining(`/webhooks/telegram/${row.webhookKey}`), verifyToken: null });
    await h.request('PUT', `/channels/${row.id}`, {
      token: a.admin.token,
      body: { name: row.name, type: 'telegram', token: '', farewellMessage: 'Tchau!' },
    });
    const after = (await rowOf(a, row.id))!;
    expect(after).toMatchObject({ token: row.token, webhookKey: row.webhookKey, farewellMessage: 'Tchau!' });
    expect(after.config.webhookSecret).toBe(row.config.webhookSecret);
  });

  it("an update keeps the config keys the form does not own (the demo flag) and clears the form's own", async () => {
    const created = (await h.request('POST', '/channels', { token: a.admin.token, body: webchat({ config: { title: 'Oi' } }) })).body;
    // The seed marks the demo companies' web chat channels this way; no form sends the flag.
    await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.update(channels, { config: { title: 'Oi', demo: true } }, eq(channels.id, created.id)),
    );
    const flow = await h.request('PUT', `/channels/${created.id}`, {
      token: a.admin.token,
      body: { name: created.name, type: 'webchat', config: { color: '#112233', demo: false }, chatFlowId: null },
    });
    expect(flow.status).toBe(200);
    const row = (await rowOf(a, created.id))!;
    // `title` is the form's own and was left out (cleared); `demo` is not the form's and stays.
    expect(row.config).toEqual({ color: '#112233', demo: true });
    expect((await demoChannels(h.app.platform.db)).map((c) => c.key)).toContain(row.token);
  });

  it('deletes a channel; then it is gone', async () => {
    const ch = (await h.request('POST', '/channels', { token: a.admin.token, body: webchat() })).body;
    expect((await h.request('DELETE', `/channels/${ch.id}`, { token: a.admin.token })).status).toBe(204);
    expect(await rowOf(a, ch.id)).toBeUndefined();
    expect((await h.request('GET', `/channels/${ch.id}`, { token: a.admin.token })).body).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
  });

  it('the session routes connect and disconnect a web chat channel', async () => {
    const ch = (await h.request('POST', '/channels', { token: a.admin.token, body: webchat() })).body;
    const off = await h.request('DELETE', `/channels/${ch.id}/session`, { token: a.admin.token });
    expect(off.body).toMatchObject({ id: ch.id, status: 'DISCONNECTED' });
    const on = await h.request('POST', `/channels/${ch.id}/session`, { token: a.admin.token });
    expect(on.body).toMatchObject({ id: ch.id, status: 'CONNECTED' });
    const again = await h.request('PUT', `/channels/${ch.id}/session`, { token: a.admin.token });
    expect(again.body).toMatchObject({ status: 'CONNECTED' });
  });
});

describe('channels: rejects', () => {
  const rejects = async (body: unknown, fields: Record<string, string>) => {
    const before = await countOf(a);
    const res = await h.request('POST', '/channels', { token: a.admin.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    expect(res.body.fields).toMatchObject(fields);
    expect(await countOf(a)).toBe(before);
  };

  it('validates the input (SPEC §5)', async () => {
    await rejects({ name: '  ', type: 'webchat' }, { name: 'validation.required' });
    await rejects({ name: 'X', type: 'fax' }, { type: expect.any(String) });
    await rejects({ name: 'Bot', type: 'telegram' }, { token: 'validation.required' });
    await rejects({ name: 'Bot', type: 'telegram', token: '••••abcd' }, { token: 'validation.required' });
    await rejects(
      { name: 'Insta', type: 'instagram', token: 'EAAG-token', config: { pageId: '1234567890', appSecret: 's3cr3t' } },
      { 'config.igUserId': 'validation.required' },
    );
    await rejects({ name: 'Page', type: 'messenger', token: 'EAAG-token', config: { appSecret: 's' } }, { 'config.pageId': 'validation.required' });
    await rejects(waba({ token: '' }), { token: 'validation.required' });
    await rejects(waba({ config: { phoneNumberId: 'abc', wabaId: '987654321098', appSecret: 'x' } }), {
      'config.phoneNumberId': 'validation.invalidValue',
    });
    await rejects(webchat({ ratingEnabled: true, ratingMessage: '' }), { ratingMessage: 'validation.required' });
    await rejects(webchat({ webhookUrl: 'ftp://nope' }), { webhookUrl: 'validation.invalidValue' });
    await rejects(webchat({ autoCloseTime: '2h' }), { autoCloseTime: 'validation.invalidValue' });
    await rejects(webchat({ importOptions: { enabled: true, from: '2025-01-01', to: '2025-03-01' } }), {
      'importOptions.to': 'channels.errors.importPeriod',
    });
  });

  it('refuses a duplicate name, on create and on update', async () => {
    const name = `Único ${uniq()}`;
    expect((await h.request('POST', '/channels', { token: a.admin.token, body: webchat({ name }) })).status).toBe(201);
    const dup = await h.request('POST', '/channels', { token: a.admin.token, body: webchat({ name }) });
    expect(dup).toMatchObject({ status: 409, body: { error: 'ERR_CHANNEL_NAME_EXISTS' } });
    const other = (await h.request('POST', '/channels', { token: a.admin.token, body: webchat() })).body;
    const put = await h.request('PUT', `/channels/${other.id}`, { token: a.admin.token, body: webchat({ name }) });
    expect(put).toMatchObject({ status: 409, body: { error: 'ERR_CHANNEL_NAME_EXISTS' } });
    // Another company may use the same name.
    expect((await h.request('POST', '/channels', { token: b.admin.token, body: webchat({ name }) })).status).toBe(201);
  });

  it('refuses a bot token another channel already uses, and a change of type', async () => {
    const token = `999:${uniq()}-shared`;
    const first = await h.request('POST', '/channels', { token: a.admin.token, body: { name: `T ${uniq()}`, type: 'telegram', token } });
    expect(first.status).toBe(201);
    const second = await h.request('POST', '/channels', { token: b.admin.token, body: { name: `T ${uniq()}`, type: 'telegram', token } });
    expect(second).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: { token: 'channels.errors.tokenInUse' } } });
    const retype = await h.request('PUT', `/channels/${first.body.id}`, { token: a.admin.token, body: webchat() });
    expect(retype).toMatchObject({ status: 400, body: { fields: { type: 'validation.invalidValue' } } });
  });

  it("refuses another company's queue or user as the default", async () => {
    const queueOfB = (await h.request('POST', '/queue', { token: b.admin.token, body: { name: `Q ${uniq()}`, color: '#123456' } })).body;
    const res = await h.request('POST', '/channels', { token: a.admin.token, body: webchat({ defaultQueueId: queueOfB.id }) });
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    const res2 = await h.request('POST', '/channels', { token: a.admin.token, body: webchat({ defaultUserId: b.admin.userId }) });
    expect(res2).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
  });
});

describe('channels: plan limit', () => {
  const planWith = async (maxConnections: number) => {
    const [plan] = await unsafeSystemDb(h.app.platform.db)
      .insert(plans)
      .values({ name: `Plano ${uniq()}`, maxUsers: 5, maxConnections, value: 10 })
      .returning();
    return h.company({ planId: plan!.id });
  };

  it("stops at the plan's connection limit", async () => {
    const c = await planWith(2);
    expect((await h.request('POST', '/channels', { token: c.admin.token, body: webchat() })).status).toBe(201);
    expect((await h.request('POST', '/channels', { token: c.admin.token, body: waba() })).status).toBe(201);
    const res = await h.request('POST', '/channels', { token: c.admin.token, body: webchat() });
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_CONNECTION_LIMIT_REACHED' } });
    expect(await countOf(c)).toBe(2);
    expect((await h.request('GET', '/tenants/plan/', { token: c.admin.token })).body.usage.connections).toBe(2);
  });

  it('holds the limit when admins create at the same time', async () => {
    const c = await planWith(2);
    const all = await Promise.all([1, 2, 3, 4, 5].map(() => h.request('POST', '/channels', { token: c.admin.token, body: webchat() })));
    expect(all.map((r) => r.status).sort()).toEqual([201, 201, 403, 403, 403]);
    expect(await countOf(c)).toBe(2);
  });
});

describe('channels: tenancy', () => {
  it("another company's channel answers 404 and is left unchanged", async () => {
    const ch = (await h.request('POST', '/channels', { token: a.admin.token, body: webchat({ name: `Privado ${uniq()}` }) })).body;
    const before = (await rowOf(a, ch.id))!;
    const tries = [
      await h.request('GET', `/channels/${ch.id}`, { token: b.admin.token }),
      await h.request('PUT', `/channels/${ch.id}`, { token: b.admin.token, body: webchat({ name: 'Hacked' }) }),
      await h.request('DELETE', `/channels/${ch.id}`, { token: b.admin.token }),
      await h.request('POST', `/channels/${ch.id}/session`, { token: b.admin.token }),
      await h.request('PUT', `/channels/${ch.id}/session`, { token: b.admin.token }),
      await h.request('DELETE', `/channels/${ch.id}/session`, { token: b.admin.token }),
    ];
    for (const res of tries) expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(await rowOf(a, ch.id)).toEqual(before);
    const listB = (await h.request('GET', '/channels', { token: b.admin.token })).body;
    expect(listB.find((x: { id: number }) => x.id === ch.id)).toBeUndefined();
    const pickB = (await h.request('GET', '/user/channel/', { token: b.admin.token })).body;
    expect(pickB.find((x: { id: number }) => x.id === ch.id)).toBeUndefined();
  });

  it("the operator lists every company's channels, without secrets", async () => {
    const ca = (await h.request('POST', '/channels', { token: a.admin.token, body: waba() })).body;
    const cb = (await h.request('POST', '/channels', { token: b.admin.token, body: webchat() })).body;
    expect((await h.request('GET', '/admin/channels', { token: a.admin.token })).status).toBe(403);
    const op = await h.operator();
    const res = await h.request('GET', '/admin/channels', { token: op.token });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.map((r: { id: number }) => [r.id, r]));
    expect(byId.get(ca.id)).toEqual({
      id: ca.id,
      tenantId: a.tenantId,
      tenantName: expect.any(String),
      name: ca.name,
      type: 'waba',
      status: 'DISCONNECTED',
      number: '',
    });
    expect(byId.get(cb.id)).toMatchObject({ tenantId: b.tenantId, type: 'webchat' });
    expect(JSON.stringify(res.body)).not.toMatch(/EAAG|app-secret|"token"/);
  });
});
