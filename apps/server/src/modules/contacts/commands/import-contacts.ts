import { V, ZContactInput, type ContactImportResult } from '@prosa/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { contacts, contactWallets } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { assertCsvFile, readContactCsv, type CsvContactRow } from '../contacts.csv.js';
import { emitContactsImported } from '../contacts.events.js';
import type { ContactView } from '../contacts.policy.js';

export interface Upload {
  filename: string;
  mimetype: string;
  content: Buffer;
}
type Rejected = ContactImportResult['rejected'][number];
type Valid = { row: number; name: string; number: string; email: string };

/** The same rules as the contact form, for the columns a file carries. */
const ZImportRow = ZContactInput.pick({ name: true, number: true, email: true });
const BATCH = 1000;

/** Valid rows, first of each number; the others with the i18n key of their reason. */
function validate(rows: CsvContactRow[]): { valid: Valid[]; rejected: Rejected[] } {
  const valid: Valid[] = [];
  const rejected: Rejected[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const parsed = ZImportRow.safeParse({ name: r.name, number: r.number, email: r.email });
    const reject = (reason: string) => rejected.push({ row: r.row, name: r.name, number: r.number, reason });
    if (!parsed.success) reject(parsed.error.issues[0]?.message ?? V.invalidValue);
    else if (seen.has(parsed.data.number)) reject('import.duplicateInFile');
    else {
      seen.add(parsed.data.number);
      valid.push({ row: r.row, ...parsed.data });
    }
  }
  return { valid, rejected };
}

/**
 * Saves one batch in one statement: new numbers are inserted, known ones get the file's name.
 * `xmax = 0` tells an inserted row from an updated one. For a viewer limited to its own wallet, a
 * known number outside its wallet is left alone and returned as not saved.
 */
async function upsertBatch(tx: TenantScope, view: ContactView, batch: Valid[]) {
  return tx.query((db, owns) => {
    const ownWallet =
      view.walletUserId === null
        ? undefined
        : inArray(
            contacts.id,
            db
              .select({ id: contactWallets.contactId })
              .from(contactWallets)
              .where(owns(contactWallets, eq(contactWallets.userId, view.walletUserId))),
          );
    return (
      db
        .insert(contacts)
        // SECURITY: written outside the door's insert (it has no upsert), so the tenant is stamped
        // here; the conflict target starts with tenant_id, so only this tenant's rows can be updated.
        .values(batch.map((c) => ({ tenantId: tx.tenantId, name: c.name, number: c.number, email: c.email })))
        .onConflictDoUpdate({
          target: [contacts.tenantId, contacts.number],
          targetWhere: sql`${contacts.number} <> ''`,
          set: { name: sql`excluded.name`, updatedAt: new Date() },
          setWhere: owns(contacts, ownWallet),
        })
        .returning({ id: contacts.id, number: contacts.number, created: sql<boolean>`(xmax = 0)` })
    );
  });
}

/**
 * Imports a CSV of contacts (SPEC §5: columns Nome and Numero, optional Email) in one transaction,
 * in batches. A file that is not a readable CSV changes nothing; bad rows are reported, not saved.
 */
export async function importContacts(scope: TenantScope, view: ContactView, upload: Upload): Promise<ContactImportResult> {
  assertCsvFile(upload.filename, upload.mimetype, upload.content);
  const rows = await readContactCsv(upload.content);
  const { valid, rejected } = validate(rows);
  let created = 0;
  let updated = 0;
  await scope.transaction(async (tx) => {
    for (let i = 0; i < valid.length; i += BATCH) {
      const batch = valid.slice(i, i + BATCH);
      const saved = await upsertBatch(tx, view, batch);
      const newIds = saved.filter((s) => s.created).map((s) => s.id);
      created += newIds.length;
      updated += saved.length - newIds.length;
      // Own wallet only: what a restricted user imports lands in its wallet, or it could not see it.
      if (view.walletUserId !== null) {
        await tx.insert(contactWallets, newIds.map((contactId) => ({ contactId, userId: view.walletUserId! })));
      }
      const savedNumbers = new Set(saved.map((s) => s.number));
      for (const c of batch) {
        if (!savedNumbers.has(c.number)) rejected.push({ row: c.row, name: c.name, number: c.number, reason: 'import.notInWallet' });
      }
    }
    if (created + updated > 0) emitContactsImported(tx, { created, updated });
  });
  rejected.sort((a, b) => a.row - b.row);
  return { total: rows.length, created, updated, rejected };
}
