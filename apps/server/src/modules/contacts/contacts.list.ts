import { and, asc, count, not, sql, type SQL } from 'drizzle-orm';
import { contacts } from '../../platform/db/schema.js';
import { folded } from '../../platform/db/search-fold.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { ContactView } from './contacts.policy.js';
import {
  escapeLike,
  searchCondition,
  visible,
  withRelations,
  type ContactFilter,
  type ContactRow,
} from './contacts.queries.js';

/** A search's count stops here: counting 50,000 "Silva" costs more than the page itself. */
export const CONTACT_COUNT_CAP = 1_000;
/** Fewer exact matches than this (a typo, a rare name): similar names follow them up to this many. */
export const FUZZY_WHEN_FEWER = 20;
/**
 * How similar (pg_trgm's similarity, 0 to 1) a name must be: the index serves `%` (0.3, the
 * default of pg_trgm.similarity_threshold); this stricter bound keeps "João Silva" out of a search
 * for "Marcos Silva" (0.33) and "Joao Silva" in one for "Joao Slva" (0.5).
 */
const FUZZY_SIMILARITY = 0.35;

type Page = ContactFilter & { pageNumber: number; pageSize: number };

/**
 * The order of the matches, in byte order ("C"): the order of contacts_tenant_search_name_c_idx,
 * so a name prefix is a range of that index read in order and stopped at the page.
 */
const byName = sql`${contacts.searchName} collate "C"`;

/** A name as typed (letters, spaces, apostrophes, dots, hyphens) with three letters or more. */
const looksLikeName = (term: string) =>
  /^[\p{L}\p{M}\s'.-]+$/u.test(term) && term.replace(/[^\p{L}]/gu, '').length >= 3;

/**
 * The matches of a term (searchCondition: name, number, email) split by rank, best first, the
 * ranks disjoint: 0 the folded name starts with the term, 1 a later word of it does, 2 any other
 * match (the name contains it; the number or the email). A term of one or two letters matches
 * word prefixes only, so it has ranks 0 and 1. Rank 3 (fuzzy) is `fuzzyArm`.
 */
function rankArms(view: ContactView, term: string): { match: SQL; arms: SQL[] } {
  const match = searchCondition(view, term)!;
  const prefix = sql`${byName} like ${folded(`${escapeLike(term)}%`)}`;
  if (term.length < 3) return { match, arms: [and(match, prefix)!, and(match, not(prefix))!] };
  const word = sql`${contacts.searchName} like ${folded(`% ${escapeLike(term)}%`)}`;
  return { match, arms: [and(match, prefix)!, and(match, word, not(prefix))!, and(match, not(prefix), not(word))!] };
}

/**
 * Rank 3: names similar to the term (pg_trgm's `%`, served by the trigram index) that are no
 * match; for a name only (a typo in "Joao Slva"), not for digits or an email.
 */
function fuzzyArm(term: string, match: SQL): SQL | undefined {
  if (!looksLikeName(term)) return undefined;
  const t = folded(term);
  return and(
    sql`${contacts.searchName} % ${t}`,
    sql`similarity(${contacts.searchName}, ${t}) >= ${FUZZY_SIMILARITY}`,
    not(match),
  );
}

/**
 * A page of a search, best matches first: each rank is read in name order up to the end of the
 * page only (a LIMIT the indexes serve), one rank after the other while the page is not full; the
 * ranks are disjoint, so their concatenation is the whole ordered list and page 2 continues page 1.
 * Similar names come after every match, and only when matches are few, to fill the list up to
 * FUZZY_WHEN_FEWER.
 */
async function searchPage(scope: TenantScope, view: ContactView, q: Page) {
  const term = q.searchParam.trim();
  const { match, arms } = rankArms(view, term);
  const rest = { searchParam: '', tagsIds: q.tagsIds };
  const offset = (q.pageNumber - 1) * q.pageSize;
  const want = offset + q.pageSize;
  const read = (where: SQL, skip: number, limit: number) =>
    scope.query((db, owns) =>
      db
        .select()
        .from(contacts)
        .where(visible(db, owns, view, rest, where))
        .orderBy(byName, asc(contacts.id))
        .limit(limit)
        .offset(skip),
    );
  const capped = (where: SQL) =>
    scope.query(async (db, owns) => {
      const sub = db
        .select({ one: sql`1` })
        .from(contacts)
        .where(visible(db, owns, view, rest, where))
        .limit(CONTACT_COUNT_CAP)
        .as('capped');
      const [row] = await db.select({ n: count() }).from(sub);
      return Number(row?.n ?? 0);
    });
  const ranked = async () => {
    const found: ContactRow[] = [];
    for (const arm of arms) {
      if (found.length >= want) break;
      found.push(...(await read(arm, 0, want - found.length)));
    }
    return found.slice(offset);
  };
  const [rows, exact] = await Promise.all([ranked(), capped(match)]);
  const fuzzy = exact < FUZZY_WHEN_FEWER ? fuzzyArm(term, match) : undefined;
  if (!fuzzy) return { rows, n: exact };
  // Similar names fill the list up to FUZZY_WHEN_FEWER after the `exact` matches: one query (its
  // candidates are rechecked row by row), whatever the page.
  const similar = await read(fuzzy, 0, FUZZY_WHEN_FEWER - exact);
  return {
    rows: [...rows, ...similar.slice(Math.max(0, offset - exact), Math.max(0, want - exact))],
    n: exact + similar.length,
  };
}

/** The contacts list: by name, or a search ranked best first; the count of a search is capped. */
export async function listContacts(scope: TenantScope, view: ContactView, q: Page) {
  const searching = q.searchParam.trim() !== '';
  const { rows, n } = searching
    ? await searchPage(scope, view, q)
    : await Promise.all([
        scope.query((db, owns) =>
          db
            .select()
            .from(contacts)
            .where(visible(db, owns, view, q))
            .orderBy(asc(contacts.name), asc(contacts.id))
            .limit(q.pageSize)
            .offset((q.pageNumber - 1) * q.pageSize),
        ),
        scope.query((db, owns) =>
          db
            .select({ n: count() })
            .from(contacts)
            .where(visible(db, owns, view, q)),
        ),
      ]).then(([rows, [total]]) => ({ rows, n: Number(total?.n ?? 0) }));
  const seen = (q.pageNumber - 1) * q.pageSize + rows.length;
  return {
    contacts: await withRelations(scope, rows),
    // Exact up to the cap; past it, at least what was seen.
    count: Math.max(n, seen),
    hasMore: rows.length === q.pageSize && (seen < n || (searching && n >= CONTACT_COUNT_CAP)),
  };
}
