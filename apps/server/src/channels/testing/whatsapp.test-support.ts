/** Factories of the WhatsApp Web tests: a channel row, recorded Baileys events, waits on rows. */
import { readFileSync } from 'node:fs';
import type { WAMessage } from 'baileys';
import { eq } from 'drizzle-orm';
import { channels, contacts, messages, tickets, whatsappAuthKeys } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import type { Company, Harness } from '../../test/harness.js';
import { channelAdapters, registerChannelAdapter } from '../../modules/channels/channel-registry.js';
import type { ChannelAdapter, ChannelRow } from '../../modules/channels/channel-adapter.js';
import type { MediaCdn } from '../whatsapp/fakes/media-cdn.js';
import { fromJsonValue } from '../whatsapp/whatsapp.json.js';
import { messagesByExternalId, sessionContext, until as untilCommon, channelWithQueue } from './common.js';

export { sessionContext };

/** WhatsApp's tests wait 15 s at most, probing every 40 ms. */
export const until = <T>(probe: () => Promise<T> | T, ok: (v: T) => boolean, ms = 15_000) =>
  untilCommon(probe, ok, ms, 40);

export async function whatsappChannel(
  h: Harness,
  company: Company,
  patch: Partial<ChannelRow> = {},
): Promise<ChannelRow> {
  return channelWithQueue(h, company, 'WhatsApp', '#25D366', { type: 'whatsapp', status: 'DISCONNECTED', ...patch });
}

/** A recorded Baileys event (fixtures/), binary fields back as Buffers like Baileys emits them. */
export function fixture<T = unknown>(name: string): T {
  return fromJsonValue<T>(
    JSON.parse(readFileSync(new URL(`../whatsapp/fixtures/${name}.json`, import.meta.url), 'utf8')),
  );
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
  (await messagesByExternalId(h, c, channel.id, externalId))[0];
