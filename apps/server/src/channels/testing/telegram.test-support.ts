/** Factories of the Telegram tests: a channel row, a hand-built session context, and waits on rows. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { channels, contacts, messages, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import type { Company, Harness } from '../../test/harness.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import { inboundOf, messagesByExternalId, sessionContext, until, channelWithQueue } from './common.js';

export async function telegramChannel(h: Harness, company: Company, token: string): Promise<ChannelRow> {
  return channelWithQueue(h, company, 'Telegram', '#229ED9', {
    type: 'telegram',
    status: 'DISCONNECTED',
    token,
    webhookKey: randomBytes(18).toString('base64url'),
    config: { webhookSecret: randomBytes(24).toString('base64url') },
  });
}

export { sessionContext };

export { until };

const db = (h: Harness) => h.app.platform.db;

export const channelMessages = (h: Harness, c: Company, channel: ChannelRow) =>
  withTenant(db(h), c.tenantId, (s) => s.select(messages, eq(messages.channelId, channel.id)));
export const channelTickets = (h: Harness, c: Company, channel: ChannelRow) =>
  withTenant(db(h), c.tenantId, (s) => s.select(tickets, eq(tickets.channelId, channel.id)));
export const channelEvents = (h: Harness, c: Company, channel: ChannelRow) => inboundOf(h, c, channel.id);
export const channelRow = (h: Harness, c: Company, channel: ChannelRow) =>
  withTenant(db(h), c.tenantId, (s) => s.first(channels, eq(channels.id, channel.id)));
export const contactOf = (h: Harness, c: Company, channel: ChannelRow, chatId: number) =>
  withTenant(db(h), c.tenantId, (s) => s.select(contacts, eq(contacts.externalKey, `${channel.id}:${chatId}`)));
export const messageByExternalId = (h: Harness, c: Company, channel: ChannelRow, externalId: string) =>
  messagesByExternalId(h, c, channel.id, externalId);

/** Waits until the inbound job stored the message of `externalId`. */
export const arrived = (h: Harness, c: Company, channel: ChannelRow, externalId: string) =>
  until(
    () => messageByExternalId(h, c, channel, externalId),
    (rows) => rows.length > 0,
  );

let chatSeq = 0;
/** A fresh private chat id per test (Telegram user ids are positive). */
export const newChatId = () => 6_000_000_000 + Math.floor(Math.random() * 1e8) * 10 + (chatSeq++ % 10);
