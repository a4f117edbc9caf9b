import { sql, type SQL } from 'drizzle-orm';

/**
 * Accented letters of Portuguese and Spanish and their plain forms: search keys are stored
 * folded (lower case, no accents) and search terms are folded the same way, in SQL, so both
 * sides always agree ("joao" finds "João", "JOSE" finds "José").
 */
export const SEARCH_FOLD = ['áàâãäåéèêëíìîïóòôõöúùûüçñý', 'aaaaaaeeeeiiiiooooouuuucny'] as const;

/** `translate(lower(x), ...)`: the folding of a column or a parameter. */
export function folded(x: SQL | string): SQL {
  return sql`translate(lower(${x}), ${sql.raw(`'${SEARCH_FOLD[0]}'`)}, ${sql.raw(`'${SEARCH_FOLD[1]}'`)})`;
}
