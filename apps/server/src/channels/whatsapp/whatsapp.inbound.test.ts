/**
 * Recorded Baileys events through the real pipeline: fake socket -> session handlers ->
 * ctx.receive (storeInbound) -> channels.process-inbound job -> parse -> ingestInbound.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalKeyOf, identityOf } from '../../modules/messages/inbound-contact-ticket.js';
import { fastIngest } from '../../modules/messages/inbound-fast-path.js';
import { contacts, inboundEvents, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { storageOf } from '../../platform/storage/storage.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import type { ChannelRow, ChannelSession } from '../../modules/channels/channel-adapter.js';
import { fakeSockets, type FakeSocket } from './fakes/fake-socket.js';
import { startMediaCdn, type MediaCdn } from './fakes/media-cdn.js';
import { createWhatsappAdapter } from './whatsapp.adapter.js';
import {
  channelMessages,
  channelTickets,
  contactsWhere,
  fixture,
  messageOf,
  serveMedia,
  sessionContext,
  until,
  upsertOf,
  useAdapter,
  whatsappChannel,
} from '../testing/whatsapp.test-support.js';

let h: Harness;
let cdn: MediaCdn;
let restore: () => void;
const fake = fakeSockets();
const adapter = createWhatsappAdapter({ makeSocket: fake.makeSocket, backoffMs: () => 20 });
const db = () => h.app.platform.db;

beforeAll(async () => {
  [h, cdn] = await Promise.all([startHarness(), startMediaCdn()]);
  restore = useAdapter(adapter);
});
afterAll(async () => {
  restore();
  await Promise.all([h.close(), cdn.close()]);
});

/** A channel of its own per test (contacts are per company: numbers repeat across fixtures). */
async function connected(
  patch: Partial<ChannelRow> = {},
): Promise<{ channel: ChannelRow; socket: FakeSocket; session: ChannelSession; company: Company }> {
  const company = await h.company();
  const channel = await whatsappChannel(h, company, patch);
  const session = (await adapter.connect!(sessionContext(h.app.platform, channel)))!;
  const socket = fake.last();
  socket.pair('5511900001111');
  socket.open();
  return { channel: { ...channel, number: '5511900001111' }, socket, session, company };
}
const arrived = (c: Company, channel: ChannelRow, externalId: string) =>
  until(
    () => messageOf(h, c, channel, externalId),
    (m) => !!m,
  );
const processedEvents = (c: Company, channel: ChannelRow) =>
  withTenant(db(), c.tenantId, (s) => s.select(inboundEvents, eq(inboundEvents.channelId, channel.id)));

