/**
 * WhatsApp Web with two app instances on one PostgreSQL: the Baileys socket (a fake one) lives on
 * instance A, agents post through instance B, whose job workers send. B hands each send to A, which
 * sends it once; when A stops, B takes the session over and sends itself, including what was
 * recorded while nobody held it. A new customer's profile picture, which only the socket can ask
 * for, is asked of A when B parses the message.
 *
 * Needs PostgreSQL (DATABASE_URL): two app instances cannot share an embedded PGlite, which is one
 * process. The same routing on PGlite is covered by modules/channels/session/session-jobs.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbound } from '../../modules/messages/messages.test-support.js';
import { storeInbound } from '../../modules/messages/inbound/store-inbound.js';
import { messages, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import { fakeSockets, type FakeSocket } from './fakes/fake-socket.js';
import { createWhatsappAdapter } from './whatsapp.adapter.js';
import { waMessageIdOf } from './whatsapp.send.js';
import { toJsonValue } from './whatsapp.json.js';
import { channelRow, contactsWhere, until, upsertOf, useAdapter, whatsappChannel } from '../testing/whatsapp.test-support.js';
import { supervisorOf } from '../../modules/channels/session/supervisor.js';

const NUMBER = '5511987650001';
const fake = fakeSockets();
const adapter = createWhatsappAdapter({ makeSocket: fake.makeSocket, backoffMs: () => 20 });

describe.skipIf(!process.env.DATABASE_URL)('whatsapp web across two app instances (PostgreSQL)', () => {
  let a: Harness;
  let b: Harness;
  let c: Company;
  let channel: ChannelRow;
  let restore: () => void;

  beforeAll(async () => {
    restore = useAdapter(adapter);
    // B owns the test database (A closes first and must not drop it).
    b = await startHarness();
    a = await startHarness({}, { shareWith: b });
    // Only B works the job queue: every send is picked up where the socket is not.
    await a.app.platform.jobs.stop();
    c = await b.company();
    channel = await whatsappChannel(b, c);
  });
  afterAll(async () => {
    await a.close().catch(() => undefined);
    await b.close();
    restore();
  });

  const db = () => b.app.platform.db;
  const row = (id: number) => withTenant(db(), c.tenantId, (s) => s.first(messages, eq(messages.id, id)));
  const sentFor = (socket: FakeSocket, id: number) =>
    socket.sent.filter((s) => s.options?.messageId === waMessageIdOf(channel.id, id));
  const open = async (socket: FakeSocket) => {
    if (!socket.config.auth!.creds.me) socket.pair('5511900001111');
    socket.open();
    socket.registered.set(NUMBER, `${NUMBER}@s.whatsapp.net`);
    await until(
      () => channelRow(b, c, channel),
      (r) => r?.status === 'CONNECTED',
    );
  };
  /** An agent's message posted through instance B. */
  async function postThroughB(ticketId: number, body: string): Promise<number> {
    const res = await b.request('POST', `/messages/${ticketId}`, { token: c.admin.token, body: { body } });
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  it('a message posted through B is sent once by A, which holds the socket; after A stops, by B', async () => {
    await a.app.platform.sessions.connect(c.tenantId, channel.id);
    const onA = fake.last();
    await open(onA);
    expect((await channelRow(b, c, channel))?.sessionOwner).toBe(a.app.platform.sessions.instanceId);

    const t = await inbound(b, c, channel, { from: { number: NUMBER, name: 'Mariana' } });
    await withTenant(db(), c.tenantId, (s) =>
      s.update(tickets, { status: 'open', userId: c.admin.userId }, eq(tickets.id, t.ticketId!)),
    );

    const first = await postThroughB(t.ticketId!, 'Olá Mariana, aqui é da loja');
    expect(
      await until(
        () => row(first),
        (m) => m?.status !== 'pending',
      ),
    ).toMatchObject({
      status: 'sent',
      externalId: waMessageIdOf(channel.id, first),
      sendAttempts: 1,
    });
    expect(sentFor(onA, first)).toHaveLength(1);
    expect(sentFor(onA, first)[0]).toMatchObject({ jid: `${NUMBER}@s.whatsapp.net` });
    expect(supervisorOf(b.app.platform).rpc.stats.called).toBeGreaterThanOrEqual(1);
    expect(supervisorOf(a.app.platform).rpc.stats.served).toBe(1);

    // A new customer writes; B's inbound job parses it, without the socket: the picture is asked
    // of A in the background and lands on the contact.
    const newcomer = '5511987650002';
    onA.pictures.set(`${newcomer}@s.whatsapp.net`, 'https://pps.whatsapp.net/v/t61/newcomer.jpg');
    const upsert = upsertOf('upsert-text');
    const m = upsert.messages[0]!;
    m.key = { remoteJid: `${newcomer}@s.whatsapp.net`, fromMe: false, id: '3EB0AA00BB11CC22DD33EE' };
    await storeInbound(b.app.platform, channel, toJsonValue({ kind: 'upsert', type: 'notify', messages: [m] }));
    const [pictured] = await until(
      () => contactsWhere(b, c, { number: newcomer }),
      (rows) => !!rows[0]?.profilePicUrl,
      30_000,
    );
    expect(pictured).toMatchObject({
      name: 'Mariana Souza',
      profilePicUrl: 'https://pps.whatsapp.net/v/t61/newcomer.jpg',
    });
    expect(onA.calls).toContain(`profilePictureUrl:${newcomer}@s.whatsapp.net`);

    // A stops (deploy, scale-in): its lease is handed back at once.
    await a.close();
    expect(onA.ended).toBe(true);
    // Recorded while nobody holds the session: B retries it until it holds the session itself.
    const meanwhile = await postThroughB(t.ticketId!, 'Enviada durante a troca');
    await supervisorOf(b.app.platform).timers.scan();
    expect(b.app.platform.sessions.isRunning(channel.id)).toBe(true);
    const onB = fake.last();
    expect(onB).not.toBe(onA);
    await open(onB);
    expect((await channelRow(b, c, channel))?.sessionOwner).toBe(b.app.platform.sessions.instanceId);

    const after = await postThroughB(t.ticketId!, 'Depois da troca');
    for (const id of [meanwhile, after]) {
      expect(
        await until(
          () => row(id),
          (m) => m?.status !== 'pending',
          30_000,
        ),
      ).toMatchObject({ status: 'sent' });
      expect(sentFor(onB, id)).toHaveLength(1);
      expect(sentFor(onA, id)).toHaveLength(0);
    }
    // Nothing twice: the first message never went out again.
    expect(sentFor(onA, first).length + sentFor(onB, first).length).toBe(1);
  });
});
