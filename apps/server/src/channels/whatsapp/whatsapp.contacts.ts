/**
 * Who a WhatsApp message is from, as one contact whether WhatsApp names them by phone number or
 * by LID. Baileys 7 delivers a sender as `...@s.whatsapp.net` or `...@lid`, often with the other
 * address beside it (remoteJidAlt / participantAlt); Baileys also keeps the LID -> phone pairs it
 * learns in the auth state (`lid-mapping` keys), which parse reads when the message has no alt.
 *
 * The contact is found by `number` when the phone is known, else by `lid`. Whenever both become
 * known (a message with both, a lid-mapping update), they are joined on one contact: the LID-only
 * contact gets the number, or the number contact records the LID. If two separate contacts already
 * exist for the two addresses they are left as they are (joining them would move tickets).
 */
import { and, eq, isNull, or } from 'drizzle-orm';
import { externalKeyOf } from '../../modules/messages/inbound-contact-ticket.js';
import { contacts } from '../../platform/db/schema.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import type { Platform } from '../../platform/platform.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import { storedPnForLid } from './whatsapp.auth-state.js';
import { isLidJid, isPnJid, normalizeJid, parseJid, phoneOf } from './whatsapp.jid.js';
import { liveOwnerOf } from '../../modules/channels/session/lease.js';
import { askPicture, enqueuePictures } from './whatsapp.pictures.js';
import { liveSocketOf, withTimeout } from './whatsapp.socket.js';

export interface Person {
  /** Phone digits, '' when unknown. */
  number: string;
  /** The LID JID (`...@lid`), '' when unknown. */
  lid: string;
}

/**
 * The person behind `jid` (+ its alt address). `ownNumber` guards messages we sent from the phone:
 * their alt address may be our own number rather than the chat's.
 */
export async function resolvePerson(
  platform: Platform,
  channel: ChannelRow,
  jid: string | null | undefined,
  alt: string | null | undefined,
): Promise<Person> {
  const own = channel.number.replace(/\D/g, '');
  let number = phoneOf(jid);
  let lid = isLidJid(jid) ? normalizeJid(jid) : '';
  if (!number && isPnJid(alt) && phoneOf(alt) !== own) number = phoneOf(alt);
  if (!lid && isLidJid(alt)) lid = normalizeJid(alt);
  if (lid && !number) {
    const pn = await storedPnForLid(platform, channel, parseJid(lid)!.user);
    if (pn && pn !== own) number = pn;
  }
  if (lid && number) await linkLid(platform, channel.tenantId, lid, number);
  return { number, lid };
}

/** Joins a LID and a phone number on one contact (see the file comment). Safe to run again. */
export async function linkLid(platform: Platform, tenantId: number, lid: string, number: string): Promise<void> {
  if (!isLidJid(lid) || !/^\d{5,20}$/.test(number)) return;
  await withTenant(platform.db, tenantId, async (scope) => {
    const found = await scope.select(contacts, or(eq(contacts.lid, lid), eq(contacts.number, number))).limit(2);
    const byLid = found.find((c) => c.lid === lid);
    const byNumber = found.find((c) => c.number === number);
    try {
      if (byLid && !byNumber && byLid.number === '')
        await scope.update(
          contacts,
          { number, updatedAt: new Date() },
          and(eq(contacts.id, byLid.id), eq(contacts.number, ''))!,
        );
      else if (byNumber && !byLid && byNumber.lid === null && !byNumber.isGroup)
        await scope.update(
          contacts,
          { lid, updatedAt: new Date() },
          and(eq(contacts.id, byNumber.id), isNull(contacts.lid))!,
        );
    } catch (err) {
      // Another message joined them at the same moment, or made the other contact: nothing to do.
      if (!isUniqueViolation(err)) throw err;
    }
  });
}

/** Whether Prosa already has a contact for this sender (a new one gets a picture or a group name). */
export async function isKnown(
  platform: Platform,
  channel: ChannelRow,
  who: Person | { group: string },
): Promise<boolean> {
  const where =
    'group' in who
      ? eq(contacts.externalKey, externalKeyOf(channel.id, who.group))
      : who.number
        ? eq(contacts.number, who.number)
        : eq(contacts.lid, who.lid);
  const row = await withTenant(platform.db, channel.tenantId, (scope) => scope.first(contacts, where));
  return !!row;
}

/** Seconds before the owner asks for a picture parse could not: the contact is stored by then. */
const PICTURE_LATER_S = 5;

/**
 * Best effort, never fails a message: through the live socket when this instance has it; when
 * another instance holds the session, that one is asked in the background (whatsapp.pictures.ts)
 * and the picture lands on the contact a little later.
 */
export async function profilePicture(
  platform: Platform,
  channel: ChannelRow,
  jid: string,
): Promise<string | undefined> {
  const live = liveSocketOf(channel.id, platform);
  if (live) return askPicture(live, jid);
  try {
    const owner = await withTenant(platform.db, channel.tenantId, (s) => liveOwnerOf(s, channel.id));
    if (owner && owner !== platform.sessions.instanceId)
      await enqueuePictures(platform, channel, [jid], PICTURE_LATER_S);
  } catch (err) {
    platform.log.warn({ err, channelId: channel.id }, 'whatsapp: picture not queued');
  }
  return undefined;
}

export async function groupSubject(platform: Platform, channel: ChannelRow, jid: string): Promise<string | undefined> {
  const live = liveSocketOf(channel.id, platform);
  if (!live) return undefined;
  try {
    return (await withTimeout(live.socket.groupMetadata(jid), 10_000, 'groupMetadata')).subject || undefined;
  } catch (err) {
    platform.log.warn({ err, channelId: channel.id }, 'whatsapp: group metadata not available');
    return undefined;
  }
}
