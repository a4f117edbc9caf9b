import { and, eq, gte, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import { nameMatches } from '../contacts/contacts.queries.js';
import type { DbExecutor } from '../../platform/db/client.js';
import { contacts, tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';

/** The list's search: contact name or number, or a protocol prefix. */
export interface TicketSearch {
  term: string;
  /** The term's digits when it is a phone number (phoneDigits), else empty: no number search. */
  digits: string;
  /** The viewer sees masked numbers: only the whole number finds a contact (parts would rebuild it). */
  wholeNumber: boolean;
  /** The matching contacts when few; null when many (then matched in the list query itself). */
  contactIds: number[] | null;
}

/** Up to this many matching contacts are looked up first; beyond, the term is common enough. */
const FEW_CONTACTS = 500;

/** Digits and what people type around them in a phone number: spaces, +, -, dots, parentheses. */
const PHONE_CHARS = /^[\d\s()+.-]+$/;

/**
 * The digits of a term that is a phone number: only phone characters, at least 4 digits, no
 * letters. Anything else is a name ("Maria 2", "Loja 24h"), whose digits are no number search.
 */
export function phoneDigits(term: string): string {
  if (!PHONE_CHARS.test(term)) return '';
  const digits = term.replace(/\D/g, '');
  return digits.length >= 4 ? digits : '';
}

function contactMatch(s: Pick<TicketSearch, 'term' | 'digits' | 'wholeNumber'>): SQL {
  const byNumber = !s.digits
    ? undefined
    : s.wholeNumber
      ? eq(contacts.number, s.digits)
      : like(contacts.number, `%${s.digits}%`);
  // A contact that wrote without a name is named after its number: with numbers masked, a term of
  // digits must not find it through its name either.
  if (s.wholeNumber && PHONE_CHARS.test(s.term)) return byNumber ?? sql`false`;
  return or(nameMatches(s.term), byNumber)!;
}

/**
 * A rare term (most searches: a name, a phone) matches few contacts: their ids, fetched first
 * through the trigram indexes, let the list read just their tickets. A common term matches many:
 * then walking the tickets newest first finds a page of matches quickly, so the match stays in
 * the list query.
 */
export async function resolveSearch(
  scope: TenantScope,
  raw: string,
  wholeNumber = false,
): Promise<TicketSearch | undefined> {
  const term = raw.trim();
  if (!term) return undefined;
  const s = { term, digits: phoneDigits(term), wholeNumber };
  const rows = await scope.query((db, owns) =>
    db
      .select({ id: contacts.id })
      .from(contacts)
      .where(owns(contacts, contactMatch(s)))
      .limit(FEW_CONTACTS + 1),
  );
  return { ...s, contactIds: rows.length > FEW_CONTACTS ? null : rows.map((r) => r.id) };
}

export function searchSql(scope: TenantScope, db: DbExecutor, s: TicketSearch): SQL {
  const byContact =
    s.contactIds === null
      ? inArray(
          tickets.contactId,
          db
            .select({ id: contacts.id })
            .from(contacts)
            .where(scope.owns(contacts, contactMatch(s))),
        )
      : s.contactIds.length
        ? inArray(tickets.contactId, s.contactIds)
        : undefined;
  // Protocols are digits: the range lets tickets_tenant_protocol_idx serve the prefix match.
  const byProtocol = /^\d+$/.test(s.term)
    ? and(
        gte(tickets.protocol, s.term),
        lte(tickets.protocol, s.term + '9'.repeat(20)),
        like(tickets.protocol, `${s.term}%`),
      )
    : undefined;
  return or(byContact, byProtocol) ?? sql`false`;
}
