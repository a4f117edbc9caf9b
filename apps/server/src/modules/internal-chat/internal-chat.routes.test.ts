import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalMessages } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';

let h: Harness;
let a: Company;
let b: Company;
let ana: Session;
let bia: Session;
let caio: Session;
let outsider: Session;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  ana = await h.user(a, 'user');
  bia = await h.user(a, 'user');
  caio = await h.user(a, 'user');
  outsider = await h.user(b, 'user');
});
afterAll(() => h.close());

const send = (from: Session, id: number, body: unknown, group = false) =>
  h.request('POST', `/chat-interno/mensagens/${id}${group ? '?isGroup=true' : ''}`, { token: from.token, body });
const read = (who: Session, id: number, group = false, extra = '') =>
  h.request('GET', `/chat-interno/mensagens/${id}?isGroup=${group}${extra}`, { token: who.token });
const unread = async (who: Session) =>
  (await h.request('GET', '/chat-interno/count/mensagens', { token: who.token })).body.count as number;
const messageCount = (tenantId: number) => withTenant(h.app.platform.db, tenantId, (s) => s.count(internalMessages));
const newGroup = async (owner: Session, name: string, userIds: number[]) =>
  (await h.request('POST', '/group', { token: owner.token, body: { name, userIds } })).body as {
    id: number;
    userIds: number[];
  };

