import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';

const open: Socket[] = [];
afterAll(() => open.forEach((s) => s.close()));

async function listen(h: Harness): Promise<string> {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
}

function socketFor(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
    open.push(s);
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

const collect = (s: Socket, event: string) => {
  const got: unknown[] = [];
  s.on(event, (p) => got.push(p));
  return got;
};
const next = <T>(s: Socket, event: string, match: (p: T) => boolean = () => true) =>
  new Promise<T>((resolve) => {
    const on = (p: T) => {
      if (!match(p)) return;
      s.off(event, on);
      resolve(p);
    };
    s.on(event, on);
  });
type MessageEvent = { message: { body: string; senderId: number } };

describe('internal chat in real time', () => {
  let h: Harness;
  let url: string;
  let a: Company;
  let b: Company;
  let ana: Session;
  let bia: Session;
  let caio: Session;
  beforeAll(async () => {
    h = await startHarness();
    url = await listen(h);
    a = await h.company();
    b = await h.company();
    [ana, bia, caio] = [await h.user(a, 'user'), await h.user(a, 'user'), await h.user(a, 'user')];
  });
  afterAll(() => h.close());

  it("a 1:1 message reaches the recipient's and the sender's sockets only", async () => {
    const [sa, sb, sc, sAdmin, sOther] = await Promise.all(
      [ana, bia, caio, a.admin, b.admin].map((s) => socketFor(url, s.token)),
    );
    const leaks = [
      collect(sc!, 'chat-interno:message'),
      collect(sAdmin!, 'chat-interno:message'),
      collect(sOther!, 'chat-interno:message'),
    ];
    const toBia = next<MessageEvent>(sb!, 'chat-interno:message');
    const echo = next<MessageEvent>(sa!, 'chat-interno:message');
    await h.request('POST', `/chat-interno/mensagens/${bia.userId}`, {
      token: ana.token,
      body: { body: 'só para a Bia' },
    });
    expect((await toBia).message).toMatchObject({ body: 'só para a Bia', senderId: ana.userId });
    expect((await echo).message.body).toBe('só para a Bia');
    // A later message to Caio arrives to him: by then the first would have reached everyone it was sent to.
    const toCaio = next<MessageEvent>(sc!, 'chat-interno:message');
    await h.request('POST', `/chat-interno/mensagens/${caio.userId}`, {
      token: ana.token,
      body: { body: 'para o Caio' },
    });
    await toCaio;
    expect(leaks[0]!.map((p) => (p as MessageEvent).message.body)).toEqual(['para o Caio']);
    expect(leaks[1]).toEqual([]);
    expect(leaks[2]).toEqual([]);
  });

  it('a group message reaches the members only; a removed member stops receiving', async () => {
    const g = (
      await h.request('POST', '/group', {
        token: ana.token,
        body: { name: 'Sala', userIds: [bia.userId, caio.userId] },
      })
    ).body as { id: number };
    const [sb, sc, sAdmin] = await Promise.all([bia, caio, a.admin].map((s) => socketFor(url, s.token)));
    const adminGot = collect(sAdmin!, 'chat-interno:message');
    const caioGot = collect(sc!, 'chat-interno:message');
    let toBia = next<MessageEvent>(sb!, 'chat-interno:message');
    await h.request('POST', `/chat-interno/mensagens/${g.id}?isGroup=true`, { token: ana.token, body: { body: 'um' } });
    await toBia;
    await h.request('DELETE', `/group/user?groupId=${g.id}&userId=${caio.userId}`, { token: ana.token });
    toBia = next<MessageEvent>(sb!, 'chat-interno:message');
    await h.request('POST', `/chat-interno/mensagens/${g.id}?isGroup=true`, {
      token: ana.token,
      body: { body: 'dois' },
    });
    expect((await toBia).message.body).toBe('dois');
    expect(caioGot.map((p) => (p as MessageEvent).message.body)).toEqual(['um']);
    expect(adminGot).toEqual([]);
  });

  it('presence: setUserActive -> online, setUserIdle -> idle, no socket -> offline', async () => {
    // A user with no socket open yet (the tests above leave theirs open).
    const dani = await h.user(a, 'user');
    const watcher = await socketFor(url, a.admin.token);
    const outsider = await socketFor(url, b.admin.token);
    const leaked = collect(outsider, 'user:presence');
    const presenceOf = async () =>
      (
        (await h.request('GET', '/users/chat-interno/', { token: a.admin.token })).body as {
          id: number;
          presence: string;
        }[]
      ).find((p) => p.id === dani.userId)?.presence;
    const s = await socketFor(url, dani.token);
    const isDani = (p: { userId: number }) => p.userId === dani.userId;
    let seen = next<{ userId: number; presence: string }>(watcher, 'user:presence', isDani);
    s.emit('setUserActive', a.tenantId);
    expect((await seen).presence).toBe('online');
    expect(await presenceOf()).toBe('online');
    seen = next<{ userId: number; presence: string }>(watcher, 'user:presence', isDani);
    s.emit('setUserIdle', b.tenantId); // another tenant: ignored
    s.emit('setUserIdle', a.tenantId);
    expect((await seen).presence).toBe('idle');
    expect(await presenceOf()).toBe('idle');
    seen = next<{ userId: number; presence: string }>(watcher, 'user:presence', isDani);
    s.close();
    expect((await seen).presence).toBe('offline');
    expect(await presenceOf()).toBe('offline');
    expect(leaked).toEqual([]);
  });
});

// Two app instances share events through Redis; needs the PostgreSQL + Redis pass of CI.
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('internal chat across two instances', () => {
  it('a message posted on one instance reaches the recipient connected to the other, and no one else', async () => {
    const one = await startHarness();
    const two = await startHarness({}, { shareWith: one });
    try {
      await listen(one);
      const url2 = await listen(two);
      const c = await one.company();
      const [x, y, z] = [await one.user(c, 'user'), await one.user(c, 'user'), await one.user(c, 'user')];
      const sy = await socketFor(url2, y.token);
      const sz = await socketFor(url2, z.token);
      const leak = collect(sz, 'chat-interno:message');
      const got = next<MessageEvent>(sy, 'chat-interno:message');
      await one.request('POST', `/chat-interno/mensagens/${y.userId}`, {
        token: x.token,
        body: { body: 'entre instâncias' },
      });
      expect((await got).message.body).toBe('entre instâncias');
      const toZ = next<MessageEvent>(sz, 'chat-interno:message');
      await one.request('POST', `/chat-interno/mensagens/${z.userId}`, { token: x.token, body: { body: 'para z' } });
      await toZ;
      expect(leak.map((p) => (p as MessageEvent).message.body)).toEqual(['para z']);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