describe(`whatsapp inbound pipeline (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a text, a quoted reply, an image and a message from the phone: one contact, one ticket', async () => {
    const { channel, socket, session, company } = await connected();
    try {
      socket.pictures.set('5511987654321@s.whatsapp.net', 'https://pps.whatsapp.net/v/t61/mariana.jpg');
      socket.emit('messages.upsert', upsertOf('upsert-text'));
      const first = await arrived(company, channel, '3EB0C4F5A1B2C3D4E5F6A7');
      socket.emit('messages.upsert', upsertOf('upsert-extended-quote'));
      const image = upsertOf('upsert-image');
      const photo = Buffer.from(`\xff\xd8\xff\xe0 foto ${'x'.repeat(500)}`, 'latin1');
      await serveMedia(cdn, image.messages[0]!, photo);
      socket.emit('messages.upsert', image);
      socket.emit('messages.upsert', upsertOf('upsert-fromme'));
      const quote = await arrived(company, channel, '3EB0D1E2F3A4B5C6D7E8F9');
      const img = await arrived(company, channel, 'A51F0E2B9C4D3E8F7A6B5C4D3E2F1A0B');
      const mine = await arrived(company, channel, '3A1122334455667788AA');

      const [contact, ...others] = await contactsWhere(h, company, { number: '5511987654321' });
      expect(others).toEqual([]);
      expect(contact).toMatchObject({
        name: 'Mariana Souza',
        profilePicUrl: 'https://pps.whatsapp.net/v/t61/mariana.jpg',
        isGroup: false,
      });
      // The LID beside the number was recorded on the contact.
      expect(contact!.lid).toBe('201234567890123@lid');
      expect(socket.calls.filter((c) => c.startsWith('profilePictureUrl'))).toHaveLength(1);

      const ticketRows = await channelTickets(h, company, channel);
      expect(ticketRows).toHaveLength(1);
      expect(ticketRows[0]).toMatchObject({
        status: 'pending',
        queueId: channel.defaultQueueId,
        contactId: contact!.id,
        unreadMessages: 3,
      });
      expect([first, quote, img, mine].every((m) => m!.ticketId === ticketRows[0]!.id)).toBe(true);
      expect(first).toMatchObject({ body: 'Olá, preciso de ajuda com meu pedido', fromMe: false, status: 'received' });
      expect(quote!.quotedMsgId).toBe(first!.id);
      expect(mine).toMatchObject({ fromMe: true, status: 'sent', body: 'Oi Mariana, já estamos vendo o seu pedido.' });
      expect(img).toMatchObject({
        mediaType: 'image',
        mimeType: 'image/jpeg',
        body: 'Chegou assim, amassado',
        mediaSize: photo.length,
      });
      const { stream } = await storageOf(db()).read(img!.mediaKey!);
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(photo)).toBe(true);
    } finally {
      await session.stop();
    }
  });

  it('the same message delivered twice is stored once', async () => {
    const { channel, socket, session, company } = await connected();
    try {
      socket.emit('messages.upsert', upsertOf('upsert-text'));
      socket.emit('messages.upsert', { ...upsertOf('upsert-text'), type: 'append' });
      await until(
        () => processedEvents(company, channel),
        (rows) => rows.length === 2 && rows.every((e) => e.processedAt),
      );
      expect(await channelMessages(h, company, channel)).toHaveLength(1);
      const [ticket] = await channelTickets(h, company, channel);
      expect(ticket!.unreadMessages).toBe(1);
    } finally {
      await session.stop();
    }
  });

  it('a group message: the group is the contact (named by its subject), the author goes before the text', async () => {
    const { channel, socket, session, company } = await connected();
    try {
      socket.groups.set('120363025246125888@g.us', 'Entregas Zona Sul');
      // Groups are ignored by default (setting ignoreGroupMsg, as in the family's products).
      socket.emit('messages.upsert', upsertOf('upsert-group'));
      await until(
        () => processedEvents(company, channel),
        (rows) => rows.length === 1 && rows.every((e) => e.processedAt),
      );
      expect(await channelMessages(h, company, channel)).toEqual([]);
      await h.request('PUT', '/settings/ignoreGroupMsg', { token: company.admin.token, body: { value: 'disabled' } });
      socket.emit('messages.upsert', upsertOf('upsert-group'));
      const msg = await arrived(company, channel, '3EB0C1C2C3C4C5C6C7C8C9');
      expect(msg!.body).toBe('Carlos Lima: Bom dia! Alguém pode confirmar a entrega de hoje?');
      const group = await withTenant(db(), company.tenantId, (s) =>
        s.first(contacts, eq(contacts.externalKey, externalKeyOf(channel.id, '120363025246125888@g.us'))),
      );
      expect(group).toMatchObject({ name: 'Entregas Zona Sul', isGroup: true, number: '' });
      const [ticket] = await channelTickets(h, company, channel);
      expect(ticket).toMatchObject({ isGroup: true, contactId: group!.id });
      // The author is joined by LID and number, but gets no contact (or ticket) of their own.
      expect(await contactsWhere(h, company, { number: '5521912345678' })).toEqual([]);
    } finally {
      await session.stop();
    }
  });

  it('a LID sender, then the phone of that LID: one contact, reached by number afterwards', async () => {
    const { channel, socket, session, company } = await connected();
    try {
      socket.emit('messages.upsert', upsertOf('upsert-lid-only'));
      await arrived(company, channel, '3EB0D9D8D7D6D5D4D3D2D1');
      const [byLid] = await contactsWhere(h, company, { lid: '219988776655443@lid' });
      expect(byLid).toMatchObject({ number: '', name: 'Paula Reis' });

      // The fast path (one statement) finds a LID contact with its active ticket.
      const fast = await withTenant(db(), company.tenantId, (s) =>
        fastIngest(s, {
          channelId: channel.id,
          identity: identityOf(channel, { providerId: '219988776655443@lid' }),
          values: {
            fromMe: false,
            body: 'rápido',
            mediaType: 'chat',
            mediaKey: null,
            mediaName: null,
            mimeType: null,
            mediaSize: null,
            status: 'received',
            externalId: 'FAST-LID-1',
            createdAt: new Date(),
          },
          quotedExternalId: null,
          preview: 'rápido',
        }),
      );
      expect(fast.stored?.message.contactId).toBe(byLid!.id);

      socket.emit('lid-mapping.update', fixture('lid-mapping-update'));
      await until(
        () => contactsWhere(h, company, { number: '5531988887777' }),
        (rows) => rows.length === 1,
      );
      socket.emit('messages.upsert', upsertOf('upsert-lid-with-pn'));
      const later = await arrived(company, channel, '3EB0E1E2E3E4E5E6E7E8E9');
      const rows = await withTenant(db(), company.tenantId, (s) => s.select(contacts));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: byLid!.id, number: '5531988887777', lid: '219988776655443@lid' });
      expect(later!.contactId).toBe(byLid!.id);
      expect(await channelTickets(h, company, channel)).toHaveLength(1);
    } finally {
      await session.stop();
    }
  });

  it('statuses move our message forward only: delivered, read, then a late delivered changes nothing', async () => {
    const { channel, socket, session, company } = await connected();
    try {
      socket.emit('messages.upsert', upsertOf('upsert-fromme'));
      await arrived(company, channel, '3A1122334455667788AA');
      const key = { remoteJid: '5511987654321@s.whatsapp.net', fromMe: true, id: '3A1122334455667788AA' };
      const status = (n: number) => socket.emit('messages.update', [{ key, update: { status: n } }]);
      const statusOf = async () => (await messageOf(h, company, channel, key.id))!.status;
      status(3);
      await until(statusOf, (s) => s === 'delivered');
      status(4);
      await until(statusOf, (s) => s === 'read');
      status(3);
      socket.emit('message-receipt.update', [
        { key, receipt: { userJid: key.remoteJid, receiptTimestamp: 1732292000 } },
      ]);
      await until(
        () => processedEvents(company, channel),
        (rows) => rows.length === 5 && rows.every((e) => e.processedAt),
      );
      expect(await statusOf()).toBe('read');
      status(5);
      await until(statusOf, (s) => s === 'played');
    } finally {
      await session.stop();
    }
  });

  it('history import: only the period, fromMe kept, twice stores once; without import nothing', async () => {
    const { channel, socket, session, company } = await connected({
      importOptions: { enabled: true, from: '2024-11-15', to: '2024-11-25' },
    });
    try {
      expect(socket.config.syncFullHistory).toBe(true);
      socket.emit('messaging-history.set', fixture('history-set'));
      socket.emit('messaging-history.set', fixture('history-set'));
      await arrived(company, channel, '3EB0HIST0000000000003');
      await until(
        () => processedEvents(company, channel),
        (rows) => rows.length === 4 && rows.every((e) => e.processedAt),
      );
      const stored = await channelMessages(h, company, channel);
      expect(stored.map((m) => [m.externalId, m.fromMe]).sort()).toEqual([
        ['3EB0HIST0000000000002', false],
        ['3EB0HIST0000000000003', true],
      ]);
      const [contact] = await contactsWhere(h, company, { number: '5511955554444' });
      expect(contact).toMatchObject({ name: 'Rafael Dias', lid: '208877665544332@lid' });
      expect(stored[0]!.createdAt.toISOString().slice(0, 10)).toBe('2024-11-18');
    } finally {
      await session.stop();
    }
    const plain = await connected();
    try {
      expect(plain.socket.config.syncFullHistory).toBe(false);
      plain.socket.emit('messaging-history.set', fixture('history-set'));
      await until(
        () => processedEvents(plain.company, plain.channel),
        (rows) => rows.length === 1 && rows.every((e) => e.processedAt),
      );
      expect(await channelMessages(h, plain.company, plain.channel)).toEqual([]);
    } finally {
      await plain.session.stop();
    }
  });

  it("the customer's reaction, edit and deletion (messages.reaction, messages.update) change the stored message once", async () => {
    const { channel, socket, session, company } = await connected();
    try {
      socket.emit('messages.upsert', upsertOf('upsert-text'));
      const stored = (await arrived(company, channel, '3EB0C4F5A1B2C3D4E5F6A7'))!;
      const key = { remoteJid: '5511987654321@s.whatsapp.net', fromMe: false, id: stored.externalId! };
      const by = { remoteJid: '5511987654321@s.whatsapp.net', fromMe: false, id: '3EB0AAAABBBBCCCCDDDD09' };
      for (let i = 0; i < 2; i++) {
        socket.emit('messages.reaction', [
          { key, reaction: { key: by, text: '🙏', senderTimestampMs: 1732291300000 } },
        ]);
        socket.emit('messages.update', fixture('messages-update-edit'));
      }
      const edited = await until(
        () => messageOf(h, company, channel, stored.externalId!),
        (m) => !!m?.isEdited && (m?.reactions.length ?? 0) > 0,
      );
      expect(edited).toMatchObject({
        body: 'Olá, preciso de ajuda com meu pedido 8812',
        isEdited: true,
        reactions: [{ emoji: '🙏', fromMe: false, author: '5511987654321@s.whatsapp.net' }],
      });
      socket.emit('messages.update', fixture('messages-update-revoke'));
      const deleted = await until(
        () => messageOf(h, company, channel, stored.externalId!),
        (m) => !!m?.isDeleted,
      );
      expect(deleted).toMatchObject({ isDeleted: true, body: 'Olá, preciso de ajuda com meu pedido 8812' });
      await until(
        () => processedEvents(company, channel),
        (rows) => rows.length === 6 && rows.every((r) => r.processedAt),
      );
      // Changes are not messages: still the one message, in the one ticket.
      expect(await channelMessages(h, company, channel)).toHaveLength(1);
    } finally {
      await session.stop();
    }
  });

  it('statuses, newsletters, deletions and reactions inside upserts store nothing', async () => {
    const { channel, socket, session, company } = await connected();
    try {
      socket.emit('messages.upsert', upsertOf('upsert-ignored'));
      socket.emit('messages.upsert', upsertOf('upsert-location'));
      await arrived(company, channel, '3EB0B1B2B3B4B5B6B7B8B9');
      expect((await processedEvents(company, channel)).length).toBe(1);
      expect((await channelMessages(h, company, channel)).map((m) => m.mediaType)).toEqual(['location']);
      expect(await withTenant(db(), company.tenantId, (s) => s.select(tickets))).toHaveLength(1);
    } finally {
      await session.stop();
    }
  });
});
