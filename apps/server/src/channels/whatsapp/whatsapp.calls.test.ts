/**
 * The company settings rejectCalls and callRejectMessage on WhatsApp Web: a recorded `call` event
 * through the fake socket -> the session's handler (settings, socket.rejectCall) -> a stored `call`
 * payload -> parse -> the message recorded in the caller's ticket -> the outbox -> socket.sendMessage.
 *
 * Fixtures: fixtures/call-offer*.json are `call` events as Baileys 7.0.0-rc14 emits them for an
 * offer: the WACallEvent of node_modules/baileys/lib/Types/Call.d.ts (chatId, from, callerPn, id,
 * date, offline, status, isVideo, isGroup, groupJid), filled by handleCall in
 * node_modules/baileys/lib/Socket/messages-recv.js (from = the offer's `from` or `call-creator`,
 * callerPn = `caller_pn` when the caller is addressed by LID, isGroup/groupJid for group calls).
 * Rejecting is `rejectCall(callId: string, callFrom: string): Promise<void>`
 * (node_modules/baileys/lib/Socket/messages-recv.d.ts).
 */
import type { WACallEvent } from 'baileys';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import type { ChannelRow, ChannelSession } from '../../modules/channels/channel-adapter.js';
import { callRejectClientId } from '../shared/call-reject.js';
import { fakeSockets, type FakeSocket } from './fakes/fake-socket.js';
import { createWhatsappAdapter } from './whatsapp.adapter.js';
import {
  channelMessages,
  channelTickets,
  contactsWhere,
  fixture,
  messageOf,
  sessionContext,
  until,
  upsertOf,
  useAdapter,
  whatsappChannel,
} from '../testing/whatsapp.test-support.js';

let h: Harness;
let restore: () => void;
const fake = fakeSockets();
const adapter = createWhatsappAdapter({ makeSocket: fake.makeSocket, backoffMs: () => 20 });

const MESSAGE = 'Não atendemos ligações por este número. Escreva aqui, por favor!';
const offer = (name: string) => fixture<WACallEvent[]>(name);

async function settings(c: Company, values: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    const res = await h.request('PUT', `/settings/${key}`, { token: c.admin.token, body: { value } });
    expect(res.status).toBe(200);
  }
}

async function connected(company: Company): Promise<{ channel: ChannelRow; socket: FakeSocket; session: ChannelSession }> {
  const channel = await whatsappChannel(h, company);
  const session = (await adapter.connect!(sessionContext(h.app.platform, channel)))!;
  const socket = fake.last();
  socket.pair('5511900001111');
  socket.open();
  // The callers have WhatsApp: the send asks onWhatsApp for their JID first.
  socket.registered.set('5511987654321', '5511987654321@s.whatsapp.net');
  socket.registered.set('5531988887777', '5531988887777@s.whatsapp.net');
  return { channel: { ...channel, number: '5511900001111' }, socket, session };
}

/**
 * A customer's text after the calls: the session handles its events in order, so once this message
 * is stored every call emitted before it was handled (rejected, stored) or left alone.
 */
async function afterMarker(c: Company, channel: ChannelRow, socket: FakeSocket): Promise<void> {
  socket.emit('messages.upsert', upsertOf('upsert-text'));
  const stored = await until(
    () => messageOf(h, c, channel, '3EB0C4F5A1B2C3D4E5F6A7'),
    (m) => !!m,
  );
  expect(stored).toBeDefined();
}

const outgoing = (c: Company, channel: ChannelRow) =>
  withTenant(h.app.platform.db, c.tenantId, (s) =>
    s.select(messages, and(eq(messages.channelId, channel.id), eq(messages.fromMe, true), isNotNull(messages.clientId))!),
  );

beforeAll(async () => {
  h = await startHarness();
  restore = useAdapter(adapter);
});
afterAll(async () => {
  restore();
  await h.close();
});

