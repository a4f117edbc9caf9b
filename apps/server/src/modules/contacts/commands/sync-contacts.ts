/**
 * POST /contacts/sync: the people a channel's account knows (WhatsApp Web's address book, kept by
 * channels/whatsapp/whatsapp.contact-store.ts) become Prosa contacts. Only channel types whose
 * adapter has such a list take it (ERR_CHANNEL_NOT_SUPPORTED otherwise), and only while connected
 * (ERR_WAPP_NOT_INITIALIZED): the list is the live pairing's.
 *
 * One person is one contact, found by number or by LID (contacts.lid), never a second one:
 * - unknown number: a new contact with the best name the provider has (else the number);
 * - known contact: a missing name is filled (empty, or the number or LID that inbound messages
 *   put there for lack of one); a name anyone typed stays. The contact also gets the LID or the
 *   number it lacked when no other contact has it;
 * - a person known only by LID creates nothing (no number to show or call) but fills the name of
 *   the contact that has that LID;
 * - groups and broadcast lists are not in the list.
 * Then the pictures of contacts without one are asked for in the background (adapter.fetchPictures).
 *
 * Runs in the request, in batches: an address book is thousands of people at most, a few statements
 * per hundred. Not one transaction: each step is safe to repeat, so a sync cut short is completed
 * by the next one, and nothing holds locks that inbound messages need meanwhile.
 */
import type { ContactSync, ContactSyncResult } from '@prosa/contracts';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { channelAdapters } from '../../channels/channel-registry.js';
import type { KnownContact } from '../../channels/channel-adapter.js';
import { channels, contacts } from '../../../platform/db/schema.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Platform } from '../../../platform/platform.js';
import { emitContactsImported } from '../contacts.events.js';

type ContactRow = typeof contacts.$inferSelect;
const BATCH = 500;
/** Pictures asked for after one sync, at most (the owner asks them slowly, see whatsapp.pictures.ts). */
const MAX_PICTURES = 5_000;
/** E.164: up to 15 digits; shorter than 8 is not a reachable phone number. */
const isPhone = (n: string) => /^\d{8,15}$/.test(n);
const lidUser = (lid: string) => lid.split('@')[0] ?? '';

/** A name nobody chose: empty, or the number or LID an inbound message put there for lack of one. */
export function isPlaceholderName(c: Pick<ContactRow, 'name' | 'number' | 'lid'>): boolean {
  const name = c.name.trim();
  if (!name) return true;
  if (/^[\d\s()+.-]+$/.test(name) && name.replace(/\D/g, '') === c.number) return true;
  return !!c.lid && name === lidUser(c.lid);
}

interface Person {
  providerId: string;
  number: string;
  lid: string;
  name: string;
}

/** One entry per number (names and LIDs of duplicates joined); LID-only people apart. */
function peopleOf(list: KnownContact[]): { byNumber: Person[]; lidOnly: Person[]; skipped: number } {
  const byNumber = new Map<string, Person>();
  const lidOnly = new Map<string, Person>();
  let skipped = 0;
  for (const k of list) {
    const p: Person = {
      providerId: k.providerId,
      number: k.number.replace(/\D/g, ''),
      lid: k.lid.trim(),
      name: k.name.trim().slice(0, 120),
    };
    if (p.number && !isPhone(p.number)) p.number = '';
    if (p.number) {
      const seen = byNumber.get(p.number);
      byNumber.set(p.number, seen ? { ...seen, lid: seen.lid || p.lid, name: seen.name || p.name } : p);
    } else if (p.lid) lidOnly.set(p.lid, p);
    else skipped++;
  }
  return { byNumber: [...byNumber.values()], lidOnly: [...lidOnly.values()], skipped };
}

async function existingFor(scope: TenantScope, numbers: string[], lids: string[]): Promise<ContactRow[]> {
  const found: ContactRow[] = [];
  for (let i = 0; i < Math.max(numbers.length, lids.length); i += BATCH) {
    const ns = numbers.slice(i, i + BATCH);
    const ls = lids.slice(i, i + BATCH);
    const where = or(
      ns.length ? inArray(contacts.number, ns) : undefined,
      ls.length ? inArray(contacts.lid, ls) : undefined,
    );
    if (where) found.push(...(await scope.select(contacts, where)));
  }
  return [...new Map(found.map((c) => [c.id, c])).values()];
}

