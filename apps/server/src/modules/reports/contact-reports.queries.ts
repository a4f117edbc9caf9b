/**
 * The contact reports (README "Reports"): one statement for a page of rows, one for the count
 * and one for the totals, each over the contacts the viewer sees (contactFilter), joined to the
 * report's group (a selected tag, lane or wallet user; the state of the number) when it has one.
 */
import type { ContactReportFilter, ContactReportSlug, ReportTotal } from '@prosa/contracts';
import { and, asc, count, eq, inArray, sql, sum, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../platform/db/client.js';
import { contacts, contactTags, contactWallets, crmLanes, tags, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { contactFilter, stateSql, type ReportViewer } from './contact-reports.filter.js';

type Owns = TenantScope['owns'];

/** How a report groups its rows: a join (rows contact x group) and the group's label and order. */
interface Grouping {
  label: SQL<string | null>;
  /** What the totals group by: the group's identity (two users may share a name) and its order. */
  groupBy: (SQL | AnyPgColumn)[];
  order: SQL[];
  join?: (q: ReturnType<typeof baseSelect>, owns: Owns, f: ContactReportFilter) => ReturnType<typeof baseSelect>;
}

const none = sql<string | null>`null`;

const GROUPINGS: Record<ContactReportSlug, Grouping> = {
  'lista-contatos': { label: none, groupBy: [], order: [] },
  'contatos-por-etiquetas': {
    label: sql<string>`${tags.name}`,
    groupBy: [tags.id, tags.name],
    order: [asc(tags.name), asc(tags.id)],
    join: (q, owns, f) =>
      q
        .innerJoin(
          contactTags,
          owns(contactTags, eq(contactTags.contactId, contacts.id), inArray(contactTags.tagId, f.tagIds)),
        )
        .innerJoin(tags, owns(tags, eq(tags.id, contactTags.tagId))),
  },
  'contatos-por-crm': {
    label: sql<string>`${crmLanes.name}`,
    groupBy: [crmLanes.id, crmLanes.name, crmLanes.position],
    order: [asc(crmLanes.position), asc(crmLanes.id)],
    join: (q, owns, f) =>
      q.innerJoin(crmLanes, owns(crmLanes, eq(crmLanes.id, contacts.crmLaneId), inArray(crmLanes.id, f.laneIds))),
  },
  'contatos-por-carteira': {
    label: sql<string>`${users.name}`,
    groupBy: [users.id, users.name],
    order: [asc(users.name), asc(users.id)],
    join: (q, owns, f) =>
      q
        .innerJoin(
          contactWallets,
          owns(contactWallets, eq(contactWallets.contactId, contacts.id), inArray(contactWallets.userId, f.userIds)),
        )
        .innerJoin(users, owns(users, eq(users.id, contactWallets.userId))),
  },
  'contatos-por-estado': { label: stateSql, groupBy: [stateSql], order: [asc(stateSql)] },
};

const rowFields = {
  id: contacts.id,
  name: contacts.name,
  number: contacts.number,
  email: contacts.email,
  crmLaneId: contacts.crmLaneId,
  dealValue: contacts.dealValue,
  createdAt: contacts.createdAt,
};

function baseSelect(db: DbExecutor, fields: Record<string, unknown>) {
  return db
    .select(fields as typeof rowFields)
    .from(contacts)
    .$dynamic();
}

function grouped(
  db: DbExecutor,
  owns: Owns,
  slug: ContactReportSlug,
  f: ContactReportFilter,
  fields: Record<string, unknown>,
) {
  const g = GROUPINGS[slug];
  const q = baseSelect(db, fields);
  return g.join ? g.join(q, owns, f) : q;
}

export interface ContactReportDbRow {
  id: number;
  name: string;
  number: string;
  email: string;
  crmLaneId: number | null;
  dealValue: number | null;
  createdAt: Date;
  group: string | null;
}

/** The filter, and for the states report a number with a state (the others' join does it). */
const reportWhere = (
  db: DbExecutor,
  owns: Owns,
  viewer: ReportViewer,
  slug: ContactReportSlug,
  f: ContactReportFilter,
) => and(contactFilter(db, owns, viewer, f), slug === 'contatos-por-estado' ? sql`${stateSql} is not null` : undefined);

/** Rows `offset` to `offset + limit` of the report, in its order (group, then name). */
export function reportRows(
  scope: TenantScope,
  viewer: ReportViewer,
  slug: ContactReportSlug,
  f: ContactReportFilter,
  limit: number,
  offset: number,
): Promise<ContactReportDbRow[]> {
  const g = GROUPINGS[slug];
  return scope.query(
    (db, owns) =>
      grouped(db, owns, slug, f, { ...rowFields, group: g.label })
        .where(reportWhere(db, owns, viewer, slug, f))
        .orderBy(...g.order, asc(contacts.name), asc(contacts.id))
        .limit(limit)
        .offset(offset) as unknown as Promise<ContactReportDbRow[]>,
  );
}

/** Rows of the whole result, and the totals per group (by label, in the report's order). */
export async function reportTotals(
  scope: TenantScope,
  viewer: ReportViewer,
  slug: ContactReportSlug,
  f: ContactReportFilter,
): Promise<{ count: number; totals: ReportTotal[] }> {
  const g = GROUPINGS[slug];
  if (slug === 'lista-contatos') {
    const [row] = await scope.query((db, owns) =>
      db
        .select({ n: count() })
        .from(contacts)
        .where(reportWhere(db, owns, viewer, slug, f)),
    );
    return { count: Number(row?.n ?? 0), totals: [] };
  }
  const rows = await scope.query(
    (db, owns) =>
      grouped(db, owns, slug, f, { label: g.label, n: count(), value: sum(contacts.dealValue) })
        .where(reportWhere(db, owns, viewer, slug, f))
        .groupBy(...g.groupBy)
        .orderBy(...g.order) as unknown as Promise<{ label: string; n: number | string; value: string | null }[]>,
  );
  const totals = rows.map((r) => ({
    label: r.label,
    count: Number(r.n),
    dealValue: slug === 'contatos-por-crm' ? Number(r.value ?? 0) : null,
  }));
  return { count: totals.reduce((n, t) => n + t.count, 0), totals };
}