describe(`whatsapp calls (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('rejectCalls on: the call is rejected and callRejectMessage goes to the caller once, in a ticket opened for them', async () => {
    const a = await h.company();
    await settings(a, { rejectCalls: 'enabled', callRejectMessage: `  ${MESSAGE} ` });
    const { channel, socket, session } = await connected(a);
    try {
      const [call] = offer('call-offer');
      socket.emit('call', [call!]);
      const sent = await until(
        () => socket.sent,
        (s) => s.length === 1,
      );
      expect(socket.rejected).toEqual([{ callId: call!.id, callFrom: '5511987654321@s.whatsapp.net' }]);
      expect(sent[0]).toMatchObject({ jid: '5511987654321@s.whatsapp.net', content: { text: MESSAGE } });

      const [row] = await until(
        () => outgoing(a, channel),
        (rows) => rows.length === 1 && rows[0]!.status === 'sent',
      );
      expect(row).toMatchObject({ body: MESSAGE, status: 'sent', userId: null, clientId: callRejectClientId(call!.id) });
      const [contact] = await contactsWhere(h, a, { number: '5511987654321' });
      const [ticket, ...more] = await channelTickets(h, a, channel);
      expect(more).toEqual([]);
      expect(ticket).toMatchObject({ contactId: contact!.id, status: 'pending', queueId: channel.defaultQueueId, lastMessage: MESSAGE });
      expect(row!.ticketId).toBe(ticket!.id);

      // The same offer again (Baileys replays it after a reconnect), and the call's end: nothing more.
      socket.emit('call', [call!]);
      socket.emit('call', [{ ...call!, status: 'terminate' }]);
      await afterMarker(a, channel, socket);
      expect(socket.rejected).toHaveLength(1);
      expect(await outgoing(a, channel)).toHaveLength(1);
      expect(socket.sent).toHaveLength(1);
      // The customer's text went to the ticket the call opened.
      const all = await channelMessages(h, a, channel);
      expect(all.every((m) => m.ticketId === ticket!.id)).toBe(true);
    } finally {
      await session.stop();
    }
  });

  it('a caller addressed by LID is answered on their number; a group call is left ringing', async () => {
    const a = await h.company();
    await settings(a, { rejectCalls: 'enabled', callRejectMessage: MESSAGE });
    const { channel, socket, session } = await connected(a);
    try {
      socket.emit('call', offer('call-offer-group'));
      const [call] = offer('call-offer-lid');
      socket.emit('call', [call!]);
      await until(
        () => socket.sent,
        (s) => s.length === 1,
      );
      expect(socket.rejected).toEqual([{ callId: call!.id, callFrom: '201234567890123@lid' }]);
      expect(socket.sent[0]).toMatchObject({ jid: '5531988887777@s.whatsapp.net', content: { text: MESSAGE } });
      // The LID is joined to the contact right after the answer is recorded (the send may be faster).
      const [contact] = await until(
        () => contactsWhere(h, a, { number: '5531988887777' }),
        (rows) => rows[0]?.lid !== null && rows[0]?.lid !== undefined,
      );
      expect(contact).toMatchObject({ lid: '201234567890123@lid', isGroup: false });
      expect(await contactsWhere(h, a, { number: '5511987654321' })).toEqual([]);
      const [answer, ...more] = await outgoing(a, channel);
      expect(more).toEqual([]);
      expect(answer).toMatchObject({ contactId: contact!.id, clientId: callRejectClientId(call!.id) });
    } finally {
      await session.stop();
    }
  });

  it('rejectCalls off: the call rings as before, even while another company rejects calls', async () => {
    const on = await h.company();
    await settings(on, { rejectCalls: 'enabled', callRejectMessage: MESSAGE });
    const off = await h.company();
    await settings(off, { callRejectMessage: MESSAGE });
    const { channel, socket, session } = await connected(off);
    try {
      socket.emit('call', offer('call-offer'));
      await afterMarker(off, channel, socket);
      expect(socket.rejected).toEqual([]);
      expect(socket.calls.filter((c) => c.startsWith('rejectCall') || c.startsWith('sendMessage'))).toEqual([]);
      expect(await outgoing(off, channel)).toEqual([]);
      expect((await channelMessages(h, off, channel)).map((m) => m.fromMe)).toEqual([false]);
    } finally {
      await session.stop();
    }
  });

  it('rejectCalls on without a message: the call is rejected, nothing is written', async () => {
    const a = await h.company();
    await settings(a, { rejectCalls: 'enabled', callRejectMessage: '   ' });
    const { channel, socket, session } = await connected(a);
    try {
      const [call] = offer('call-offer');
      socket.emit('call', [call!]);
      await afterMarker(a, channel, socket);
      expect(socket.rejected).toEqual([{ callId: call!.id, callFrom: call!.from }]);
      expect(socket.sent).toEqual([]);
      expect(await outgoing(a, channel)).toEqual([]);
    } finally {
      await session.stop();
    }
  });
});
