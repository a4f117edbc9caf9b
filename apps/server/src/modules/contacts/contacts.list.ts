import { and, asc, count, eq, getTableColumns, gte, inArray, lt, not, sql, type SQL } from 'drizzle-orm';
import { contacts } from '../../platform/db/schema.js';
import { folded } from '../../platform/db/search-fold.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { ContactView } from './contacts.policy.js';
import {
  escapeLike,
  nameMatches,
  numberDigits,
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
 * so a name prefix is a range of that index read in order and stopped at the page. A condition on
 * the name in this collation is one neither the trigram nor the words index serves: the planner
 * walks the name index with it (see `walk`).
 */
const byName = sql`${contacts.searchName} collate "C"`;

/**
 * A rank with at least this many rows among the first CONTACT_COUNT_CAP + 1 matches is dense: read
 * in name order, the page is found after a short walk of the name index (on 1,000,000 contacts, at
 * most about page x 2,000 index entries).
 */
const DENSE_IN_SAMPLE = 500;

/** A name as typed (letters, spaces, apostrophes, dots, hyphens) with three letters or more. */
const looksLikeName = (term: string) =>
  /^[\p{L}\p{M}\s'.-]+$/u.test(term) && term.replace(/[^\p{L}]/gu, '').length >= 3;

/** Rank 0: the folded name starts with the folded term, a range of the name index. */
function startsWithTerm(term: string): SQL {
  const t = folded(term);
  return sql`(${byName} >= ${t} and ${byName} < (${t} || chr(1114111)) and starts_with(${contacts.searchName}, ${t}))`;
}

/** The first digit string after every one that starts with `d` (none when `d` is all nines). */
function nextDigits(d: string): string | undefined {
  const cut = d.replace(/9+$/, '');
  return cut === '' ? undefined : cut.slice(0, -1) + String(Number(cut.at(-1)) + 1);
}

/**
 * Rank 0 of a phone number (a term of digits): the number starts with them (the whole number when
 * numbers are hidden from the viewer), a range of the number's unique index (numbers are digits).
 */
function numberStarts(view: ContactView, digits: string): SQL {
  if (view.maskNumbers) return eq(contacts.number, digits);
  const next = nextDigits(digits);
  return and(
    sql`${contacts.number} <> ''`,
    gte(contacts.number, digits),
    next === undefined ? undefined : lt(contacts.number, next),
    sql`starts_with(${contacts.number}, ${digits})`,
  )!;
}

/** Rank 1 (three letters or more): a later word of the name starts with the term. */
const wordOf = (term: string, name: SQL | typeof contacts.searchName) =>
  sql`${name} like ${folded(`% ${escapeLike(term)}%`)}`;

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

type Ranked = { id: number; n: number; n1: number };

const CONTACT_COLUMNS = getTableColumns(contacts);
const COLUMN_LIST = Object.entries(CONTACT_COLUMNS);
/** A row of `select` of every column, run outside drizzle (runNamed), as drizzle maps it. */
const contactFromDriver = (raw: Record<string, unknown>) =>
  Object.fromEntries(
    COLUMN_LIST.map(([key, column]) => {
      const value = raw[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as ContactRow;

/**
 * A page of a search, best matches first: rank 0 the folded name starts with the term, rank 1 a
 * later word of it does, rank 2 any other match (the name contains the term; the number or the
 * email), each in name order; a term of one or two letters matches word prefixes only (ranks 0
 * and 1). Similar names (rank 3) follow every match when matches are few, up to FUZZY_WHEN_FEWER.
 *
 * Each step reads only what the page needs, through the index that serves it:
 *   1. rank 0 up to the page and its size up to the cap: a range of the name index. A common
 *      prefix ("an", "mar") ends here: the page is full and the count is at the cap.
 *   2. every match up to the cap + 1 (the trigram / words index), ranked and sorted: with no more
 *      than the cap, that is the whole ordered list and its exact count.
 *   3. past the cap, the ranks are dense: rank 1 and rank 2 are each read by walking the name
 *      index in order with the rank's condition, stopped at the page; a rank 1 that the sample does
 *      not show dense is first read through the trigram index (a rare word beside a common syllable).
 */
async function searchPage(scope: TenantScope, view: ContactView, q: Page) {
  const term = q.searchParam.trim();
  const short = term.length < 3;
  const rest = { searchParam: '', tagsIds: q.tagsIds };
  const offset = (q.pageNumber - 1) * q.pageSize;
  const want = offset + q.pageSize;
  // A term of digits is a phone number: rank 0 is the numbers that start with it, in number order.
  const digits = numberDigits(term);
  const prefix = digits ? numberStarts(view, digits) : startsWithTerm(term);
  const order0 = digits ? contacts.number : byName;
  const match = searchCondition(view, term)!;

  // 1. Rank 0, and its size up to the cap, from the name (or number) index: a prepared statement
  // (planning it cost more than running it), its rows read as drizzle would.
  const first = await scope.runNamed(
    await scope.query(async (db, owns) => {
      const inRange = db
        .select({ one: sql`1` })
        .from(contacts)
        .where(visible(db, owns, view, rest, prefix))
        .limit(CONTACT_COUNT_CAP);
      return db
        .select({ ...CONTACT_COLUMNS, n0: sql<number>`(select count(*)::int from (${inRange}) r)`.as('n0') })
        .from(contacts)
        .where(visible(db, owns, view, rest, prefix))
        .orderBy(order0, asc(contacts.id))
        .limit(want)
        .getSQL();
    }),
  );
  const rank0 = first.map(contactFromDriver);
  if (rank0.length >= want && Number(first[0]?.n0 ?? 0) >= CONTACT_COUNT_CAP) {
    return { rows: rank0.slice(offset), n: CONTACT_COUNT_CAP };
  }

  // 2. Every match up to the cap + 1, ranked; the first `want` of them in order.
  const word = short || digits ? undefined : wordOf(term, contacts.searchName);
  const rankOf = word
    ? sql`case when ${prefix} then 0 when ${word} then 1 else 2 end`
    : sql`case when ${prefix} then 0 else ${sql.raw(digits ? '2' : '1')} end`;
  const sample = await scope.query(async (db, owns) => {
    const m = db
      .select({
        id: contacts.id,
        searchName: contacts.searchName,
        number: contacts.number,
        r: sql<number>`${rankOf}`.as('r'),
      })
      .from(contacts)
      .where(visible(db, owns, view, rest, match))
      .limit(CONTACT_COUNT_CAP + 1);
    const res = await db.execute(
      sql`with m as materialized (${m}) select id, (select count(*)::int from m) as n,
        (select count(*)::int from m where r = 1) as n1 from m
        order by r, ${digits ? sql`case when r = 0 then number end, ` : sql``}search_name collate "C", id limit ${want}`,
    );
    return (res as unknown as { rows: Ranked[] }).rows;
  });
  const n = sample[0]?.n ?? 0;
  const fetch = async (ids: number[]) => {
    const have = new Map(rank0.map((r) => [r.id, r]));
    const missing = ids.filter((id) => !have.has(id));
    if (missing.length > 0)
      for (const r of await scope.select(contacts, inArray(contacts.id, missing))) have.set(r.id, r);
    return ids.flatMap((id) => have.get(id) ?? []);
  };
  if (n <= CONTACT_COUNT_CAP) {
    const rows = await fetch(sample.map((s) => s.id).slice(offset));
    const fuzzy = n < FUZZY_WHEN_FEWER ? fuzzyArm(term, match) : undefined;
    if (!fuzzy) return { rows, n };
    // Similar names, in name order, fill the list up to FUZZY_WHEN_FEWER after the `n` matches.
    // Every similar name first (materialized: the trigram index finds them), then the order: asked
    // for in name order with a limit, the planner walked the name index and computed the
    // similarity of each name until it had them, which for a typo is most of the company's
    // (EXPLAIN ANALYZE, bench/contact-search.ts, 100,000 contacts: "joao slva" 169 ms that way,
    // 32 ms this way; "francsca" 74 against 17).
    const similar = await scope.query(async (db, owns) => {
      const all = db.select().from(contacts).where(visible(db, owns, view, rest, fuzzy));
      const res = await db.execute(
        sql`with s as materialized (${all}) select * from s order by search_name collate "C", id limit ${FUZZY_WHEN_FEWER - n}`,
      );
      return (res as unknown as { rows: Record<string, unknown>[] }).rows.map(contactFromDriver);
    });
    return {
      rows: [...rows, ...similar.slice(Math.max(0, offset - n), Math.max(0, want - n))],
      n: n + similar.length,
    };
  }

  // 3. Dense: past the cap. Rank 0 is whole in `rank0` unless it fills the page.
  const ids = rank0.map((r) => r.id);
  const walk = (cond: SQL, limit: number) =>
    scope.query((db, owns) =>
      db
        .select({ id: contacts.id })
        .from(contacts)
        .where(visible(db, owns, view, rest, cond))
        .orderBy(byName, asc(contacts.id))
        .limit(limit),
    );
  const matchC = searchCondition(view, term, nameMatches(term, byName))!;
  const wordC = word ? wordOf(term, byName) : undefined;
  if (!digits && ids.length < want) {
    let rank1: { id: number }[] | undefined;
    // A short term's matches are ranks 0 and 1 only: past the cap, rank 1 is dense.
    if (word && (sample[0]?.n1 ?? 0) < DENSE_IN_SAMPLE) {
      const probe = await scope.query(async (db, owns) => {
        const w = db
          .select({ id: contacts.id, searchName: contacts.searchName })
          .from(contacts)
          .where(visible(db, owns, view, rest, and(word, not(prefix))))
          .limit(CONTACT_COUNT_CAP + 1);
        const res = await db.execute(
          sql`with w as materialized (${w}) select id, (select count(*)::int from w) as n
            from w order by search_name collate "C", id limit ${want - ids.length}`,
        );
        return (res as unknown as { rows: Ranked[] }).rows;
      });
      if ((probe[0]?.n ?? 0) <= CONTACT_COUNT_CAP) rank1 = probe;
    }
    rank1 ??= await walk(and(wordC ?? matchC, not(prefix))!, want - ids.length);
    ids.push(...rank1.map((r) => r.id));
  }
  // Past the cap with ranks 0 and 1 short of the page, rank 2 holds about the cap: dense.
  if ((wordC || digits) && ids.length < want) {
    const rank2 = and(matchC, not(prefix), wordC ? not(wordC) : undefined)!;
    ids.push(...(await walk(rank2, want - ids.length)).map((r) => r.id));
  }
  return { rows: await fetch(ids.slice(offset)), n: CONTACT_COUNT_CAP };
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
