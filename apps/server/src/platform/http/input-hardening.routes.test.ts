/**
 * Issue 9: control characters (M1), the page picker's provider errors (L1), malformed multipart (L2),
 * loosely parsed path ids (L3) and framework errors outside the catalogue (L7). Each case answers `{ error: CODE }` from the catalogue and changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telegramChannel, arrived, newChatId } from '../../channels/testing/telegram.test-support.js';
import { openConversation, ticketMessages } from '../../modules/messages/messages.test-support.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { findControlChar, stripNul } from './control-chars.js';

let h: Harness;
let a: Company;
let b: Company;

beforeAll(async () => {
  // Nothing listens on port 9: the Graph API is unreachable (L1).
  h = await startHarness({ providers: { graphApiUrl: 'http://127.0.0.1:9', telegramApiRoot: 'http://127.0.0.1:9' } });
  a = await h.company();
  b = await h.company();
});
afterAll(() => h.close());

const tagsOf = async (c: Company) =>
  (await h.request('GET', '/tags', { token: c.admin.token })).body as { id: number; name: string }[];
const newTag = async (c: Company) =>
  (await h.request('POST', '/tags', { token: c.admin.token, body: { name: `T ${randomBytes(3).toString('hex')}`, color: '#123456' } }))
    .body as { id: number; name: string };

describe('control characters (M1)', () => {
  it('finds them anywhere in a value, keys included, but allows tab, LF and CR', () => {
    expect(findControlChar({ a: ['ok\t\n\r', { b: 'x\u0000' }] })).toBe('a.1.b');
    expect(findControlChar({ ['k\u0007']: 1 })).toBe('k\u0007');
    expect(findControlChar('\u001f')).toBe('_');
    expect(findControlChar({ a: 'olá\tmundo\r\n', n: 1, z: null })).toBeUndefined();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findControlChar(deep)).toMatch(/^0(\.0)*$/);
    expect(stripNul({ ['a\u0000']: ['b\u0000c', { d: '\u0000' }] })).toEqual({ a: ['bc', { d: '' }] });
  });

  it('a NUL in a body, a query or a path answers ERR_VALIDATION and creates nothing', async () => {
    const before = await tagsOf(a);
    const res = await h.request('POST', '/tags', { token: a.admin.token, body: { name: 'a\u0000b', color: '#123456' } });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: { name: 'validation.invalidValue' } } });
    const bell = await h.request('POST', '/tags', { token: a.admin.token, body: { name: 'a\u0007b', color: '#123456' } });
    expect(bell.body.error).toBe('ERR_VALIDATION');
    expect(await tagsOf(a)).toEqual(before);
    const search = await h.request('GET', '/tickets?searchParam=%00', { token: a.admin.token });
    expect(search).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    const contacts = await h.request('GET', '/contacts?searchParam=a%00b', { token: a.admin.token });
    expect(contacts.body.error).toBe('ERR_VALIDATION');
    const setting = await h.request('PUT', '/settings/%00', { token: a.admin.token, body: { value: 'x' } });
    expect(setting.body.error).toBe('ERR_VALIDATION');
  });

  it('text may still hold tabs and line breaks', async () => {
    const res = await h.request('POST', '/tags', { token: a.admin.token, body: { name: 'linha\tum', color: '#123456' } });
    expect(res.status).toBe(201);
  });

  it("a provider's webhook is not refused: the NUL is dropped and the message stored", async () => {
    const channel = await telegramChannel(h, a, `1:${randomBytes(8).toString('hex')}`);
    const chatId = newChatId();
    const update = {
      update_id: 1,
      message: { message_id: 7, date: 1_700_000_000, chat: { id: chatId, type: 'private' }, from: { id: chatId, is_bot: false, first_name: 'N\u0000ul' }, text: 'oi\u0000 tudo bem' },
    };
    const res = await h.request('POST', `/webhooks/telegram/${channel.webhookKey}`, {
      body: update,
      headers: { 'x-telegram-bot-api-secret-token': channel.config.webhookSecret as string },
    });
    expect(res.status).toBe(200);
    const [msg] = await arrived(h, a, channel, `${chatId}:7`);
    expect(msg!.body).toBe('oi tudo bem');
  });
});

describe('path ids are decimal digits only (L3)', () => {
  it('" 1", "0x10", "1e1", "+1" and a too large id answer ERR_VALIDATION and delete nothing', async () => {
    const t = await newTag(a);
    for (const id of [`%20${t.id}`, `0x${t.id.toString(16)}`, `${t.id}e0`, `+${t.id}`, `${t.id}.0`, '2147483648', '-1', '0']) {
      const res = await h.request('DELETE', `/tags/${id}`, { token: a.admin.token });
      expect(res, id).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    }
    expect((await tagsOf(a)).map((x) => x.id)).toContain(t.id);
    const ch = await h.request('DELETE', `/channels/%20${t.id}`, { token: a.admin.token });
    expect(ch.body.error).toBe('ERR_VALIDATION');
  });

  it("another company's tag id, well formed, is 404 and deletes nothing", async () => {
    const t = await newTag(a);
    const res = await h.request('DELETE', `/tags/${t.id}`, { token: b.admin.token });
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
    expect((await tagsOf(a)).map((x) => x.id)).toContain(t.id);
  });

  it('ids in bodies follow the same rule', async () => {
    const res = await h.request('PUT', '/tickets/1', { token: a.admin.token, body: { queueId: true } });
    expect(res.body.error).toBe('ERR_VALIDATION');
  });
});

describe('framework errors answer catalogue codes (L7)', () => {
  const raw = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: string) =>
    h.app.inject({ method, url, headers: { authorization: `Bearer ${a.admin.token}`, ...headers }, ...(payload === undefined ? {} : { payload }) });

  it('a badly encoded URL', async () => {
    const res = await raw('GET', '/channels/%ZZ', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'ERR_VALIDATION' });
  });

  it('malformed JSON, an empty JSON body and an unknown content type', async () => {
    const bad = await raw('POST', '/tags', { 'content-type': 'application/json' }, '{"name":');
    expect([bad.statusCode, bad.json()]).toEqual([400, { error: 'ERR_VALIDATION' }]);
    const empty = await raw('POST', '/tags', { 'content-type': 'application/json' }, '');
    expect([empty.statusCode, empty.json()]).toEqual([400, { error: 'ERR_VALIDATION' }]);
    const xml = await raw('POST', '/tags', { 'content-type': 'application/xml' }, '<tag/>');
    expect([xml.statusCode, xml.json()]).toEqual([415, { error: 'ERR_UNSUPPORTED_MEDIA_TYPE' }]);
  });

  it('a body over the limit', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024), color: '#123456' });
    const res = await raw('POST', '/tags', { 'content-type': 'application/json' }, big);
    expect([res.statusCode, res.json()]).toEqual([413, { error: 'ERR_REQUEST_TOO_LARGE' }]);
  });

  it('a request line the HTTP parser cannot read', async () => {
    const url = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(url);
    const net = await import('node:net');
    const answer = await new Promise<string>((resolve, reject) => {
      const s = net.connect(Number(port), '127.0.0.1', () => s.write('GET /\u0001 HTTP/1.1\r\nHost: x\r\n\r\n'));
      let text = '';
      s.on('data', (d) => (text += d.toString()));
      s.on('close', () => resolve(text));
      s.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer.split('\r\n\r\n')[1]).toBe('{"error":"ERR_VALIDATION"}');
  });
});

describe('malformed multipart (L2)', () => {
  const post = (url: string, contentType: string, payload: string) =>
    h.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${a.admin.token}`, 'content-type': contentType }, payload });
  const part = (name: string, value: string, file = '') =>
    `--b\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: text/plain` : ''}\r\n\r\n${value}`;

  it('without a boundary, truncated, or with a NUL in a field: ERR_VALIDATION, no message stored', async () => {
    const { ticketId } = await openConversation(h, a);
    const before = (await ticketMessages(h, a, ticketId)).length;
    for (const [contentType, payload] of [
      ['multipart/form-data', 'x'],
      ['multipart/form-data; boundary=b', part('file', 'hel', 'a.txt')],
      ['multipart/form-data; boundary=b', `${part('body', 'a\u0000b')}\r\n--b--\r\n`],
    ] as const) {
      const res = await post(`/messages/${ticketId}`, contentType, payload);
      expect([res.statusCode, res.json().error], payload).toEqual([400, 'ERR_VALIDATION']);
    }
    expect(await ticketMessages(h, a, ticketId)).toHaveLength(before);
    const ok = await post(`/messages/${ticketId}`, 'multipart/form-data; boundary=b', `${part('body', 'olá')}\r\n--b--\r\n`);
    expect(ok.statusCode).toBe(201);
  });

  it('the contacts import, likewise', async () => {
    for (const payload of ['x', part('file', 'Nome;Num', 'a.csv')]) {
      const contentType = payload === 'x' ? 'multipart/form-data' : 'multipart/form-data; boundary=b';
      const res = await post('/contacts/import', contentType, payload);
      expect([res.statusCode, res.json().error]).toEqual([400, 'ERR_VALIDATION']);
    }
  });
});

describe('page picker (L1)', () => {
  const pagesOf = (userAccessToken: string) =>
    h.request('POST', '/channels/meta/pages', { token: a.admin.token, body: { userAccessToken } });

  it('an unreachable Graph API answers ERR_PROVIDER_UNAVAILABLE', async () => {
    expect(await pagesOf('fake')).toMatchObject({ status: 502, body: { error: 'ERR_PROVIDER_UNAVAILABLE' } });
  });

  it('a token with spaces or characters outside ASCII is invalid input', async () => {
    for (const token of ['fa ke', 'façade', 'token€', 'x\ty']) {
      expect(await pagesOf(token), token).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION', fields: { userAccessToken: 'validation.invalidValue' } },
      });
    }
  });
});
