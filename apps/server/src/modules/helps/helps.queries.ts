// SECURITY-CRITICAL: help articles are platform-owned rows (no tenant_id), read by every company
// and written only by the operator's routes (`auth: 'operator'`), on `unsafeSystemDb`.
import { HELP_PAGE_SIZE, youtubeId, type Help, type HelpInput, type HelpListPage } from '@prosa/contracts';
import { asc, count, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { helps } from '../../platform/db/schema.js';
import { folded } from '../../platform/db/search-fold.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';

type HelpRow = typeof helps.$inferSelect;

export const presentHelp = (h: HelpRow): Help => ({
  id: h.id,
  title: h.title,
  description: h.description,
  video: h.video,
  videoId: h.video ? youtubeId(h.video) : null,
  position: h.position,
  updatedAt: h.updatedAt.toISOString(),
});

const order = [asc(helps.position), asc(helps.title), asc(helps.id)];

/** Every article, in order (the operator's administration: a few dozen rows). */
export async function listAllHelps(db: Database): Promise<Help[]> {
  return (
    await unsafeSystemDb(db)
      .select()
      .from(helps)
      .orderBy(...order)
  ).map(presentHelp);
}

/** A page of the articles whose title or description holds the search (accents and case ignored). */
export async function searchHelps(db: Database, search: string, pageNumber: number): Promise<HelpListPage> {
  const term = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = term
    ? or(
        sql`${folded(sql`${helps.title}`)} like ${folded(term)}`,
        sql`${folded(sql`${helps.description}`)} like ${folded(term)}`,
      )
    : undefined;
  const offset = (pageNumber - 1) * HELP_PAGE_SIZE;
  const sys = unsafeSystemDb(db);
  const rows = await sys
    .select()
    .from(helps)
    .where(where)
    .orderBy(...order)
    .limit(HELP_PAGE_SIZE)
    .offset(offset);
  const [total] = await sys.select({ n: count() }).from(helps).where(where);
  const n = Number(total?.n ?? 0);
  return { helps: rows.map(presentHelp), count: n, hasMore: offset + rows.length < n };
}

export async function createHelp(db: Database, input: HelpInput): Promise<Help> {
  const [row] = await unsafeSystemDb(db).insert(helps).values(input).returning();
  return presentHelp(row!);
}

export async function updateHelp(db: Database, id: number, input: HelpInput): Promise<Help> {
  const [row] = await unsafeSystemDb(db)
    .update(helps)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(helps.id, id))
    .returning();
  if (!row) throw new AppError('ERR_NO_HELP_FOUND');
  return presentHelp(row);
}

export async function deleteHelp(db: Database, id: number): Promise<void> {
  const gone = await unsafeSystemDb(db).delete(helps).where(eq(helps.id, id)).returning({ id: helps.id });
  if (gone.length === 0) throw new AppError('ERR_NO_HELP_FOUND');
}
