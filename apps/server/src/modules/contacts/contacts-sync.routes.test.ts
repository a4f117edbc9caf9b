/**
 * POST /contacts/sync: the address book a WhatsApp Web session received (fake Baileys socket
 * events, through the real session and its contact store) becomes the company's contacts: new
 * numbers created, known ones (by number or LID) completed, names people typed kept, groups and
 * broadcasts left out, pictures asked of the socket afterwards. Plus the rejects.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeSockets, type FakeSocket } from '../../channels/whatsapp/fakes/fake-socket.js';
import { createWhatsappAdapter } from '../../channels/whatsapp/whatsapp.adapter.js';
import { picturePace } from '../../channels/whatsapp/whatsapp.pictures.js';
import { channelRow, until, useAdapter, whatsappChannel } from '../../channels/testing/whatsapp.test-support.js';
import type { ChannelRow } from '../channels/channel-adapter.js';
import { contacts, whatsappContacts } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { makeChannel } from '../messages/messages.test-support.js';

let h: Harness;
let a: Company;
let other: Company;
let channel: ChannelRow;
let socket: FakeSocket;
let restore: () => void;
const fake = fakeSockets();
const adapter = createWhatsappAdapter({ makeSocket: fake.makeSocket, backoffMs: () => 20 });
const db = () => h.app.platform.db;

const sync = (token: string, body: unknown) => h.request('POST', '/contacts/sync', { token, body });
const contactsOf = (c: Company) => withTenant(db(), c.tenantId, (s) => s.select(contacts));
const byNumber = async (c: Company, number: string) =>
  (await withTenant(db(), c.tenantId, (s) => s.select(contacts, eq(contacts.number, number))))[0];
const storeRows = (ch: ChannelRow) =>
  withTenant(db(), a.tenantId, (s) => s.select(whatsappContacts, eq(whatsappContacts.channelId, ch.id)));

beforeAll(async () => {
  picturePace.gapMs = 0;
  h = await startHarness();
  restore = useAdapter(adapter);
  [a, other] = [await h.company(), await h.company()];
  channel = await whatsappChannel(h, a);
  await h.app.platform.sessions.connect(a.tenantId, channel.id);
  socket = fake.last();
  socket.pair('5511900001111');
  socket.open();
  await until(
    () => channelRow(h, a, channel),
    (r) => r?.status === 'CONNECTED',
  );
  // Contacts Prosa already has, as inbound messages and people left them.
  await withTenant(db(), a.tenantId, (s) =>
    s.insert(contacts, [
      { name: '5511911110002', number: '5511911110002' },
      { name: 'Carla (cliente VIP)', number: '5511911110003' },
      { name: '111122223333', number: '', lid: '111122223333@lid' },
    ]),
  );
  // What the phone shares: its address book, a later change, the contacts of a history sync.
  socket.pictures.set('5511911110001@s.whatsapp.net', 'https://pps.whatsapp.net/v/t61/ana.jpg');
  socket.emit('contacts.upsert', [
    { id: '5511911110001@s.whatsapp.net', name: 'Ana Souza', notify: 'Ana' },
    { id: '5511911110002@s.whatsapp.net', notify: 'Bruno' },
    { id: '5511911110003@s.whatsapp.net', name: 'Carla' },
    { id: '111122223333@lid', phoneNumber: '5511911110004@s.whatsapp.net', name: 'Davi' },
    { id: '999988887777@lid', notify: 'Eva' },
    { id: '120363000000000001@g.us', name: 'Grupo da loja' },
    { id: 'status@broadcast' },
    { id: '1234567890@newsletter', name: 'Canal' },
  ]);
  socket.emit('contacts.update', [{ id: '5511911110001@s.whatsapp.net', notify: 'Aninha' }]);
  socket.emit('messaging-history.set', {
    chats: [],
    messages: [],
    contacts: [{ id: '5511911110005@s.whatsapp.net', verifiedName: 'Fábio Materiais' }],
    isLatest: true,
  });
  await until(
    () => storeRows(channel),
    (rows) => rows.length === 6,
  );
});
afterAll(async () => {
  await h.app.platform.sessions.stopAll();
  restore();
  await h.close();
});

describe(`POST /contacts/sync (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('the session keeps what the phone shares, people only; a later change never erases a known name', async () => {
    const rows = await storeRows(channel);
    expect(rows.map((r) => r.jid).sort()).toEqual([
      '111122223333@lid',
      '5511911110001@s.whatsapp.net',
      '5511911110002@s.whatsapp.net',
      '5511911110003@s.whatsapp.net',
      '5511911110005@s.whatsapp.net',
      '999988887777@lid',
    ]);
    expect(rows.find((r) => r.jid === '5511911110001@s.whatsapp.net')).toMatchObject({
      name: 'Ana Souza',
      notify: 'Aninha',
    });
    expect(rows.find((r) => r.jid === '111122223333@lid')).toMatchObject({
      number: '5511911110004',
      lid: '111122223333@lid',
    });
  });

  it('creates new numbers, fills missing names and numbers, keeps typed names, never duplicates', async () => {
    const before = (await contactsOf(a)).length;
    const res = await sync(a.admin.token, { channelId: channel.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ total: 6, created: 2, updated: 2, skipped: 1 });

    expect(await byNumber(a, '5511911110001')).toMatchObject({ name: 'Ana Souza', isGroup: false });
    expect(await byNumber(a, '5511911110005')).toMatchObject({ name: 'Fábio Materiais' });
    // The number that stood for a name gets the person's own; a typed name stays.
    expect(await byNumber(a, '5511911110002')).toMatchObject({ name: 'Bruno' });
    expect(await byNumber(a, '5511911110003')).toMatchObject({ name: 'Carla (cliente VIP)' });
    // The LID-only contact gets its number and name: still one contact.
    expect(await byNumber(a, '5511911110004')).toMatchObject({ name: 'Davi', lid: '111122223333@lid' });
    const all = await contactsOf(a);
    expect(all).toHaveLength(before + 2);
    expect(all.filter((c) => c.lid === '111122223333@lid')).toHaveLength(1);
    // No group, broadcast, newsletter or LID-only stranger became a contact.
    expect(all.some((c) => /Grupo|Canal|Eva/.test(c.name) || c.lid === '999988887777@lid')).toBe(false);

    // Pictures are asked of the socket in the background, for contacts without one.
    const ana = await until(
      () => byNumber(a, '5511911110001'),
      (c) => !!c?.profilePicUrl,
    );
    expect(ana!.profilePicUrl).toBe('https://pps.whatsapp.net/v/t61/ana.jpg');
    expect(socket.calls).toContain('profilePictureUrl:5511911110001@s.whatsapp.net');
    expect(socket.calls).not.toContain('profilePictureUrl:999988887777@lid');

    // Again: nothing new, nothing changed.
    const again = await sync(a.admin.token, { channelId: channel.id });
    expect(again.body).toEqual({ total: 6, created: 0, updated: 0, skipped: 1 });
    expect(await contactsOf(a)).toHaveLength(before + 2);
  });

  it("another company's channel answers 404 and nothing changes", async () => {
    const mine = await contactsOf(other);
    const res = await sync(other.admin.token, { channelId: channel.id });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
    expect(await contactsOf(other)).toEqual(mine);
  });

  it('needs a token, an admin, and a channel id', async () => {
    expect((await h.request('POST', '/contacts/sync', { body: { channelId: channel.id } })).status).toBe(401);
    for (const profile of ['user', 'supervisor', 'supervisorfila'] as const) {
      const s = await h.user(a, profile);
      const res = await sync(s.token, { channelId: channel.id });
      expect(res.status, profile).toBe(403);
      expect(res.body).toEqual({ error: 'ERR_NO_PERMISSION' });
    }
    for (const body of [{}, { channelId: 'x' }, { channelId: -1 }]) {
      const res = await sync(a.admin.token, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
    }
  });

  it('channel types without an address book answer ERR_CHANNEL_NOT_SUPPORTED; a disconnected one ERR_WAPP_NOT_INITIALIZED', async () => {
    const before = await contactsOf(a);
    const telegram = await makeChannel(h, a, { type: 'telegram' });
    const res = await sync(a.admin.token, { channelId: telegram.id });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'ERR_CHANNEL_NOT_SUPPORTED' });

    const offline = await whatsappChannel(h, a, { status: 'DISCONNECTED' });
    const off = await sync(a.admin.token, { channelId: offline.id });
    expect(off.status).toBe(409);
    expect(off.body).toEqual({ error: 'ERR_WAPP_NOT_INITIALIZED' });
    expect(await contactsOf(a)).toEqual(before);
  });

  it('logging out forgets what the pairing knew', async () => {
    const ch = await whatsappChannel(h, a);
    await h.app.platform.sessions.connect(a.tenantId, ch.id);
    const s = fake.last();
    s.pair('5511900002222');
    s.open();
    s.emit('contacts.upsert', [{ id: '5511911119999@s.whatsapp.net', name: 'Zé' }]);
    await until(
      () => storeRows(ch),
      (rows) => rows.length === 1,
    );
    await h.app.platform.sessions.disconnect(a.tenantId, ch.id, { logout: true });
    expect(await storeRows(ch)).toEqual([]);
    // The first channel's store is untouched.
    expect(await storeRows(channel)).toHaveLength(6);
  });
});
