import { randomUUID } from 'node:crypto';
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

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(fields: Record<string, string>, file?: { data: Buffer; name: string }) {
  const boundary = `----prosa${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
async function send(
  method: 'POST' | 'PUT',
  url: string,
  token: string,
  fields: Record<string, string>,
  file?: { data: Buffer; name: string },
) {
  const { payload, contentType } = multipart(fields, file);
  const res = await h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

let n = 0;
const uniqueKey = (base = 'k') => `${base}${++n}`;
const create = async (s: Session, body: Record<string, unknown>) => {
  const res = await h.request('POST', '/fastreply', { token: s.token, body });
  expect(res.status).toBe(201);
  return res.body as { id: number; key: string };
};
const listOf = async (s: Session) =>
  (await h.request('GET', '/fastreply', { token: s.token })).body as { id: number; key: string; message: string }[];

describe('quick messages', () => {
  it('needs a token', async () => {
    expect((await h.request('GET', '/fastreply')).status).toBe(401);
    expect((await h.request('POST', '/fastreply', { body: { key: 'x', message: 'y' } })).body).toEqual({
      error: 'ERR_SESSION_EXPIRED',
    });
    expect((await h.request('PUT', '/fastreply/1', { body: { key: 'x', message: 'y' } })).status).toBe(401);
    expect((await h.request('DELETE', '/fastreply/1')).status).toBe(401);
    expect((await h.request('GET', '/fastreply/1/media')).status).toBe(401);
  });

  it('an agent creates, lists, updates and deletes their own', async () => {
    const key = uniqueKey('ola');
    const created = await h.request('POST', '/fastreply', {
      token: agent.token,
      body: { key, message: 'Olá {{name}}!' },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { key, message: 'Olá {{name}}!', showToAll: false, userId: agent.userId, media: null, can: { edit: true } },
    });
    expect((await listOf(agent)).map((q) => q.key)).toContain(key);
    const updated = await h.request('PUT', `/fastreply/${created.body.id}`, {
      token: agent.token,
      body: { key, message: 'Oi {{name}}', showToAll: true },
    });
    expect(updated).toMatchObject({ status: 200, body: { message: 'Oi {{name}}', showToAll: true } });
    expect((await h.request('DELETE', `/fastreply/${created.body.id}`, { token: agent.token })).status).toBe(204);
    expect(
      await h.request('PUT', `/fastreply/${created.body.id}`, { token: agent.token, body: { key, message: 'x' } }),
    ).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_FAST_REPLY_FOUND' },
    });
  });

  it('rejects bad input with a code and changes nothing', async () => {
    const q = await create(agent, { key: uniqueKey('intacta'), message: 'texto' });
    const before = await listOf(agent);
    expect(
      await h.request('POST', '/fastreply', { token: agent.token, body: { key: '  ', message: 'x' } }),
    ).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { key: 'validation.required' } },
    });
    // SPEC §5: message or file required.
    expect(
      await h.request('POST', '/fastreply', { token: agent.token, body: { key: 'vazia', message: '   ' } }),
    ).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { message: 'validation.required' } },
    });
    const put = await h.request('PUT', `/fastreply/${q.id}`, {
      token: agent.token,
      body: { key: 'x'.repeat(61), message: 'a' },
    });
    expect(put.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { key: 'validation.max' } });
    const empty = await h.request('PUT', `/fastreply/${q.id}`, {
      token: agent.token,
      body: { key: q.key, message: '' },
    });
    expect(empty.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { message: 'validation.required' } });
    expect(
      (await h.request('PUT', '/fastreply/abc', { token: agent.token, body: { key: 'a', message: 'b' } })).body.error,
    ).toBe('ERR_VALIDATION');
    expect((await h.request('DELETE', '/fastreply/0', { token: agent.token })).body.error).toBe('ERR_VALIDATION');
    expect(await listOf(agent)).toEqual(before);
  });

  it('refuses a key taken by the same owner or, for shared ones, by another shared one', async () => {
    const key = uniqueKey('dup');
    await create(agent, { key, message: 'um' });
    const other = await create(agent, { key: uniqueKey('outra'), message: 'dois' });
    expect(
      await h.request('POST', '/fastreply', { token: agent.token, body: { key: key.toUpperCase(), message: 'x' } }),
    ).toMatchObject({ status: 409, body: { error: 'ERR_FAST_REPLY_EXISTS' } });
    const rename = await h.request('PUT', `/fastreply/${other.id}`, {
      token: agent.token,
      body: { key, message: 'dois' },
    });
    expect(rename.body).toEqual({ error: 'ERR_FAST_REPLY_EXISTS' });
    // A colleague's private one may use the same key; a shared one clashes with another shared one.
    await create(colleague, { key, message: 'meu' });
    const shared = uniqueKey('comum');
    await create(agent, { key: shared, message: 'para todos', showToAll: true });
    expect(
      await h.request('POST', '/fastreply', {
        token: colleague.token,
        body: { key: shared, message: 'x', showToAll: true },
      }),
    ).toMatchObject({ status: 409, body: { error: 'ERR_FAST_REPLY_EXISTS' } });
    // Another company may use any key.
    expect(
      (
        await h.request('POST', '/fastreply', {
          token: b.admin.token,
          body: { key: shared, message: 'x', showToAll: true },
        })
      ).status,
    ).toBe(201);
  });

  it('two saves of one shared key at once: one wins, the other answers ERR_FAST_REPLY_EXISTS', async () => {
    const key = uniqueKey('corrida');
    const results = await Promise.all(
      [agent, colleague].map((s) =>
        h.request('POST', '/fastreply', { token: s.token, body: { key, message: 'x', showToAll: true } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)?.body).toEqual({ error: 'ERR_FAST_REPLY_EXISTS' });
    expect((await listOf(a.admin)).filter((q) => q.key === key)).toHaveLength(1);
  });

  it("a private one is its owner's alone; a shared one is seen by all, changed by its owner or an admin", async () => {
    const mine = await create(agent, { key: uniqueKey('privada'), message: 'só minha' });
    const shared = await create(agent, { key: uniqueKey('todos'), message: 'de todos', showToAll: true });
    for (const s of [colleague, a.admin]) {
      const seen = await listOf(s);
      expect(seen.find((q) => q.id === mine.id)).toBeUndefined();
      expect(seen.find((q) => q.id === shared.id)).toMatchObject({ message: 'de todos' });
      expect(
        await h.request('PUT', `/fastreply/${mine.id}`, { token: s.token, body: { key: 'x', message: 'hack' } }),
      ).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_FAST_REPLY_FOUND' },
      });
      expect((await h.request('DELETE', `/fastreply/${mine.id}`, { token: s.token })).status).toBe(404);
    }
    // A colleague (not admin) may not change the shared one.
    const refused = await h.request('PUT', `/fastreply/${shared.id}`, {
      token: colleague.token,
      body: { key: 'x', message: 'hack', showToAll: true },
    });
    expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await h.request('DELETE', `/fastreply/${shared.id}`, { token: colleague.token })).status).toBe(403);
    expect((await listOf(colleague)).find((q) => q.id === shared.id)).toMatchObject({
      message: 'de todos',
      can: { edit: false },
    });
    expect((await listOf(agent)).find((q) => q.id === mine.id)).toMatchObject({ message: 'só minha' });
    // An admin may.
    const byAdmin = await h.request('PUT', `/fastreply/${shared.id}`, {
      token: a.admin.token,
      body: { key: shared.key, message: 'revisada', showToAll: true },
    });
    expect(byAdmin).toMatchObject({ status: 200, body: { message: 'revisada', userId: agent.userId } });
    expect((await h.request('DELETE', `/fastreply/${shared.id}`, { token: a.admin.token })).status).toBe(204);
  });

  it('keeps a file (multipart), serves it to who may see it, replaces and removes it', async () => {
    const key = uniqueKey('foto');
    const created = await send(
      'POST',
      '/fastreply',
      agent.token,
      { key, message: '', showToAll: 'false' },
      { data: PNG, name: 'foto.png' },
    );
    expect(created).toMatchObject({ status: 201, body: { key, media: { name: 'foto.png', mimeType: 'image/png' } } });
    const id = created.body.id as number;
    const media = await h.app.inject({
      method: 'GET',
      url: `/fastreply/${id}/media`,
      headers: { authorization: `Bearer ${agent.token}` },
    });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/png');
    expect(media.rawPayload.equals(PNG)).toBe(true);
    // Private: a colleague and another company do not get it.
    for (const token of [colleague.token, b.admin.token]) {
      const res = await h.request('GET', `/fastreply/${id}/media`, { token });
      expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_FAST_REPLY_FOUND' } });
    }
    // A file that is not allowed is refused, and the stored one stays.
    const html = await send(
      'PUT',
      `/fastreply/${id}`,
      agent.token,
      { key, message: '' },
      { data: Buffer.from('<html><script>x</script>'), name: 'x.html' },
    );
    expect(html.body).toEqual({ error: 'ERR_FILE_TYPE_NOT_ALLOWED' });
    // JSON update keeps the file; removing it with no message is refused.
    expect(
      await h.request('PUT', `/fastreply/${id}`, { token: agent.token, body: { key, message: 'legenda' } }),
    ).toMatchObject({
      status: 200,
      body: { message: 'legenda', media: { name: 'foto.png' } },
    });
    const bare = await h.request('PUT', `/fastreply/${id}`, {
      token: agent.token,
      body: { key, message: '', removeFile: true },
    });
    expect(bare.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { message: 'validation.required' } });
    const removed = await h.request('PUT', `/fastreply/${id}`, {
      token: agent.token,
      body: { key, message: 'só texto', removeFile: true },
    });
    expect(removed).toMatchObject({ status: 200, body: { media: null } });
    expect((await h.request('GET', `/fastreply/${id}/media`, { token: agent.token })).status).toBe(404);
  });

  it("another tenant's quick message answers 404 and is left unchanged", async () => {
    const q = await create(a.admin, { key: uniqueKey('empresa'), message: 'nossa', showToAll: true });
    const put = await h.request('PUT', `/fastreply/${q.id}`, {
      token: b.admin.token,
      body: { key: 'hack', message: 'hack', showToAll: true },
    });
    expect(put).toMatchObject({ status: 404, body: { error: 'ERR_NO_FAST_REPLY_FOUND' } });
    expect(await h.request('DELETE', `/fastreply/${q.id}`, { token: b.admin.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_FAST_REPLY_FOUND' },
    });
    expect((await listOf(b.admin)).find((x) => x.id === q.id)).toBeUndefined();
    expect((await listOf(agent)).find((x) => x.id === q.id)).toMatchObject({ message: 'nossa' });
  });
});
