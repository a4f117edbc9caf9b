/**
 * What every channel's test support shares (meta, waba, telegram, whatsapp, webchat beside this
 * file): a waiting probe, the session context a supervisor hands an adapter, the stored rows of a
 * channel and a tiny image.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { channels, inboundEvents, messages, queues } from '../../platform/db/schema.js';
import { withTenant, type TenantScope } from '../../platform/db/tenant-scope.js';
import type { Platform } from '../../platform/platform.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { storeInbound } from '../../modules/messages/inbound/store-inbound.js';
import { reportSession } from '../../modules/channels/session/session-state.js';
import type { ChannelRow, SessionContext, SessionState } from '../../modules/channels/channel-adapter.js';

type NewChannel = Omit<typeof channels.$inferInsert, 'tenantId' | 'name' | 'defaultQueueId'>;

/**
 * A fresh channel of the company with its own default queue, named `${label} ${suffix}` unless
 * `names` says otherwise: every channel type's factory below starts here.
 */
export function channelWithQueue(
  h: Harness,
  company: Company,
  label: string,
  color: string,
  row: NewChannel,
  names: { channel?: string; queue?: string } = {},
): Promise<ChannelRow> {
  return withTenant(h.app.platform.db, company.tenantId, async (scope) => {
    const suffix = randomBytes(3).toString('hex');
    const queue = await scope.insert(queues, { name: names.queue ?? `${label} ${suffix}`, color });
    return scope.insert(channels, { name: names.channel ?? `${label} ${suffix}`, defaultQueueId: queue.id, ...row });
  });
}

/** Probes until `ok` or `ms` ran out, then returns the last value (the test's expect says what was missing). */
export async function until<T>(
  probe: () => Promise<T> | T,
  ok: (v: T) => boolean,
  ms = 20_000,
  everyMs = 50,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** What the session supervisor hands an adapter: real state reports, real durable receive. */
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

/** The channel's stored messages of one provider id (none, or one: ingest deduplicates). */
export const messagesByExternalId = (h: Harness, c: Company, channelId: number, externalId: string) =>
  withTenant(h.app.platform.db, c.tenantId, (s) =>
    s.select(messages, and(eq(messages.channelId, channelId), eq(messages.externalId, externalId))!),
  );

/** The raw inbound payloads stored for the channel (processed or not). */
export const inboundOf = (h: Harness, c: Company, channelId: number) =>
  withTenant(h.app.platform.db, c.tenantId, (s) => s.select(inboundEvents, eq(inboundEvents.channelId, channelId)));

/** Prosa listening on loopback with its Graph API pointed at a provider's stand-in. */
export interface StandInEnv<S> {
  h: Harness;
  standIn: S;
  prosaUrl: string;
  close(): Promise<void>;
}

/** Starts Prosa for a started Graph API stand-in (Messenger/Instagram or WhatsApp Cloud API). */
export async function startWithGraphStandIn<S extends { url: string; close(): Promise<void> }>(
  standIn: S,
): Promise<StandInEnv<S>> {
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

type AnyStandInEnv = Pick<StandInEnv<unknown>, 'h'>;

/** Runs `fn` in the company's tenant scope of the env's Prosa. */
export const inTenant = <R>(env: AnyStandInEnv, c: Company, fn: (scope: TenantScope) => Promise<R>) =>
  withTenant(env.h.app.platform.db, c.tenantId, fn);

/** The stored message of the channel with this provider id, if any. */
export const messageByExternalId = async (env: AnyStandInEnv, c: Company, channelId: number, externalId: string) =>
  (await messagesByExternalId(env.h, c, channelId, externalId))[0];

/** The raw payloads stored for the channel. */
export const channelEvents = (env: AnyStandInEnv, c: Company, channelId: number) => inboundOf(env.h, c, channelId);

/** Waits for an inbound message of the provider id to be stored. */
export const arrived = (env: AnyStandInEnv, c: Company, channelId: number, externalId: string) =>
  until(
    () => messageByExternalId(env, c, channelId, externalId),
    (m) => m !== undefined,
  );

// A 1x1 PNG.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
