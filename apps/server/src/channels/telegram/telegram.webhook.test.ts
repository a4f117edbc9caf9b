/**
 * Webhook mode: Prosa listens on loopback with a public URL, connect registers the webhook with
 * the channel's secret, and the stand-in POSTs each update to it (through the real HTTP server,
 * the route, storeInbound and the inbound job).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, inboundEvents } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import type { Platform } from '../../platform/platform.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import type { ChannelRow, SessionState } from '../../modules/channels/channel-adapter.js';
import { startTelegramStandIn, type TelegramStandIn } from './stand-in/stand-in.js';
import { telegramAdapter } from './telegram.adapter.js';
import {
  arrived,
  channelEvents,
  channelMessages,
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
let channel: ChannelRow;
let platform: Platform;
let publicUrl: string;

beforeAll(async () => {
  standIn = await startTelegramStandIn();
  h = await startHarness({ providers: { graphApiUrl: 'http://127.0.0.1:9', telegramApiRoot: standIn.url } });
  publicUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
  platform = { ...h.app.platform, config: { ...h.app.platform.config, publicUrl } };
  a = await h.company();
  channel = await telegramChannel(h, a, standIn.token);
});
afterAll(async () => {
  await h.close();
  await standIn.close();
});

const secretOf = (c: ChannelRow) => c.config.webhookSecret as string;
const post = (key: string, body: unknown, secret?: string) =>
  h.request('POST', `/webhooks/telegram/${key}`, {
    body,
    headers: secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret },
  });
const eventCount = async () => (await channelEvents(h, a, channel)).length;

describe(`telegram webhook (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('connect registers the webhook with the secret and answers no session', async () => {
    const states: SessionState[] = [];
    const session = await telegramAdapter.connect!(sessionContext(platform, channel, states));
    expect(session).toBeUndefined();
    expect(standIn.webhook()).toEqual({
      url: `${publicUrl}/webhooks/telegram/${channel.webhookKey}`,
      secret: secretOf(channel),
    });
    expect(states).toEqual([{ status: 'CONNECTED', number: '@prosa_standin_bot', retries: 0 }]);
  });

  it("a user's message is pushed, answered 200, and becomes one ticket and one message", async () => {
    const chatId = newChatId();
    const r = await standIn.userSends({ chatId, text: 'Bom dia!', from: { first_name: 'Rui' } });
    expect(r.webhookStatus).toBe(200);
    const [msg] = await arrived(h, a, channel, `${chatId}:${r.message.message_id as number}`);
    expect(msg).toMatchObject({ body: 'Bom dia!', fromMe: false });
    const [contact] = await contactOf(h, a, channel, chatId);
    expect(contact).toMatchObject({ name: 'Rui', id: msg!.contactId });
    expect((await channelTickets(h, a, channel)).filter((t) => t.contactId === contact!.id)).toHaveLength(1);
  });

  it('the same update delivered twice stores one message', async () => {
    const chatId = newChatId();
    const r = await standIn.userSends({ chatId, text: 'repetida' });
    expect(await standIn.redeliver(r.update)).toBe(200);
    const externalId = `${chatId}:${r.message.message_id as number}`;
    await until(
      async () =>
        (await channelEvents(h, a, channel)).filter(
          (e) => (e.payload as { update_id: number }).update_id === r.update.update_id,
        ),
      (rows) => rows.length === 2 && rows.every((e) => e.processedAt),
    );
    expect((await channelMessages(h, a, channel)).filter((m) => m.externalId === externalId)).toHaveLength(1);
  });

  it('a wrong or missing secret is refused with 401 and stores nothing', async () => {
    const before = await eventCount();
    const update = {
      update_id: 1,
      message: { message_id: 1, date: 1, chat: { id: 42, type: 'private', first_name: 'X' }, text: 'forjada' },
    };
    const wrong = await post(channel.webhookKey, update, 'not-the-secret');
    expect(wrong).toMatchObject({ status: 401, body: { error: 'ERR_WEBHOOK_SIGNATURE' } });
    expect(await post(channel.webhookKey, update)).toMatchObject({
      status: 401,
      body: { error: 'ERR_WEBHOOK_SIGNATURE' },
    });
    // Same length as the real secret, one character off: still refused.
    const almost = secretOf(channel).slice(0, -1) + (secretOf(channel).endsWith('A') ? 'B' : 'A');
    expect((await post(channel.webhookKey, update, almost)).status).toBe(401);
    expect(await eventCount()).toBe(before);
  });

  it("an unknown key, or another type's channel key, answers 404 and stores nothing", async () => {
    const other = await h.company();
    const waba = await withTenant(h.app.platform.db, other.tenantId, (s) =>
      s.insert(channels, {
        name: 'Cloud',
        type: 'waba',
        webhookKey: randomBytes(18).toString('base64url'),
        config: { webhookSecret: 'abc' },
      }),
    );
    const update = { update_id: 2, message: { message_id: 2, date: 1, chat: { id: 42, type: 'private' }, text: 'x' } };
    expect(await post(randomBytes(18).toString('base64url'), update, secretOf(channel))).toMatchObject({ status: 404 });
    expect(await post(waba.webhookKey, update, 'abc')).toMatchObject({ status: 404 });
    expect(await post('../../etc', update, secretOf(channel))).toMatchObject({ status: 404 });
    const stored = await withTenant(h.app.platform.db, other.tenantId, (s) =>
      s.select(inboundEvents, eq(inboundEvents.channelId, waba.id)),
    );
    expect(stored).toEqual([]);
  });

  it('a body that is not an update is acknowledged and dropped', async () => {
    const before = await eventCount();
    expect(await post(channel.webhookKey, { hello: 'world' }, secretOf(channel))).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await eventCount()).toBe(before);
  });

  it('disconnect deletes the webhook; updates then wait for getUpdates', async () => {
    await telegramAdapter.disconnect!(platform, channel);
    expect(standIn.webhook()).toBeNull();
    const r = await standIn.userSends({ chatId: newChatId(), text: 'sem webhook' });
    expect(r.webhookStatus).toBeUndefined();
  });
});
