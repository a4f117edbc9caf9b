/**
 * Test setup of the WhatsApp Cloud API channel: Prosa listening on loopback with GRAPH_API_URL
 * pointed at a stand-in, and a company's waba channel whose webhook the stand-in posts to.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { channels, inboundEvents, messages, queues } from '../../platform/db/schema.js';
import { withTenant, type TenantScope } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import type { ChannelRow } from '../types.js';
import { startWabaStandIn, type WabaStandIn, type WabaStandInOptions } from './stand-in/stand-in.js';

export interface WabaEnv {
  h: Harness;
  standIn: WabaStandIn;
  prosaUrl: string;
  close(): Promise<void>;
}

export async function startWabaEnv(opts: WabaStandInOptions = {}): Promise<WabaEnv> {
  const standIn = await startWabaStandIn(opts);
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

export const VERIFY_TOKEN = 'verify-token-prosa-123';

/** A waba channel of the company on the stand-in's number; the stand-in posts to its webhook. */
export async function wabaChannel(
  env: WabaEnv,
  company: Company,
  opts: { connect?: boolean; token?: string } = {},
): Promise<ChannelRow> {
  const channel = await withTenant(env.h.app.platform.db, company.tenantId, async (scope) => {
    const suffix = randomBytes(3).toString('hex');
    const queue = await scope.insert(queues, { name: `WhatsApp ${suffix}`, color: '#2f9e44' });
    return scope.insert(channels, {
      name: `WhatsApp ${suffix}`,
      type: 'waba',
      status: 'CONNECTED',
      // Channel tokens are unique per type: each channel gets its own token the stand-in accepts.
      token: opts.token ?? env.standIn.addToken(),
      webhookKey: randomBytes(18).toString('base64url'),
      defaultQueueId: queue.id,
      config: {
        phoneNumberId: env.standIn.phoneNumberId,
        wabaId: env.standIn.wabaId,
        appSecret: env.standIn.appSecret,
        verifyToken: VERIFY_TOKEN,
      },
    });
  });
  if (opts.connect !== false) env.standIn.setWebhook(`${env.prosaUrl}/webhooks/waba/${channel.webhookKey}`);
  return channel;
}

export const inTenant = <R>(env: WabaEnv, c: Company, fn: (scope: TenantScope) => Promise<R>) =>
  withTenant(env.h.app.platform.db, c.tenantId, fn);

export async function until<T>(probe: () => Promise<T> | T, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const messageByExternalId = (env: WabaEnv, c: Company, channelId: number, externalId: string) =>
  inTenant(env, c, (s) => s.first(messages, and(eq(messages.channelId, channelId), eq(messages.externalId, externalId))!));

export const channelEvents = (env: WabaEnv, c: Company, channelId: number) =>
  inTenant(env, c, (s) => s.select(inboundEvents, eq(inboundEvents.channelId, channelId)));

/** Waits for an inbound message of the provider id to be stored. */
export const arrived = (env: WabaEnv, c: Company, channelId: number, wamid: string) =>
  until(() => messageByExternalId(env, c, channelId, wamid), (m) => m !== undefined);

let seq = 0;
/** A Brazilian mobile number no other test uses. */
export const customer = () => `55119${String(Date.now() % 1e6).padStart(6, '0')}${String(seq++ % 100).padStart(2, '0')}`;

// A 1x1 PNG.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
