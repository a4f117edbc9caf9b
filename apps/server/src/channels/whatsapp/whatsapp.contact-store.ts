/**
 * The people a WhatsApp Web account knows, kept in whatsapp_contacts for POST /contacts/sync:
 * Baileys 7 keeps no contact store, it only emits them (contacts.upsert when the phone shares its
 * address book, contacts.update for later changes, `contacts` of each history sync).
 *
 * A socket's contact events are written by the session that runs it, in order, in batches; a
 * write that fails is logged and dropped (WhatsApp sends the address book again on the next
 * pairing or history sync, and nothing else depends on this table). A value Baileys leaves out
 * never erases a known one. Groups, broadcast lists and newsletters are not kept.
 */
import type { BaileysEventMap, Contact } from 'baileys';
import { eq, sql } from 'drizzle-orm';
import { whatsappContacts } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import type { Platform } from '../../platform/platform.js';
import type { ChannelRow, KnownContact } from '../../modules/channels/channel-adapter.js';
import { storedPnForLid } from './whatsapp.auth-state.js';
import { isLidJid, isPnJid, normalizeJid, parseJid, phoneOf } from './whatsapp.jid.js';
import type { WaSocket } from './whatsapp.socket.js';

type Owner = Pick<ChannelRow, 'id' | 'tenantId'>;
export type StoreRow = Pick<
  typeof whatsappContacts.$inferInsert,
  'jid' | 'number' | 'lid' | 'name' | 'notify' | 'verifiedName'
>;

const BATCH = 500;
const text = (v: unknown, max = 200) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/** A Baileys contact as a store row; null for groups, broadcasts, newsletters and unknown shapes. */
export function storeRowOf(c: Partial<Contact>): StoreRow | null {
  const jid = normalizeJid(c.id);
  if (!isPnJid(jid) && !isLidJid(jid)) return null;
  return {
    jid,
    number: phoneOf(jid) || phoneOf(c.phoneNumber),
    lid: isLidJid(jid) ? jid : isLidJid(c.lid) ? normalizeJid(c.lid) : '',
    name: text(c.name),
    notify: text(c.notify),
    verifiedName: text(c.verifiedName),
  };
}

/** Saves rows; a known value stays when the new one is empty. One row per jid (the last wins). */
export async function saveStoreRows(platform: Platform, channel: Owner, rows: StoreRow[]): Promise<void> {
  const byJid = new Map(rows.map((r) => [r.jid, r]));
  const list = [...byJid.values()];
  const keep = (col: string) =>
    sql.raw(`case when excluded.${col} <> '' then excluded.${col} else whatsapp_contacts.${col} end`);
  for (let i = 0; i < list.length; i += BATCH) {
    const batch = list.slice(i, i + BATCH);
    await withTenant(platform.db, channel.tenantId, (scope) =>
      scope.query((db) =>
        db
          .insert(whatsappContacts)
          // SECURITY: an upsert outside the door's insert: the tenant is stamped here, and the
          // conflict target is the channel, which belongs to this tenant.
          .values(batch.map((r) => ({ ...r, tenantId: scope.tenantId, channelId: channel.id })))
          .onConflictDoUpdate({
            target: [whatsappContacts.channelId, whatsappContacts.jid],
            set: {
              number: keep('number'),
              lid: keep('lid'),
              name: keep('name'),
              notify: keep('notify'),
              verifiedName: keep('verified_name'),
              updatedAt: sql`now()`,
            },
          }),
      ),
    );
  }
}

/** Forgets what a channel's account knew (its pairing was cleared: another phone may come). */
export async function clearStore(platform: Platform, channel: Owner): Promise<void> {
  await withTenant(platform.db, channel.tenantId, (scope) =>
    scope.delete(whatsappContacts, eq(whatsappContacts.channelId, channel.id)),
  );
}

export interface ContactStoreWriter {
  /** Writes the contacts `socket` emits while `live()` says it is the session's current socket. */
  bind(socket: WaSocket, live: () => boolean): void;
  /** Resolves when every write queued so far is done (or dropped). */
  drain(): Promise<void>;
}

/** One per session: writes of all its sockets, one after another. */
export function contactStoreWriter(platform: Platform, channel: Owner): ContactStoreWriter {
  let tail: Promise<void> = Promise.resolve();
  const push = (contacts: Partial<Contact>[] | undefined) => {
    const rows = (contacts ?? []).map(storeRowOf).filter((r): r is StoreRow => r !== null);
    if (rows.length === 0) return;
    tail = tail
      .then(() => saveStoreRows(platform, channel, rows))
      .catch((err: unknown) =>
        platform.log.warn({ err, channelId: channel.id, count: rows.length }, 'whatsapp: contacts not stored'),
      );
  };
  return {
    bind(socket, live) {
      const on = <T extends keyof BaileysEventMap>(event: T, fn: (arg: BaileysEventMap[T]) => void) =>
        socket.ev.on(event, (arg) => {
          if (live()) fn(arg);
        });
      on('contacts.upsert', (contacts) => push(contacts));
      on('contacts.update', (updates) => push(updates));
      on('messaging-history.set', ({ contacts }) => push(contacts));
    },
    drain: () => tail,
  };
}

const nameOf = (rows: StoreRow[]) =>
  rows.map((r) => r.name).find(Boolean) ||
  rows.map((r) => r.verifiedName).find(Boolean) ||
  rows.map((r) => r.notify).find(Boolean) ||
  '';

/**
 * The people of the channel's store, one per person: rows of one person (by phone JID and by LID)
 * are joined by the number they share; a LID-only row gets its number from the other rows or from
 * the LID pairs Baileys kept in the auth state. The best name is the address book's, then the
 * verified business name, then the person's own.
 */
export async function knownWhatsappContacts(platform: Platform, channel: Owner): Promise<KnownContact[]> {
  const rows = await withTenant(platform.db, channel.tenantId, (scope) =>
    scope.select(whatsappContacts, eq(whatsappContacts.channelId, channel.id)),
  );
  const numberOfLid = new Map(rows.filter((r) => r.lid && r.number).map((r) => [r.lid, r.number]));
  const byPerson = new Map<string, StoreRow[]>();
  for (const r of rows) {
    let number = r.number || (r.lid ? numberOfLid.get(r.lid) : '') || '';
    if (!number && r.lid) {
      number = (await storedPnForLid(platform, channel, parseJid(r.lid)!.user)) ?? '';
      if (number) numberOfLid.set(r.lid, number);
    }
    const key = number ? `n:${number}` : `l:${r.lid}`;
    byPerson.set(key, [...(byPerson.get(key) ?? []), { ...r, number }]);
  }
  return [...byPerson.values()].map((group) => {
    const number = group[0]!.number ?? '';
    const lid = group.map((r) => r.lid).find(Boolean) ?? '';
    return { providerId: number ? `${number}@s.whatsapp.net` : lid, number, lid, name: nameOf(group) };
  });
}
