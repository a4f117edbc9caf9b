/**
 * Long-polling mode against the Bot API stand-in, through the real pipeline: getUpdates ->
 * ctx.receive (storeInbound) -> channels.process-inbound job -> parse -> ingestInbound.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error.js';
import { storageOf } from '../../platform/storage/storage.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import type { ChannelRow, ChannelSession, SessionState } from '../../modules/channels/channel-adapter.js';
import { startTelegramStandIn, type TelegramStandIn } from './stand-in/stand-in.js';
import { createTelegramAdapter } from './telegram.adapter.js';
import {
  arrived,
  channelEvents,
  channelMessages,
  channelRow,
  channelTickets,
  contactOf,
  newChatId,
  sessionContext,
  telegramChannel,
  until,
} from '../testing/telegram.test-support.js';

let standIn: TelegramStandIn;
let h: Harness;
let a: Company;
/** One channel per bot token (channels are unique by type and token): the tests take turns on it. */
let channel: ChannelRow;
const adapter = createTelegramAdapter({ timeoutSeconds: 5, backoffMs: () => 100 });

beforeAll(async () => {
  standIn = await startTelegramStandIn();
  h = await startHarness({ providers: { graphApiUrl: 'http://127.0.0.1:9', telegramApiRoot: standIn.url } });
  a = await h.company();
  channel = await telegramChannel(h, a, standIn.token);
});
afterAll(async () => {
  await h.close();
  await standIn.close();
});

async function connect(states: SessionState[] = []): Promise<ChannelSession> {
  const session = await adapter.connect!(sessionContext(h.app.platform, channel, states));
  if (!session) throw new Error('expected a polling session');
  return session;
}
/** The messages of one chat (each test has its own). */
const chatMessages = async (chatId: number) =>
  (await channelMessages(h, a, channel)).filter((m) => m.externalId?.startsWith(`${chatId}:`));

const db = () => h.app.platform.db;

