/** Factories of the Telegram tests: a channel row, a hand-built session context, and waits on rows. */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { channels, contacts, inboundEvents, messages, queues, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import type { Platform } from '../../platform/platform.js';
import type { Company, Harness } from '../../test/harness.js';
import { storeInbound } from '../inbound/store-inbound.js';
import { reportSession } from '../session-state.js';
import type { ChannelRow, SessionContext, SessionState } from '../types.js';

export async function telegramChannel(h: Harness, company: Company, token: string): Promise<ChannelRow> {
  return withTenant(h.app.platform.db, company.tenantId, async (scope) => {
    const suffix = randomBytes(3).toString('hex');
    const queue = await scope.insert(queues, { name: `Telegram ${suffix}`, color: '#229ED9' });
    return scope.insert(channels, {
      name: `Telegram ${suffix}`,
      type: 'telegram',
      status: 'DISCONNECTED',
      token,
      webhookKey: randomBytes(18).toString('base64url'),
      config: { webhookSecret: randomBytes(24).toString('base64url') },
      defaultQueueId: queue.id,
    });
  });
}

/** What a session supervisor would hand the adapter: real state reports, real durable receive. */
export function sessionContext(platform: Platform, channel: ChannelRow, states: SessionState[] = []): SessionContext {
  return {
    platform,
    channel,
    async report(state) {
      states.push(state);
      await reportSession(platform, channel.tenantId, channel.id, state);
    },
    async receive(payload) {
      await storeInbound(platform, channel, payload);
    },
  };
}

export async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const db = (h: Harness) => h.app.platform.db;

export const channelMessages = (h: Harness, c: Company, channel: ChannelRow) =>
  withTenant(db(h), c.tenantId, (s) => s.select(messages, eq(messages.channelId, channel.id)));
export const channelTickets = (h: Harness, c: Company, channel: ChannelRow) =>
  withTenant(db(h), c.tenantId, (s) => s.select(tickets, eq(tickets.channelId, channel.id)));
export const channelEvents = (h: Harness, c: Company, channel: ChannelRow) =>
  withTenant(db(h), c.tenantId, (s) => s.select(inboundEvents, eq(inboundEvents.channelId, channel.id)));
export const channelRow = (h: Harness, c: Company, channel: ChannelRow) =>
  withTenant(db(h), c.tenantId, (s) => s.first(channels, eq(channels.id, channel.id)));
export const contactOf = (h: Harness, c: Company, channel: ChannelRow, chatId: number) =>
  withTenant(db(h), c.tenantId, (s) => s.select(contacts, eq(contacts.externalKey, `${channel.id}:${chatId}`)));
export const messageByExternalId = (h: Harness, c: Company, channel: ChannelRow, externalId: string) =>
  withTenant(db(h), c.tenantId, (s) =>
    s.select(messages, and(eq(messages.channelId, channel.id), eq(messages.externalId, externalId))!),
  );

/** Waits until the inbound job stored the message of `externalId`. */
export const arrived = (h: Harness, c: Company, channel: ChannelRow, externalId: string) =>
  until(
    () => messageByExternalId(h, c, channel, externalId),
    (rows) => rows.length > 0,
  );

let chatSeq = 0;
/** A fresh private chat id per test (Telegram user ids are positive). */
export const newChatId = () => 6_000_000_000 + Math.floor(Math.random() * 1e8) * 10 + (chatSeq++ % 10);
