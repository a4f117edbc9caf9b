/**
 * Profile pictures of WhatsApp Web contacts. WhatsApp answers them only over the live socket,
 * which one app instance holds, so asking for them is a session job (whatsapp.fetch-pictures, run
 * on that instance by modules/channels/session/session-jobs.ts). It is used when parse meets a new contact
 * on an instance without the socket, and after POST /contacts/sync.
 *
 * Only contacts without a picture are asked for, one at a time with a pause between questions
 * (WhatsApp limits how fast an account may ask). No picture, or one hidden by the person's privacy
 * settings, is not an error: the contact keeps none.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { externalKeyOf } from '../../modules/messages/inbound-contact-ticket.js';
import { emitContactChange } from '../../modules/contacts/contacts.events.js';
import { channels, contacts } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { Platform } from '../../platform/platform.js';
import { defineSessionJob } from '../../modules/channels/session/session-jobs.js';
import { ChannelSendError, type ChannelRow } from '../../modules/channels/channel-adapter.js';
import { isGroupJid, isLidJid, normalizeJid, phoneOf } from './whatsapp.jid.js';
import { liveSocketOf, withTimeout, type LiveSocket } from './whatsapp.socket.js';

/** JIDs per job. */
export const PICTURE_BATCH = 50;
/** Pause between two questions to WhatsApp. */
export const picturePace = { gapMs: 300 };

/** The picture's URL, or undefined when there is none to show (or WhatsApp did not answer). */
export async function askPicture(live: LiveSocket, jid: string): Promise<string | undefined> {
  try {
    return (
      (await withTimeout(live.socket.profilePictureUrl(jid, 'image', 5_000), 6_000, 'profilePictureUrl')) || undefined
    );
  } catch {
    // No picture, or hidden by the person's privacy settings.
    return undefined;
  }
}

/** Prosa's contacts a JID stands for (a group is a contact of its channel). */
function contactWhere(channelId: number, jid: string) {
  if (isGroupJid(jid)) return eq(contacts.externalKey, externalKeyOf(channelId, jid));
  if (isLidJid(jid)) return eq(contacts.lid, jid);
  const number = phoneOf(jid);
  return number ? eq(contacts.number, number) : undefined;
}

/** Asks for the pictures of these JIDs and stores them on contacts that have none. */
export async function storePictures(platform: Platform, scope: TenantScope, channelId: number, jids: string[]) {
  const live = liveSocketOf(channelId, platform);
  if (!live || live.tenantId !== scope.tenantId) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', true);
  let asked = 0;
  for (const jid of jids.map(normalizeJid)) {
    const where = contactWhere(channelId, jid);
    if (!where) continue;
    const missing = await scope.select(contacts, and(where, eq(contacts.profilePicUrl, ''))!);
    if (missing.length === 0) continue;
    if (asked++ > 0) await new Promise((r) => setTimeout(r, picturePace.gapMs));
    const url = await askPicture(live, jid);
    if (!url) continue;
    const ids = missing.map((c) => c.id);
    const updated = await scope.update(
      contacts,
      { profilePicUrl: url.slice(0, 2000), updatedAt: new Date() },
      and(inArray(contacts.id, ids), eq(contacts.profilePicUrl, ''))!,
    );
    for (const c of updated) emitContactChange(scope, 'update', c.id);
  }
}

export const fetchPicturesJob = defineSessionJob({
  id: 'whatsapp.fetch-pictures',
  schema: z.object({
    tenantId: z.number().int().positive(),
    channelId: z.number().int().positive(),
    jids: z.array(z.string().min(3).max(120)).min(1).max(PICTURE_BATCH),
  }),
  retryLimit: 3,
  retryDelaySeconds: 15,
  retryBackoff: true,
  expireInSeconds: 600,
  channelOf: async (data, scope) => {
    const row = await scope.first(channels, and(eq(channels.id, data.channelId), eq(channels.type, 'whatsapp'))!);
    return row && { id: row.id, type: row.type };
  },
  async handler(data, ctx) {
    const scope = ctx.scope!;
    const channel = await scope.first(channels, eq(channels.id, data.channelId));
    // A channel deleted meanwhile: nothing to ask.
    if (!channel || channel.type !== 'whatsapp') return;
    await storePictures(ctx.platform, scope, channel.id, data.jids);
  },
});

/** Queues the questions for these JIDs (deduplicated while queued), `delaySeconds` from now. */
export async function enqueuePictures(
  platform: Platform,
  channel: Pick<ChannelRow, 'id' | 'tenantId'>,
  jids: string[],
  delaySeconds = 0,
): Promise<void> {
  const unique = [...new Set(jids.map(normalizeJid).filter(Boolean))];
  for (let i = 0; i < unique.length; i += PICTURE_BATCH) {
    const batch = unique.slice(i, i + PICTURE_BATCH);
    const key = createHash('sha1').update(batch.join(',')).digest('hex').slice(0, 20);
    await platform.jobs.send(
      fetchPicturesJob,
      { tenantId: channel.tenantId, channelId: channel.id, jids: batch },
      { singletonKey: `pictures:${channel.id}:${key}`, ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}) },
    );
  }
}
