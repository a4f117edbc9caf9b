import { Readable } from 'node:stream';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { EXPORT_HEADER, exportLines } from '../contacts.csv.js';
import type { ContactView } from '../contacts.policy.js';
import { numberFor } from '../contacts.presenter.js';
import { contactsAfter, tagsOfContacts } from '../contacts.queries.js';

const PAGE = 1000;

/** The BOM makes spreadsheet programs read the file as UTF-8 (names with accents). */
async function* lines(scope: TenantScope, view: ContactView): AsyncGenerator<string> {
  yield '\uFEFF' + exportLines([EXPORT_HEADER]);
  let afterId = 0;
  for (;;) {
    const rows = await contactsAfter(scope, view, afterId, PAGE);
    if (rows.length === 0) return;
    const tags = await tagsOfContacts(
      scope,
      rows.map((r) => r.id),
    );
    yield exportLines(
      rows.map((r) => [
        r.name,
        numberFor(view, r.number),
        r.email,
        (tags.get(r.id) ?? []).map((t) => t.name).join(', '),
      ]),
    );
    if (rows.length < PAGE) return;
    afterId = rows[rows.length - 1]!.id;
  }
}

/**
 * The contacts the viewer may see as CSV (Nome;Numero;Email;Etiquetas), streamed a page at a
 * time so a large base never sits in memory; numbers masked as everywhere else.
 */
export function exportContacts(scope: TenantScope, view: ContactView): Readable {
  return Readable.from(lines(scope, view));
}