describe(`telegram long polling (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('an invalid token fails connect with ERR_CHANNEL_TOKEN_INVALID and reports DISCONNECTED', async () => {
    const channel = await telegramChannel(h, a, `${Date.now()}:not-the-token-${Math.random().toString(36).slice(2)}`);
    const states: SessionState[] = [];
    const err = await adapter.connect!(sessionContext(h.app.platform, channel, states)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('ERR_CHANNEL_TOKEN_INVALID');
    expect(states).toEqual([{ status: 'DISCONNECTED' }]);
    expect((await channelRow(h, a, channel))?.status).toBe('DISCONNECTED');
  });

  it("a user's messages become one ticket and its messages, the contact known by chat id", async () => {
    const states: SessionState[] = [];
    const session = await connect(states);
    try {
      expect(standIn.calls()).toContain('deleteWebhook');
      expect(states).toEqual([{ status: 'CONNECTED', number: '@prosa_standin_bot', retries: 0 }]);
      expect(await channelRow(h, a, channel)).toMatchObject({ status: 'CONNECTED', number: '@prosa_standin_bot' });
      const chatId = newChatId();
      const one = await standIn.userSends({
        chatId,
        text: 'Oi, tudo bem?',
        from: { first_name: 'Joana', last_name: 'Prado' },
      });
      const two = await standIn.userSends({ chatId, text: 'Preciso de ajuda' });
      await arrived(h, a, channel, `${chatId}:${two.message.message_id as number}`);
      await arrived(h, a, channel, `${chatId}:${one.message.message_id as number}`);
      const rows = await chatMessages(chatId);
      expect(rows.map((m) => m.body).sort()).toEqual(['Oi, tudo bem?', 'Preciso de ajuda']);
      expect(rows.every((m) => !m.fromMe && m.status === 'received')).toBe(true);
      const contactRows = await contactOf(h, a, channel, chatId);
      expect(contactRows).toHaveLength(1);
      expect(contactRows[0]).toMatchObject({ name: 'Joana Prado', number: '' });
      const ticketRows = (await channelTickets(h, a, channel)).filter((t) => t.contactId === contactRows[0]!.id);
      expect(ticketRows).toHaveLength(1);
      expect(ticketRows[0]).toMatchObject({ status: 'pending', queueId: channel.defaultQueueId, unreadMessages: 2 });
      expect(rows.every((m) => m.ticketId === ticketRows[0]!.id)).toBe(true);
    } finally {
      await session.stop();
    }
  });

  it('a photo arrives as image media with the bytes the user sent (the largest size)', async () => {
    const session = await connect();
    try {
      const chatId = newChatId();
      const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(`foto ${chatId} `.repeat(200))]);
      const r = await standIn.userSends({ chatId, photo, caption: 'Olha isso' });
      const [row] = await arrived(h, a, channel, `${chatId}:${r.message.message_id as number}`);
      expect(row).toMatchObject({
        mediaType: 'image',
        mimeType: 'image/jpeg',
        body: 'Olha isso',
        mediaSize: photo.length,
      });
      const { stream } = await storageOf(db()).read(row!.mediaKey!);
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(photo)).toBe(true);
    } finally {
      await session.stop();
    }
  });

  it('an update fetched again after a restart (offset never confirmed) is stored once', async () => {
    const first = await connect();
    const chatId = newChatId();
    const r = await standIn.userSends({ chatId, text: 'só uma vez' });
    const externalId = `${chatId}:${r.message.message_id as number}`;
    await arrived(h, a, channel, externalId);
    await first.stop();
    // As if the process died before confirming it: Telegram hands it to the next connection.
    await standIn.redeliver(r.update);
    const session = await connect();
    try {
      const events = await until(
        async () =>
          (await channelEvents(h, a, channel)).filter(
            (e) => (e.payload as { update_id?: number }).update_id === r.update.update_id,
          ),
        (rows) => rows.length === 2 && rows.every((e) => e.processedAt),
      );
      expect(events).toHaveLength(2);
      expect(await chatMessages(chatId)).toHaveLength(1);
    } finally {
      await session.stop();
    }
  });

  it('network failures back off and report TIMEOUT with retries, then CONNECTED; nothing is lost', async () => {
    const states: SessionState[] = [];
    const session = await connect(states);
    try {
      const chatId = newChatId();
      const first = await standIn.userSends({ chatId, text: 'antes da falha' });
      await arrived(h, a, channel, `${chatId}:${first.message.message_id as number}`);
      standIn.failNext(2, 502, undefined, 'getUpdates');
      // The poll being held answers this one; the next two polls fail.
      const during = await standIn.userSends({ chatId, text: 'durante a falha' });
      await until(
        async () => states,
        (s) => s.some((x) => x.retries === 2),
      );
      const after = await standIn.userSends({ chatId, text: 'depois da falha' });
      await arrived(h, a, channel, `${chatId}:${during.message.message_id as number}`);
      await arrived(h, a, channel, `${chatId}:${after.message.message_id as number}`);
      await until(
        async () => states,
        (s) => s.at(-1)?.status === 'CONNECTED' && s.length >= 4,
      );
      expect(states.slice(1)).toEqual([
        { status: 'TIMEOUT', retries: 1 },
        { status: 'TIMEOUT', retries: 2 },
        { status: 'CONNECTED', number: '@prosa_standin_bot', retries: 0 },
      ]);
      expect((await channelRow(h, a, channel))?.status).toBe('CONNECTED');
    } finally {
      await session.stop();
    }
  });

  it('stop() ends the loop at once: the pending long poll is aborted and no request follows', async () => {
    const session = await connect();
    await until(
      async () => standIn.pendingPolls(),
      (n) => n === 1,
    );
    const started = Date.now();
    await session.stop();
    expect(Date.now() - started).toBeLessThan(2000);
    await new Promise((r) => setTimeout(r, 300));
    expect(standIn.pendingPolls()).toBe(0);
    const callsAfter = standIn.calls().length;
    await new Promise((r) => setTimeout(r, 500));
    expect(standIn.calls().length).toBe(callsAfter);
  });

  it('disconnect stops the polling and removes the webhook', async () => {
    await connect();
    await until(
      async () => standIn.pendingPolls(),
      (n) => n === 1,
    );
    const before = standIn.calls().filter((c) => c === 'deleteWebhook').length;
    await adapter.disconnect!(h.app.platform, channel);
    expect(standIn.calls().filter((c) => c === 'deleteWebhook')).toHaveLength(before + 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(standIn.pendingPolls()).toBe(0);
    const callsAfter = standIn.calls().length;
    // A message now waits at Telegram: nobody fetches it.
    await standIn.userSends({ chatId: newChatId(), text: 'ninguém ouve' });
    await new Promise((r) => setTimeout(r, 300));
    expect(standIn.calls().length).toBe(callsAfter);
  });
});
