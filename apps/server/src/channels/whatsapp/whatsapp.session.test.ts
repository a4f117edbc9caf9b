/**
 * The WhatsApp Web session on a fake Baileys socket (no network): QR pairing through the real
 * supervisor and socket events, reconnects with backoff, logout, the auth state in the database.
 */
import type { AuthenticationCreds, KeyPair, WAVersion } from 'baileys';
import { io as connectIo, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import type { ChannelRow, ChannelSession, SessionState } from '../../modules/channels/channel-adapter.js';
import { fakeSockets } from './fakes/fake-socket.js';
import { createWhatsappAdapter } from './whatsapp.adapter.js';
import { baileys } from './whatsapp.jid.js';
import { BROWSER, defaultBackoff } from './whatsapp.session.js';
import { liveSocketOf } from './whatsapp.socket.js';
import { authKeys, channelRow, sessionContext, until, useAdapter, whatsappChannel } from '../testing/whatsapp.test-support.js';

let h: Harness;
let a: Company;
let restore: () => void;
const fake = fakeSockets();
const waits: number[] = [];
const VERSION: WAVersion = [2, 3000, 1012345678];
const adapter = createWhatsappAdapter({
  makeSocket: fake.makeSocket,
  version: VERSION,
  backoffMs: (n) => (waits.push(n), 30 * n),
});

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  restore = useAdapter(adapter);
});
afterAll(async () => {
  restore();
  await h.close();
});

const socketsSince = (n: number) => fake.made.length - n;
async function connect(channel: ChannelRow, states: SessionState[] = []): Promise<ChannelSession> {
  const session = await adapter.connect!(sessionContext(h.app.platform, channel, states));
  if (!session) throw new Error('expected a session');
  return session;
}

