/**
 * The ticket reports' filter as SQL (README "Reports"): the tickets the viewer may see on the desk
 * (the list's visibility rule: a supervisor of some queues sees those queues only), narrowed by the
 * queues, agents, channels and contact tags chosen; and the period as local days of the company.
 */
import type { TicketReportFilter } from '@prosa/contracts';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbExecutor } from '../../platform/db/client.js';
import { channels, contactTags, queues, tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import { assertTagsExist, assertUsersExist } from '../contacts/contacts.queries.js';
import { inPeriod, periodOf, ticketScopeSql, type Period } from '../dashboard/dashboard.sql.js';
import { getOwnTenant } from '../tenants/tenants.queries.js';
import type { TicketViewer } from '../tickets/tickets.policy.js';
import { loadViewer } from '../tickets/tickets.viewer.js';

/** Who reads a ticket report, and how its company counts days: built once per request. */
export interface TicketReportViewer {
  tickets: TicketViewer;
  /** The company's time zone: a period's days start at its midnight. */
  timeZone: string;
}

export async function ticketReportViewer(req: FastifyRequest): Promise<TicketReportViewer> {
  // One after another: a request's scope is one connection.
  const tickets = await loadViewer(req.scope, req.auth);
  const tenant = await getOwnTenant(req.scope);
  return { tickets, timeZone: tenant.timezone };
}

/** Throws the entity's not-found code unless every id chosen is of this company (as everywhere: 404). */
export async function checkTicketFilter(scope: TenantScope, f: TicketReportFilter): Promise<void> {
  const exist = async (
    table: typeof queues | typeof channels,
    ids: number[],
    code: 'ERR_NO_QUEUE_FOUND' | 'ERR_NO_WAPP_FOUND',
  ) => {
    const unique = [...new Set(ids)];
    if (unique.length > 0 && (await scope.count(table, inArray(table.id, unique))) !== unique.length)
      throw new AppError(code);
  };
  await exist(queues, f.queueIds, 'ERR_NO_QUEUE_FOUND');
  await exist(channels, f.channelIds, 'ERR_NO_WAPP_FOUND');
  await assertUsersExist(scope, f.userIds);
  await assertTagsExist(scope, f.tagIds);
}

/** The codes checkTicketFilter answers (the routes' documented errors). */
export const TICKET_FILTER_ERRORS = [
  'ERR_NO_QUEUE_FOUND',
  'ERR_NO_WAPP_FOUND',
  'ERR_NO_USER_FOUND',
  'ERR_NO_TAG_FOUND',
] as const;

/** The report's period: [from's local midnight, the local midnight after `to`). */
export const reportPeriod = (viewer: TicketReportViewer, f: TicketReportFilter): Period => periodOf(f, viewer.timeZone);

/** A date column within the period. */
export const inReportPeriod = (col: SQL | { getSQL(): SQL }, p: Period): SQL => inPeriod(sql`${col}`, p);

/**
 * The tickets the viewer may see that match every list chosen (any value of each): queue, agent
 * (the ticket's current one), channel, and a tag of the ticket's contact.
 */
export function ticketReportScope(
  db: DbExecutor,
  owns: TenantScope['owns'],
  viewer: TicketReportViewer,
  f: TicketReportFilter,
): SQL {
  const scoped = ticketScopeSql(db, owns, viewer.tickets, f);
  if (f.tagIds.length === 0) return scoped;
  const tagged = inArray(
    tickets.contactId,
    db
      .select({ id: contactTags.contactId })
      .from(contactTags)
      .where(owns(contactTags, inArray(contactTags.tagId, f.tagIds))),
  );
  return sql`(${scoped} and ${tagged})`;
}
