/**
 * The contact reports' filters as SQL on `contacts` (reports/contact-reports.queries.ts), and the
 * checks a filter passes first: the grouped reports' required selection (SPEC §5) and ids of this
 * company (and lanes this viewer sees), else 404 as everywhere.
 */
import {
  CONTACT_REPORT_REQUIRED,
  DDDS_BY_STATE,
  type BrState,
  type ContactReportFilter,
  type ContactReportSlug,
} from '@prosa/contracts';
import { and, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client.js';
import { contacts, contactTags, contactWallets, crmLanes } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import type { ContactView } from '../contacts/contacts.policy.js';
import { assertTagsExist, assertUsersExist, visible } from '../contacts/contacts.queries.js';
import { lanesOf, type LaneViewer } from '../kanban/kanban.policy.js';

type Owns = TenantScope['owns'];

/** Who asks, and how the company counts days: built once per request. */
export interface ReportViewer {
  contacts: ContactView;
  lanes: LaneViewer;
  /** The company's time zone: a period's days start at its midnight. */
  timeZone: string;
}

/** The state of a contact's number (a column PostgreSQL keeps: schema-contacts.ts). */
export const stateSql = sql<string | null>`${contacts.state}`;

/**
 * Numbers of these states: a range of the number per DDD ('5511' <= n < '5512'), which the index
 * on (tenant_id, number) serves, checked for the shape of a Brazilian number.
 */
function ofStates(states: readonly BrState[]): SQL {
  const ranges = states.flatMap((uf) =>
    DDDS_BY_STATE[uf].map((d) => and(gte(contacts.number, `55${d}`), lt(contacts.number, `55${d + 1}`))),
  );
  return and(ne(contacts.number, ''), or(...ranges), sql`${contacts.number} ~ '^55[0-9]{10,11}$'`)!;
}

/** Throws unless the report has its required selection and every id is of this company. */
export async function checkFilter(
  scope: TenantScope,
  viewer: ReportViewer,
  slug: ContactReportSlug,
  f: ContactReportFilter,
): Promise<void> {
  const required = CONTACT_REPORT_REQUIRED[slug];
  if (required && f[required].length === 0) throw new AppError('ERR_REPORT_FILTER_REQUIRED');
  await assertTagsExist(scope, f.tagIds);
  await assertUsersExist(scope, f.userIds);
  const lanes = [...new Set(f.laneIds)];
  if (
    lanes.length > 0 &&
    (await scope.count(crmLanes, and(inArray(crmLanes.id, lanes), lanesOf(viewer.lanes)))) !== lanes.length
  )
    throw new AppError('ERR_NO_LANE_FOUND');
}

/** The contacts the viewer sees that match every filter given (any value of each). */
export function contactFilter(db: DbExecutor, owns: Owns, viewer: ReportViewer, f: ContactReportFilter): SQL {
  const tz = viewer.timeZone;
  const conditions: (SQL | undefined)[] = [
    f.from ? sql`${contacts.createdAt} >= (${f.from}::timestamp at time zone ${tz})` : undefined,
    f.to ? sql`${contacts.createdAt} < ((${f.to}::date + 1)::timestamp at time zone ${tz})` : undefined,
    f.tagIds.length > 0
      ? inArray(
          contacts.id,
          db
            .select({ id: contactTags.contactId })
            .from(contactTags)
            .where(owns(contactTags, inArray(contactTags.tagId, f.tagIds))),
        )
      : undefined,
    f.userIds.length > 0
      ? inArray(
          contacts.id,
          db
            .select({ id: contactWallets.contactId })
            .from(contactWallets)
            .where(owns(contactWallets, inArray(contactWallets.userId, f.userIds))),
        )
      : undefined,
    f.laneIds.length > 0 ? inArray(contacts.crmLaneId, f.laneIds) : undefined,
    f.states.length > 0 ? ofStates(f.states) : undefined,
  ];
  return visible(db, owns, viewer.contacts, undefined, and(...conditions));
}