describe(`whatsapp session (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('QR flow through the supervisor: qrcode saved and sent to admins, then CONNECTED with the number', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
    const admin: Socket = connectIo(url, {
      auth: { token: a.admin.token },
      transports: ['websocket'],
      reconnection: false,
    });
    const seen: { status: string; qrcode: string; number: string }[] = [];
    admin.on('channel:session', (p) => seen.push(p));
    await new Promise<void>((r) => admin.once('connect', () => r()));
    try {
      const channel = await whatsappChannel(h, a);
      await h.app.platform.sessions.connect(a.tenantId, channel.id);
      const socket = fake.last();
      expect(socket.config).toMatchObject({
        version: VERSION,
        browser: BROWSER,
        emitOwnEvents: false,
        markOnlineOnConnect: false,
      });
      expect(BROWSER[0]).toBe('Prosa');

      socket.showQr('2@Qm9hIHRhcmRl,aGVsbG8=,d29ybGQ=,ZmFrZQ==');
      const withQr = await until(
        () => channelRow(h, a, channel),
        (r) => r?.status === 'qrcode',
      );
      expect(withQr).toMatchObject({ status: 'qrcode', qrcode: '2@Qm9hIHRhcmRl,aGVsbG8=,d29ybGQ=,ZmFrZQ==' });

      socket.pair('5511900002222');
      socket.open();
      const open = await until(
        () => channelRow(h, a, channel),
        (r) => r?.status === 'CONNECTED',
      );
      expect(open).toMatchObject({ status: 'CONNECTED', number: '5511900002222', qrcode: '', retries: 0 });
      expect(liveSocketOf(channel.id)?.number).toBe('5511900002222');
      await until(
        async () => seen,
        (s) => s.some((x) => x.status === 'CONNECTED'),
      );
      expect(seen.map((s) => s.status)).toEqual(['OPENING', 'qrcode', 'CONNECTED']);
      expect(seen[1]!.qrcode).toBe('2@Qm9hIHRhcmRl,aGVsbG8=,d29ybGQ=,ZmFrZQ==');

      // Disconnect with logout (the default of DELETE /channels/:id/session): unpaired, pairing forgotten.
      expect((await authKeys(h, a, channel)).map((k) => k.key)).toContain('creds');
      await h.app.platform.sessions.disconnect(a.tenantId, channel.id, { logout: true });
      expect(socket.calls).toContain('logout');
      expect(await authKeys(h, a, channel)).toEqual([]);
      expect(liveSocketOf(channel.id)).toBeUndefined();
      expect((await channelRow(h, a, channel))?.status).toBe('DISCONNECTED');
    } finally {
      admin.close();
    }
  });

  it('a dropped connection reconnects with backoff, TIMEOUT/OPENING with the retries, back to 0 when open', async () => {
    const channel = await whatsappChannel(h, a);
    const states: SessionState[] = [];
    const session = await connect(channel, states);
    try {
      const first = fake.last();
      first.pair('5511900003333');
      first.open();
      const before = fake.made.length;
      waits.length = 0;
      first.close(428);
      await until(
        async () => socketsSince(before),
        (n) => n === 1,
      );
      fake.last().close(408);
      await until(
        async () => socketsSince(before),
        (n) => n === 2,
      );
      fake.last().open();
      await until(
        async () => states,
        (s) => s.at(-1)?.status === 'CONNECTED' && s.length >= 6,
      );
      expect(waits).toEqual([1, 2]);
      expect(states.slice(1)).toEqual([
        { status: 'TIMEOUT', retries: 1 },
        { status: 'OPENING', retries: 1 },
        { status: 'TIMEOUT', retries: 2 },
        { status: 'OPENING', retries: 2 },
        { status: 'CONNECTED', number: '5511900003333', retries: 0 },
      ]);
      expect(
        await until(
          () => channelRow(h, a, channel),
          (r) => r?.status === 'CONNECTED',
        ),
      ).toMatchObject({ status: 'CONNECTED', retries: 0 });
      expect(liveSocketOf(channel.id)).toBeDefined();
    } finally {
      await session.stop();
    }
    expect(defaultBackoff(1)).toBe(1000);
    expect(defaultBackoff(3)).toBe(4000);
    expect(defaultBackoff(20)).toBe(60_000);
  });

  it('restart required (after pairing) reopens at once without counting a retry', async () => {
    const channel = await whatsappChannel(h, a);
    const states: SessionState[] = [];
    const session = await connect(channel, states);
    try {
      const before = fake.made.length;
      fake.last().pair('5511900004444');
      fake.last().close(515);
      await until(
        async () => socketsSince(before),
        (n) => n === 1,
      );
      fake.last().open();
      await until(
        async () => states,
        (s) => s.at(-1)?.status === 'CONNECTED',
      );
      expect(states).toEqual([
        { status: 'OPENING', retries: 0 },
        { status: 'CONNECTED', number: '5511900004444', retries: 0 },
      ]);
    } finally {
      await session.stop();
    }
  });

  it('logged out from the phone: the pairing is cleared, DISCONNECTED, no reconnect', async () => {
    const channel = await whatsappChannel(h, a);
    const states: SessionState[] = [];
    const session = await connect(channel, states);
    fake.last().pair('5511900005555');
    fake.last().open();
    await until(
      () => authKeys(h, a, channel),
      (rows) => rows.length > 0,
    );
    const before = fake.made.length;
    fake.last().close(401);
    await until(
      async () => states,
      (s) => s.at(-1)?.status === 'DISCONNECTED',
    );
    await new Promise((r) => setTimeout(r, 150));
    expect(socketsSince(before)).toBe(0);
    expect(await authKeys(h, a, channel)).toEqual([]);
    expect(
      (
        await until(
          () => channelRow(h, a, channel),
          (r) => r?.status === 'DISCONNECTED',
        )
      )?.status,
    ).toBe('DISCONNECTED');
    expect(liveSocketOf(channel.id)).toBeUndefined();
    await session.stop();
  });

  it('a QR code never scanned ends the attempt (DISCONNECTED), it does not loop on new codes', async () => {
    const channel = await whatsappChannel(h, a);
    const states: SessionState[] = [];
    const session = await connect(channel, states);
    const before = fake.made.length;
    fake.last().showQr('2@abc');
    fake.last().close(408);
    await until(
      async () => states,
      (s) => s.at(-1)?.status === 'DISCONNECTED',
    );
    expect(states.map((s) => s.status)).toEqual(['qrcode', 'DISCONNECTED']);
    expect(socketsSince(before)).toBe(0);
    await session.stop();
  });

  it('stop() cancels a pending reconnect and ends the socket', async () => {
    const channel = await whatsappChannel(h, a);
    const session = await connect(channel);
    const socket = fake.last();
    socket.pair('5511900006666');
    socket.open();
    const before = fake.made.length;
    socket.close(500);
    await session.stop();
    await new Promise((r) => setTimeout(r, 200));
    expect(socketsSince(before)).toBe(0);
    expect(liveSocketOf(channel.id)).toBeUndefined();
  });

  it('with the real Baileys socket and WhatsApp unreachable, an unpaired channel ends DISCONNECTED', async () => {
    const B = await baileys();
    const real = createWhatsappAdapter({
      // Everything as in production but the WebSocket address: a closed local port.
      makeSocket: (config) =>
        B.makeWASocket({ ...config, waWebSocketUrl: 'ws://127.0.0.1:9/ws/chat', connectTimeoutMs: 2_000 }),
    });
    const channel = await whatsappChannel(h, a);
    const states: SessionState[] = [];
    const session = (await real.connect!(sessionContext(h.app.platform, channel, states)))!;
    await until(
      async () => states,
      (s) => s.at(-1)?.status === 'DISCONNECTED',
      10_000,
    );
    expect(states).toEqual([{ status: 'DISCONNECTED', retries: 0 }]);
    expect(await authKeys(h, a, channel)).toEqual([]);
    await session.stop();
  });

  it('the auth state lives in the database and is read back by the next connection', async () => {
    const B = await baileys();
    const channel = await whatsappChannel(h, a);
    const first = await connect(channel);
    const s1 = fake.last();
    s1.pair('5511900007777');
    const preKey: KeyPair = { public: Buffer.from('a'.repeat(32)), private: Buffer.from('b'.repeat(32)) };
    await s1.config.auth!.keys.set({
      'pre-key': { '31': preKey },
      'lid-mapping': { '5511900007777': '99887766554433', '99887766554433_reverse': '5511900007777' },
      'app-state-sync-key': { AAAAAQ: { keyData: Buffer.from('k'.repeat(32)), timestamp: 1732291200 } },
    });
    s1.open();
    await first.stop();
    const rows = await authKeys(h, a, channel);
    expect(rows.map((r) => r.key).sort()).toEqual(
      [
        'app-state-sync-key-AAAAAQ',
        'creds',
        'lid-mapping-5511900007777',
        'lid-mapping-99887766554433_reverse',
        'pre-key-31',
      ].sort(),
    );
    expect(rows.every((r) => r.tenantId === a.tenantId)).toBe(true);

    const second = await connect(channel);
    try {
      const s2 = fake.last();
      expect(s2).not.toBe(s1);
      const creds = s2.config.auth!.creds as AuthenticationCreds;
      expect(creds.me?.id).toBe('5511900007777:7@s.whatsapp.net');
      expect(Buffer.isBuffer(creds.noiseKey.private)).toBe(true);
      expect(
        Buffer.from(creds.noiseKey.private).equals(
          Buffer.from((s1.config.auth!.creds as AuthenticationCreds).noiseKey.private),
        ),
      ).toBe(true);
      const got = await s2.config.auth!.keys.get('pre-key', ['31', '32']);
      expect(Object.keys(got)).toEqual(['31']);
      expect(Buffer.from(got['31']!.private).equals(preKey.private)).toBe(true);
      expect(await s2.config.auth!.keys.get('lid-mapping', ['99887766554433_reverse'])).toEqual({
        '99887766554433_reverse': '5511900007777',
      });
      const sync = (await s2.config.auth!.keys.get('app-state-sync-key', ['AAAAAQ'])).AAAAAQ;
      expect(sync).toBeInstanceOf(B.proto.Message.AppStateSyncKeyData);
      // Paired already: no QR code, it opens straight away.
      s2.open();
      await until(
        () => channelRow(h, a, channel),
        (r) => r?.status === 'CONNECTED',
      );
    } finally {
      await second.stop();
    }
  });
});
