/**
 * Test setup of the Messenger and Instagram channels: Prosa listening on loopback with
 * GRAPH_API_URL pointed at the stand-in, and companies' channels on pages of the stand-in's app
 * (each channel its own page, so page tokens stay unique per channel type).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { contacts, messages, tickets } from '../../platform/db/schema.js';
import type { Company } from '../../test/harness.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import type { MetaChannelType } from '../meta/meta.config.js';
import { startMetaStandIn, type MetaObject, type MetaStandIn, type StandInPage } from '../meta/stand-in/stand-in.js';
import {
  arrived,
  channelEvents,
  channelWithQueue,
  inTenant,
  messageByExternalId,
  PNG,
  startWithGraphStandIn,
  until,
  type StandInEnv,
} from './common.js';

export type MetaEnv = StandInEnv<MetaStandIn>;

export async function startMetaEnv(): Promise<MetaEnv> {
  // Two pages per GET /me/accounts answer, so page selection follows the paging links.
  const standIn = await startMetaStandIn({ accountsPageSize: 2 });
  return startWithGraphStandIn(standIn);
}

export const VERIFY_TOKEN = 'verify-token-meta-123';
export const objectOf = (type: MetaChannelType): MetaObject => (type === 'messenger' ? 'page' : 'instagram');

export interface MetaChannel {
  channel: ChannelRow;
  page: StandInPage;
  object: MetaObject;
}

/** A channel of the company on a new page of the stand-in; the stand-in posts to its webhook. */
export async function metaChannel(env: MetaEnv, company: Company, type: MetaChannelType): Promise<MetaChannel> {
  const page = env.standIn.addPage(`Loja ${randomBytes(2).toString('hex')}`);
  const channel = await channelWithQueue(
    env.h,
    company,
    type,
    '#1877F2',
    {
      type,
      status: 'CONNECTED',
      token: page.accessToken,
      webhookKey: randomBytes(18).toString('base64url'),
      config: {
        pageId: page.id,
        pageName: page.name,
        appSecret: env.standIn.appSecret,
        verifyToken: VERIFY_TOKEN,
        ...(type === 'instagram' ? { igUserId: page.ig!.id, igUsername: page.ig!.username } : {}),
      },
    },
    { channel: `${type} ${page.name}`, queue: `${type} ${page.id}` },
  );
  const mc = { channel, page, object: objectOf(type) };
  useChannel(env, mc);
  return mc;
}

/** Points the stand-in's webhook of the channel's object at that channel. */
export const useChannel = (env: MetaEnv, mc: MetaChannel) =>
  env.standIn.setWebhook(mc.object, `${env.prosaUrl}/webhooks/${mc.channel.type}/${mc.channel.webhookKey}`);

export { arrived, channelEvents, inTenant, messageByExternalId, until };

export const contactOf = (env: MetaEnv, c: Company, channelId: number, providerId: string) =>
  inTenant(env, c, (s) => s.first(contacts, eq(contacts.externalKey, `${channelId}:${providerId}`)));
export const ticketOf = (env: MetaEnv, c: Company, id: number) =>
  inTenant(env, c, (s) => s.first(tickets, eq(tickets.id, id)));
export const messageRow = (env: MetaEnv, c: Company, id: number) =>
  inTenant(env, c, (s) => s.first(messages, eq(messages.id, id)));

/** Waits until every stored payload of the channel was processed. */
export const settledInbound = (env: MetaEnv, c: Company, channelId: number) =>
  until(
    () => channelEvents(env, c, channelId),
    (rows) => rows.every((r) => r.processedAt),
  );

/** The ticket of an inbound message, opened by the company's admin (so the admin may reply). */
export async function openTicket(env: MetaEnv, c: Company, ticketId: number): Promise<void> {
  await inTenant(env, c, (s) =>
    s.update(tickets, { status: 'open', userId: c.admin.userId }, eq(tickets.id, ticketId)),
  );
}

export { PNG };
