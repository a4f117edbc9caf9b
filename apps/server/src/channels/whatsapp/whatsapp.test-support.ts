/** Factories of the WhatsApp Web tests: a channel row, recorded Baileys events, waits on rows. */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { WAMessage } from 'baileys';
import { and, eq } from 'drizzle-orm';
import { channels, contacts, messages, queues, tickets, whatsappAuthKeys } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import type { Company, Harness } from '../../test/harness.js';
import { channelAdapters, registerChannelAdapter } from '../registry.js';
import type { Platform } from '../../platform/platform.js';
import { storeInbound } from '../inbound/store-inbound.js';
import { reportSession } from '../session-state.js';
import type { ChannelAdapter, ChannelRow, SessionContext, SessionState } from '../types.js';
import type { MediaCdn } from './fakes/media-cdn.js';
import { fromJsonValue } from './whatsapp.json.js';

/** What the session supervisor hands the adapter: real state reports, real durable receive. */
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

export async function until<T>(probe: () => Promise<T> | T, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 40));
  }
}

export async function whatsappChannel(
  h: Harness,
  company: Company,
  patch: Partial<ChannelRow> = {},
): Promise<ChannelRow> {
  return withTenant(h.app.platform.db, company.tenantId, async (scope) => {
    const suffix = randomBytes(3).toString('hex');
    const queue = await scope.insert(queues, { name: `WhatsApp ${suffix}`, color: '#25D366' });
    return scope.insert(channels, {
      name: `WhatsApp ${suffix}`,
      type: 'whatsapp',
      status: 'DISCONNECTED',
      defaultQueueId: queue.id,
      ...patch,
    });
  });
}

/** A recorded Baileys event (fixtures/), binary fields back as Buffers like Baileys emits them. */
export function fixture<T = unknown>(name: string): T {
  return fromJsonValue<T>(JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')));
}

/** The messages of a recorded messages.upsert. */
export const upsertOf = (name: string) => fixture<{ type: 'notify' | 'append'; messages: WAMessage[] }>(name);

/** Points a media message at the CDN stand-in and serves `plain` there under its mediaKey. */
export async function serveMedia(cdn: MediaCdn, m: WAMessage, plain: Buffer): Promise<void> {
  const content = m.message?.documentWithCaptionMessage?.message ?? m.message;
  const [type, node] = Object.entries(content ?? {}).find(([k]) => k.endsWith('Message'))! as [
    string,
    Record<string, unknown>,
  ];
  const path = `/media/${m.key.id}`;
  delete node.directPath;
  node.url = `${cdn.url}${path}`;
  const kind = type.replace('Message', '') as 'image' | 'audio' | 'document' | 'video' | 'sticker';
  await cdn.put(path, plain, node.mediaKey as Buffer, kind);
}

/** Registers `adapter` as the `whatsapp` adapter the inbound and outbound jobs use, until restored. */
export function useAdapter(adapter: ChannelAdapter): () => void {
  const previous = channelAdapters.whatsapp;
  registerChannelAdapter(adapter);
  return () => {
    if (previous) registerChannelAdapter(previous);
    else delete channelAdapters.whatsapp;
  };
}

const db = (h: Harness) => h.app.platform.db;

export const channelMessages = (h: Harness, c: Company, channel: ChannelRow) =>
  withTenant(db(h), c.tenantId, (s) => s.select(messages, eq(messages.channelId, channel.id)));
export const channelTickets = (h: Harness, c: Company, channel: ChannelRow) =>
  withTenant(db(h), c.tenantId, (s) => s.select(tickets, eq(tickets.channelId, channel.id)));
export const channelRow = (h: Harness, c: Company, channel: ChannelRow) =>
  withTenant(db(h), c.tenantId, (s) => s.first(channels, eq(channels.id, channel.id)));
export const authKeys = (h: Harness, c: Company, channel: ChannelRow) =>
  withTenant(db(h), c.tenantId, (s) => s.select(whatsappAuthKeys, eq(whatsappAuthKeys.channelId, channel.id)));
export const contactsWhere = (h: Harness, c: Company, where: { number?: string; lid?: string }) =>
  withTenant(db(h), c.tenantId, (s) =>
    s.select(contacts, where.number !== undefined ? eq(contacts.number, where.number) : eq(contacts.lid, where.lid!)),
  );
export const messageOf = async (h: Harness, c: Company, channel: ChannelRow, externalId: string) =>
  (
    await withTenant(db(h), c.tenantId, (s) =>
      s.select(messages, and(eq(messages.channelId, channel.id), eq(messages.externalId, externalId))!),
    )
  )[0];