describe('internal chat', () => {
  it('needs a token', async () => {
    for (const [method, url] of [
      ['GET', '/users/chat-interno/'],
      ['GET', '/chat-interno/count/mensagens'],
      ['GET', '/chat-interno/mensagens/1'],
      ['POST', '/chat-interno/mensagens/1'],
      ['PUT', '/chat-interno/mensagens/1'],
      ['GET', '/group'],
      ['POST', '/group'],
      ['PUT', '/group/1'],
      ['DELETE', '/group/1'],
      ['POST', '/group/user'],
      ['DELETE', '/group/user?groupId=1&userId=1'],
      ['GET', '/chat-interno/media/1'],
    ] as const) {
      const res = await h.request(method, url, { body: method === 'POST' ? { body: 'x', name: 'x' } : undefined });
      expect(res, `${method} ${url}`).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    }
  });

  it('1:1: a message is unread for the recipient until read; the people list shows counts and presence', async () => {
    const sent = await send(ana, bia.userId, { body: 'Oi Bia' });
    expect(sent).toMatchObject({
      status: 201,
      body: [{ body: 'Oi Bia', senderId: ana.userId, recipientId: bia.userId }],
    });
    await send(ana, bia.userId, { body: 'Tudo bem?' });
    expect(await unread(bia)).toBe(2);
    expect(await unread(ana)).toBe(0);
    const people = (await h.request('GET', '/users/chat-interno/', { token: bia.token })).body as {
      id: number;
      unread: number;
      presence: string;
    }[];
    expect(people.find((p) => p.id === bia.userId)).toBeUndefined();
    expect(people.find((p) => p.id === ana.userId)).toMatchObject({ unread: 2, presence: 'offline' });
    const both = [await read(bia, ana.userId), await read(ana, bia.userId)];
    for (const page of both)
      expect(page.body.messages.map((m: { body: string }) => m.body)).toEqual(['Oi Bia', 'Tudo bem?']);
    const marked = await h.request('PUT', `/chat-interno/mensagens/${ana.userId}`, { token: bia.token });
    expect(marked).toMatchObject({ status: 200, body: { count: 0 } });
    expect(await unread(bia)).toBe(0);
    expect((await read(ana, bia.userId)).body.messages[0].readAt).not.toBeNull();
  });

  it('pages the history back with `before`, oldest first within a page', async () => {
    const u1 = await h.user(a, 'user');
    const u2 = await h.user(a, 'user');
    await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.insert(
        internalMessages,
        Array.from({ length: 35 }, (_, i) => ({ senderId: u1.userId, recipientId: u2.userId, body: `m${i}` })),
      ),
    );
    const first = await read(u2, u1.userId);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.messages).toHaveLength(30);
    expect(first.body.messages.at(-1).body).toBe('m34');
    const older = await read(u2, u1.userId, false, `&before=${first.body.messages[0].id}`);
    expect(older.body).toMatchObject({ hasMore: false });
    expect(older.body.messages.map((m: { body: string }) => m.body)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
  });

  it('rejects bad input with its code and writes nothing', async () => {
    const before = await messageCount(a.tenantId);
    expect(await send(ana, bia.userId, { body: '   ' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { body: 'validation.required' } },
    });
    expect((await send(ana, bia.userId, { body: 'x'.repeat(10_001) })).body).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((await send(ana, ana.userId, { body: 'eu' })).body).toMatchObject({ error: 'ERR_NO_USER_FOUND' });
    expect(
      (await h.request('POST', '/chat-interno/mensagens/abc', { token: ana.token, body: { body: 'x' } })).body.error,
    ).toBe('ERR_VALIDATION');
    expect(
      (
        await h.request('POST', `/chat-interno/mensagens/${bia.userId}?isGroup=talvez`, {
          token: ana.token,
          body: { body: 'x' },
        })
      ).body.error,
    ).toBe('ERR_VALIDATION');
    expect(await h.request('POST', '/group', { token: ana.token, body: { name: ' ', userIds: [] } })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { name: 'validation.required' } },
    });
    expect((await h.request('POST', '/group/user', { token: ana.token, body: { groupId: 'x' } })).body.error).toBe(
      'ERR_VALIDATION',
    );
    expect(await messageCount(a.tenantId)).toBe(before);
    expect(
      (await h.request('GET', '/group', { token: ana.token })).body.map((g: { name: string }) => g.name),
    ).not.toContain(' ');
  });

  it('groups: members talk and read; a non-member gets 404; only the owner or an admin manages it', async () => {
    const g = await newGroup(ana, 'Turma', [bia.userId]);
    expect(g.userIds).toEqual([ana.userId, bia.userId].sort((x, y) => x - y));
    expect((await send(bia, g.id, { body: 'Olá grupo' }, true)).status).toBe(201);
    expect(await unread(ana)).toBe(1);
    expect(
      (await h.request('GET', '/group', { token: ana.token })).body.find((x: { id: number }) => x.id === g.id),
    ).toMatchObject({
      unread: 1,
      canManage: true,
    });
    expect((await h.request('PUT', `/chat-interno/mensagens/${g.id}?isGroup=true`, { token: ana.token })).body).toEqual(
      { count: 0 },
    );

    // Caio is not a member: the group does not exist for him.
    const before = await messageCount(a.tenantId);
    for (const res of [
      await read(caio, g.id, true),
      await send(caio, g.id, { body: 'entrando' }, true),
      await h.request('PUT', `/chat-interno/mensagens/${g.id}?isGroup=true`, { token: caio.token }),
      await h.request('PUT', `/group/${g.id}`, { token: caio.token, body: { name: 'Minha' } }),
      await h.request('DELETE', `/group/${g.id}`, { token: caio.token }),
      await h.request('POST', '/group/user', { token: caio.token, body: { groupId: g.id, userId: caio.userId } }),
    ])
      expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_CHAT_GROUP_FOUND' } });
    expect(await messageCount(a.tenantId)).toBe(before);

    // Bia is a member but not the owner: she may not manage it, but she may leave.
    for (const res of [
      await h.request('PUT', `/group/${g.id}`, { token: bia.token, body: { name: 'Da Bia' } }),
      await h.request('DELETE', `/group/${g.id}`, { token: bia.token }),
      await h.request('POST', '/group/user', { token: bia.token, body: { groupId: g.id, userId: caio.userId } }),
    ])
      expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });

    expect(
      (await h.request('POST', '/group/user', { token: ana.token, body: { groupId: g.id, userId: caio.userId } }))
        .status,
    ).toBe(204);
    expect((await read(caio, g.id, true)).body.messages.map((m: { body: string }) => m.body)).toEqual(['Olá grupo']);
    // What was said before he joined is history, not unread.
    expect(await unread(caio)).toBe(0);
    expect(
      await h.request('DELETE', `/group/user?groupId=${g.id}&userId=${bia.userId}`, { token: bia.token }),
    ).toMatchObject({ status: 204 });
    expect(await read(bia, g.id, true)).toMatchObject({ status: 404 });
    expect(
      (await h.request('PUT', `/group/${g.id}`, { token: ana.token, body: { name: 'Turma 2' } })).body,
    ).toMatchObject({
      name: 'Turma 2',
    });
    expect((await h.request('DELETE', `/group/${g.id}`, { token: ana.token })).status).toBe(204);
    expect(await read(ana, g.id, true)).toMatchObject({ status: 404 });
  });

  it('a group started from a team takes its members', async () => {
    const team = await h.request('POST', '/teams', {
      token: a.admin.token,
      body: { name: 'Plantão', userIds: [bia.userId, caio.userId] },
    });
    const g = await h.request('POST', '/group', {
      token: ana.token,
      body: { name: 'Plantão', userIds: [], teamId: team.body.id },
    });
    expect(g).toMatchObject({ status: 201, body: { teamId: team.body.id } });
    expect(g.body.userIds).toEqual([ana.userId, bia.userId, caio.userId].sort((x, y) => x - y));
    const filtered = await h.request('GET', `/users/chat-interno/?teamId=${team.body.id}`, { token: ana.token });
    expect(filtered.body.map((p: { id: number }) => p.id).sort()).toEqual([bia.userId, caio.userId].sort());    // An unknown team (or another company's) is refused and no group is made.
    const groupsBefore = (await h.request('GET', '/group', { token: ana.token })).body.length;
    const unknown = await h.request('POST', '/group', { token: ana.token, body: { name: 'Fantasma', userIds: [], teamId: 999_999 } });
    expect(unknown).toMatchObject({ status: 404, body: { error: 'ERR_NO_TEAM_FOUND' } });
    expect((await h.request('GET', '/group', { token: ana.token })).body.length).toBe(groupsBefore);
  });

  it("another company's users, groups and messages answer 404 and nothing changes", async () => {
    const g = await newGroup(ana, 'Só A', [bia.userId]);
    await send(ana, bia.userId, { body: 'privado' });
    const beforeA = await messageCount(a.tenantId);
    const beforeB = await messageCount(b.tenantId);
    expect(await send(outsider, ana.userId, { body: 'oi' })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_USER_FOUND' },
    });
    expect(await read(outsider, ana.userId)).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect(await h.request('PUT', `/chat-interno/mensagens/${ana.userId}`, { token: outsider.token })).toMatchObject({
      status: 404,
    });
    expect(await read(outsider, g.id, true)).toMatchObject({ status: 404, body: { error: 'ERR_NO_CHAT_GROUP_FOUND' } });
    expect(await send(outsider, g.id, { body: 'x' }, true)).toMatchObject({ status: 404 });
    expect(await h.request('PUT', `/group/${g.id}`, { token: b.admin.token, body: { name: 'Hack' } })).toMatchObject({
      status: 404,
    });
    expect(await h.request('DELETE', `/group/${g.id}`, { token: b.admin.token })).toMatchObject({ status: 404 });
    // B's group cannot take A's users.
    expect(
      await h.request('POST', '/group', { token: outsider.token, body: { name: 'Mista', userIds: [ana.userId] } }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    const bGroup = await newGroup(outsider, 'De B', []);
    expect(
      await h.request('POST', '/group/user', {
        token: outsider.token,
        body: { groupId: bGroup.id, userId: ana.userId },
      }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    const people = (await h.request('GET', '/users/chat-interno/', { token: outsider.token })).body as { id: number }[];
    expect(people.map((p) => p.id)).not.toContain(ana.userId);
    expect(await messageCount(a.tenantId)).toBe(beforeA);
    expect(await messageCount(b.tenantId)).toBe(beforeB);
    expect(
      (await h.request('GET', '/group', { token: ana.token })).body.find((x: { id: number }) => x.id === g.id),
    ).toMatchObject({
      name: 'Só A',
    });
    const msg = await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.first(internalMessages, eq(internalMessages.body, 'privado')),
    );
    expect(await h.request('GET', `/chat-interno/media/${msg!.id}`, { token: outsider.token })).toMatchObject({
      status: 404,
    });
  });

  it('sends a file as a message and serves it only to the participants', async () => {
    const boundary = '----prosa';
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nveja\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: `/chat-interno/mensagens/${bia.userId}`,
      headers: { authorization: `Bearer ${ana.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(201);
    const [m] = res.json() as { id: number; mediaUrl: string; body: string; mediaType: string }[];
    expect(m).toMatchObject({ body: 'veja', mediaType: 'image', mediaUrl: `/chat-interno/media/${m!.id}` });
    const got = await h.request('GET', m!.mediaUrl, { token: bia.token });
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect((await h.request('GET', m!.mediaUrl, { token: caio.token })).status).toBe(404);
  });
});
