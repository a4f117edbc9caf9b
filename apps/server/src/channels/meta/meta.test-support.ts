/**
 * Test setup of the Messenger and Instagram channels: Prosa listening on loopback with
 * GRAPH_API_URL pointed at the stand-in, and companies' channels on pages of the stand-in's app
 * (each channel its own page, so page tokens stay unique per channel type).
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { channels, contacts, inboundEvents, messages, queues, tickets } from '../../platform/db/schema.js';
import { withTenant, type TenantScope } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import type { ChannelRow } from '../types.js';
import type { MetaChannelType } from './meta.config.js';
import { startMetaStandIn, type MetaObject, type MetaStandIn, type StandInPage } from './stand-in/stand-in.js';

export interface MetaEnv {
  h: Harness;
  standIn: MetaStandIn;
  prosaUrl: string;
  close(): Promise<void>;
}

export async function startMetaEnv(): Promise<MetaEnv> {
  // Two pages per GET /me/accounts answer, so page selection follows the paging links.
  const standIn = await startMetaStandIn({ accountsPageSize: 2 });
  const h = await startHarness({ providers: { graphApiUrl: standIn.url, telegramApiRoot: 'http://127.0.0.1:9' } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const prosaUrl = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
  return {
    h,
    standIn,
    prosaUrl,
    close: async () => {
      await standIn.close();
      await h.close();
    },
  };
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
  const channel = await withTenant(env.h.app.platform.db, company.tenantId, async (scope) => {
    const queue = await scope.insert(queues, { name: `${type} ${page.id}`, color: '#1877F2' });
    return scope.insert(channels, {
      name: `${type} ${page.name}`,
      type,
      status: 'CONNECTED',
      token: page.accessToken,
      webhookKey: randomBytes(18).toString('base64url'),
      defaultQueueId: queue.id,
      config: {
        pageId: page.id,
        pageName: page.name,
        appSecret: env.standIn.appSecret,
        verifyToken: VERIFY_TOKEN,
        ...(type === 'instagram' ? { igUserId: page.ig!.id, igUsername: page.ig!.username } : {}),
      },
    });
  });
  const mc = { channel, page, object: objectOf(type) };
  useChannel(env, mc);
  return mc;
}

/** Points the stand-in's webhook of the channel's object at that channel. */
export const useChannel = (env: MetaEnv, mc: MetaChannel) =>
  env.standIn.setWebhook(mc.object, `${env.prosaUrl}/webhooks/${mc.channel.type}/${mc.channel.webhookKey}`);

export const inTenant = <R>(env: MetaEnv, c: Company, fn: (scope: TenantScope) => Promise<R>) =>
  withTenant(env.h.app.platform.db, c.tenantId, fn);

export async function until<T>(probe: () => Promise<T> | T, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const messageByExternalId = (env: MetaEnv, c: Company, channelId: number, externalId: string) =>
  inTenant(env, c, (s) => s.first(messages, and(eq(messages.channelId, channelId), eq(messages.externalId, externalId))!));
export const channelEvents = (env: MetaEnv, c: Company, channelId: number) =>
  inTenant(env, c, (s) => s.select(inboundEvents, eq(inboundEvents.channelId, channelId)));
export const contactOf = (env: MetaEnv, c: Company, channelId: number, providerId: string) =>
  inTenant(env, c, (s) => s.first(contacts, eq(contacts.externalKey, `${channelId}:${providerId}`)));
export const ticketOf = (env: MetaEnv, c: Company, id: number) => inTenant(env, c, (s) => s.first(tickets, eq(tickets.id, id)));
export const messageRow = (env: MetaEnv, c: Company, id: number) => inTenant(env, c, (s) => s.first(messages, eq(messages.id, id)));

/** Waits for an inbound message of the provider id to be stored. */
export const arrived = (env: MetaEnv, c: Company, channelId: number, externalId: string) =>
  until(() => messageByExternalId(env, c, channelId, externalId), (m) => m !== undefined);

/** Waits until every stored payload of the channel was processed. */
export const settledInbound = (env: MetaEnv, c: Company, channelId: number) =>
  until(() => channelEvents(env, c, channelId), (rows) => rows.every((r) => r.processedAt));

/** The ticket of an inbound message, opened by the company's admin (so the admin may reply). */
export async function openTicket(env: MetaEnv, c: Company, ticketId: number): Promise<void> {
  await inTenant(env, c, (s) => s.update(tickets, { status: 'open', userId: c.admin.userId }, eq(tickets.id, ticketId)));
}

// A 1x1 PNG.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
