import { and, asc, eq, gt, ilike, inArray, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client.js';
import { contacts, contactTags, contactWallets, tags, users } from '../../platform/db/schema.js';
import { folded } from '../../platform/db/search-fold.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import type { ContactView } from './contacts.policy.js';

export type ContactRow = typeof contacts.$inferSelect;
export type TagRef = { id: number; name: string; color: string };
export type UserRef = { id: number; name: string };
export interface ContactWithRelations {
  row: ContactRow;
  tags: TagRef[];
  wallets: UserRef[];
}
export interface ContactFilter {
  searchParam: string;
  tagsIds: number[];
}

type Owns = TenantScope['owns'];
const MAX_INT4 = 2_147_483_647;
/** Ids from a query string or body that a PostgreSQL int4 column can hold; others match nothing. */
const validIds = (ids: number[]) => [...new Set(ids)].filter((n) => Number.isInteger(n) && n > 0 && n <= MAX_INT4);

/** `%` and `_` typed by a person are letters, not wildcards. */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (term: string) => `%${escapeLike(term)}%`;

/** Own wallet only: the contacts whose wallet holds the viewer. */
function walletCondition(db: DbExecutor, owns: Owns, view: ContactView): SQL | undefined {
  if (view.walletUserId === null) return undefined;
  const mine = db
    .select({ id: contactWallets.contactId })
    .from(contactWallets)
    .where(owns(contactWallets, eq(contactWallets.userId, view.walletUserId)));
  return inArray(contacts.id, mine);
}

/**
 * The search of the contacts list and the ticket search: the folded name (contacts.search_name,
 * lower case without accents) contains the folded term; a term of one or two letters matches
 * word prefixes instead ("an" finds Ana and Antônio, not every name with "an" inside), served by
 * the words index, as trigrams cannot serve it. `name` is the name as compared (the ranked search
 * passes it in the C collation, which neither index serves, to walk the name index instead).
 * Number contains the digits of a term without letters (a phone however written), and email
 * contains the term when it has an `@`. The email has no index, and an OR with it turns the search
 * into a scan of every contact, so it joins only when asked for. A viewer who may not see numbers finds a
 * contact by its whole number only: matching parts would let it rebuild a hidden number.
 */
export function nameMatches(term: string, name: SQL | typeof contacts.searchName = contacts.searchName): SQL {
  const plain = term
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  if (term.length < 3 && plain.length > 0)
    return sql`to_tsvector('simple', ${name}) @@ to_tsquery('simple', ${`${plain}:*`})`;
  return sql`${name} like ${folded(contains(term))}`;
}

/**
 * `name` replaces the name's condition (the ranked search walks the name index with one that no
 * other index serves: contacts.list.ts).
 */
/** The digits of a term to look for in numbers: none (empty) in a term with letters, or fewer than 2. */
export function numberDigits(term: string): string {
  // A term with letters is a name: its digits ("Contato mif3k5ab") are no phone number to look for.
  const digits = /\p{L}/u.test(term) ? '' : term.replace(/\D/g, '');
  return digits.length < 2 ? '' : digits;
}

export function searchCondition(view: ContactView, searchParam: string, name?: SQL): SQL | undefined {
  const term = searchParam.trim();
  if (!term) return undefined;
  const digits = numberDigits(term);
  const byNumber =
    digits === '' ? undefined : view.maskNumbers ? eq(contacts.number, digits) : like(contacts.number, contains(digits));
  const byEmail = term.includes('@') ? ilike(contacts.email, contains(term)) : undefined;
  return or(name ?? nameMatches(term), byNumber, byEmail);
}

function tagCondition(db: DbExecutor, owns: Owns, tagsIds: number[]): SQL | undefined {
  if (tagsIds.length === 0) return undefined;
  const ids = validIds(tagsIds);
  if (ids.length === 0) return eq(contacts.id, -1);
  const tagged = db
    .select({ id: contactTags.contactId })
    .from(contactTags)
    .where(owns(contactTags, inArray(contactTags.tagId, ids)));
  return inArray(contacts.id, tagged);
}

/** The contacts this viewer may see, with the filter of the list (or none). */
export function visible(db: DbExecutor, owns: Owns, view: ContactView, filter?: ContactFilter, extra?: SQL): SQL {
  return owns(
    contacts,
    walletCondition(db, owns, view),
    filter ? searchCondition(view, filter.searchParam) : undefined,
    filter ? tagCondition(db, owns, filter.tagsIds) : undefined,
    extra,
  );
}

/** A page of the export, by id after `afterId` (keyset: stable while contacts are added). */
export function contactsAfter(scope: TenantScope, view: ContactView, afterId: number, limit: number) {
  return scope.query((db, owns) =>
    db
      .select()
      .from(contacts)
      .where(visible(db, owns, view, undefined, gt(contacts.id, afterId)))
      .orderBy(asc(contacts.id))
      .limit(limit),
  );
}

/** Another tenant's contact, one outside the viewer's wallet and none at all answer alike. */
export async function getContact(scope: TenantScope, view: ContactView, id: number): Promise<ContactRow> {
  if (id > MAX_INT4) throw new AppError('ERR_NO_CONTACT_FOUND');
  const [row] = await scope.query((db, owns) =>
    db.select().from(contacts).where(visible(db, owns, view, undefined, eq(contacts.id, id))).limit(1),
  );
  if (!row) throw new AppError('ERR_NO_CONTACT_FOUND');
  return row;
}

export async function getContactWithRelations(scope: TenantScope, view: ContactView, id: number) {
  const [one] = await withRelations(scope, [await getContact(scope, view, id)]);
  return one!;
}

/** Tags and wallets of a page of contacts, in one statement whatever the page size. */
export async function withRelations(scope: TenantScope, rows: ContactRow[]): Promise<ContactWithRelations[]> {
  const { tagsBy, walletsBy } = await relationsOfContacts(scope, rows.map((r) => r.id));
  return rows.map((row) => ({ row, tags: tagsBy.get(row.id) ?? [], wallets: walletsBy.get(row.id) ?? [] }));
}

/**
 * The contacts' tags and wallets (each by name), in one statement built once (runMemo): every
 * contact page and search reads them, and as two drizzle statements they were built and planned on
 * every request for a few microseconds of work.
 */
export async function relationsOfContacts(scope: TenantScope, contactIds: number[]) {
  const tagsBy = new Map<number, TagRef[]>(contactIds.map((id) => [id, []]));
  const walletsBy = new Map<number, UserRef[]>(contactIds.map((id) => [id, []]));
  if (contactIds.length === 0) return { tagsBy, walletsBy };
  const found = await scope.runMemo(
    'contacts.relations',
    (value) =>
      scope.query(async (_db, owns) => {
        const ids = sql`${value('ids')}::int[]`;
        return sql`select * from (
            select 'tag' as "kind", ${contactTags.contactId} as "contactId", ${tags.id} as "id", ${tags.name} as "name", ${tags.color} as "color"
            from ${contactTags} join ${tags} on ${owns(tags, eq(tags.id, contactTags.tagId))}
            where ${owns(contactTags, sql`${contactTags.contactId} = any(${ids})`)}
          union all
            select 'wallet', ${contactWallets.contactId}, ${users.id}, ${users.name}, null
            from ${contactWallets} join ${users} on ${owns(users, eq(users.id, contactWallets.userId))}
            where ${owns(contactWallets, sql`${contactWallets.contactId} = any(${ids})`)}
          ) r order by "name"`;
      }),
    { ids: `{${contactIds.join(',')}}` },
  );
  for (const r of found as { kind: string; contactId: number; id: number; name: string; color: string | null }[]) {
    if (r.kind === 'tag') tagsBy.get(r.contactId)?.push({ id: r.id, name: r.name, color: r.color! });
    else walletsBy.get(r.contactId)?.push({ id: r.id, name: r.name });
  }
  return { tagsBy, walletsBy };
}

export async function tagsOfContacts(scope: TenantScope, contactIds: number[]): Promise<Map<number, TagRef[]>> {
  const by = new Map<number, TagRef[]>(contactIds.map((id) => [id, []]));
  if (contactIds.length === 0) return by;
  const rows = await scope.query((db, owns) =>
    db
      .select({ contactId: contactTags.contactId, id: tags.id, name: tags.name, color: tags.color })
      .from(contactTags)
      .innerJoin(tags, eq(tags.id, contactTags.tagId))
      .where(owns(contactTags, inArray(contactTags.contactId, contactIds), owns(tags)))
      .orderBy(asc(tags.name)),
  );
  for (const { contactId, ...tag } of rows) by.get(contactId)?.push(tag);
  return by;
}

/** Throws ERR_NO_TAG_FOUND unless every id is a tag of this tenant. */
export async function assertTagsExist(scope: TenantScope, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const valid = validIds(unique);
  if (valid.length !== unique.length || (await scope.count(tags, inArray(tags.id, valid))) !== unique.length) {
    throw new AppError('ERR_NO_TAG_FOUND');
  }
}

/** Throws ERR_NO_USER_FOUND unless every id is a user of this tenant. */
export async function assertUsersExist(scope: TenantScope, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const valid = validIds(unique);
  if (valid.length !== unique.length || (await scope.count(users, inArray(users.id, valid))) !== unique.length) {
    throw new AppError('ERR_NO_USER_FOUND');
  }
}

/** One contact per number in a tenant (SPEC §8 ERR_DUPLICATED_CONTACT); the unique index settles races. */
export async function assertNumberFree(scope: TenantScope, number: string, exceptId?: number): Promise<void> {
  // Contacts without a number (web chat visitors) never clash: the unique index skips them too.
  if (!number) return;
  const clash = await scope.first(contacts, and(eq(contacts.number, number), exceptId ? ne(contacts.id, exceptId) : undefined));
  if (clash) throw new AppError('ERR_DUPLICATED_CONTACT');
}