/** What a known contact gets from the person, as guarded UPDATE parts (null: nothing). */
function patchFor(c: ContactRow, p: Person, lidFree: boolean, numberFree: boolean) {
  const set: Partial<ContactRow> = {};
  const guards = [eq(contacts.id, c.id)];
  if (c.isGroup) return null;
  if (p.name && isPlaceholderName(c) && p.name !== c.name) {
    set.name = p.name;
    // Someone renaming it meanwhile wins.
    guards.push(eq(contacts.name, c.name));
  }
  if (p.lid && c.lid === null && lidFree) {
    set.lid = p.lid;
    guards.push(isNull(contacts.lid));
  }
  if (p.number && c.number === '' && numberFree) {
    set.number = p.number;
    guards.push(eq(contacts.number, ''));
  }
  return Object.keys(set).length ? { set, where: and(...guards)! } : null;
}

export async function syncContacts(
  platform: Platform,
  scope: TenantScope,
  input: ContactSync,
): Promise<ContactSyncResult> {
  const channel = await scope.first(channels, eq(channels.id, input.channelId));
  if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
  const adapter = channelAdapters[channel.type];
  if (!adapter?.knownContacts) throw new AppError('ERR_CHANNEL_NOT_SUPPORTED');
  if (channel.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');

  const list = await adapter.knownContacts(platform, channel);
  const { byNumber, lidOnly, skipped } = peopleOf(list);
  const existing = await existingFor(
    scope,
    byNumber.map((p) => p.number),
    [...byNumber, ...lidOnly].map((p) => p.lid).filter(Boolean),
  );
  const withNumber = new Map(existing.filter((c) => c.number).map((c) => [c.number, c]));
  const withLid = new Map(existing.filter((c) => c.lid).map((c) => [c.lid!, c]));

  const toCreate: Person[] = [];
  const patches: NonNullable<ReturnType<typeof patchFor>>[] = [];
  const pictures = new Set<string>();
  for (const p of [...byNumber, ...lidOnly]) {
    const byNum = p.number ? withNumber.get(p.number) : undefined;
    const byLid = p.lid ? withLid.get(p.lid) : undefined;
    const target = byNum ?? byLid;
    if (!target) {
      if (p.number) toCreate.push(p);
      continue;
    }
    const patch = patchFor(target, p, !byLid, !byNum);
    if (patch) patches.push(patch);
    if (!target.profilePicUrl && !target.isGroup) pictures.add(p.providerId);
  }

  let created = 0;
  for (let i = 0; i < toCreate.length; i += BATCH) {
    const batch = toCreate.slice(i, i + BATCH);
    const rows = await scope.query((db) =>
      db
        .insert(contacts)
        // SECURITY: written outside the door's insert (it has no "on conflict"), so the tenant is
        // stamped here; a conflict (another message made the contact meanwhile) inserts nothing.
        .values(
          batch.map((p) => ({
            tenantId: scope.tenantId,
            name: p.name || p.number,
            number: p.number,
            lid: p.lid && !withLid.has(p.lid) ? p.lid : null,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: contacts.id, number: contacts.number }),
    );
    created += rows.length;
    const made = new Set(rows.map((r) => r.number));
    for (const p of batch) if (made.has(p.number)) pictures.add(p.providerId);
  }

  let updated = 0;
  for (const patch of patches) {
    try {
      const rows = await scope.update(contacts, { ...patch.set, updatedAt: new Date() }, patch.where);
      updated += rows.length;
    } catch (err) {
      // Another contact took the number or LID meanwhile: this one stays as it was.
      if (!isUniqueViolation(err)) throw err;
    }
  }

  if (created + updated > 0) emitContactsImported(scope, { created, updated });
  if (pictures.size > 0 && adapter.fetchPictures) {
    await adapter
      .fetchPictures(platform, channel, [...pictures].slice(0, MAX_PICTURES))
      .catch((err: unknown) => platform.log.warn({ err, channelId: channel.id }, 'contacts sync: pictures not queued'));
  }
  return {
    total: byNumber.length + lidOnly.length + skipped,
    created,
    updated,
    skipped: skipped + lidOnly.filter((p) => !withLid.has(p.lid)).length,
  };
}
