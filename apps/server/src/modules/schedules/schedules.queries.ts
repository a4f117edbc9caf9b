/**
 * GET /schedule: the tenant's scheduled messages the caller may see, newest first, with filters.
 * Admins and general supervisors see all; others their own and those of tickets they may see (the
 * tickets policy as SQL). The same rule finds one schedule for the commands.
 */
import type { ScheduleItem, ScheduleList, ScheduleQuery, ZScheduleQuery } from '@prosa/contracts';
import { and, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { contacts, schedules, tickets } from '../../platform/db/schema.js';
import type { DbExecutor } from '../../platform/db/client.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { maySeeAll, SINGLE_TICKET, type TicketViewer } from '../tickets/tickets.policy.js';
import { loadViewer } from '../tickets/tickets.viewer.js';
import { privacySql, visibilitySql } from '../tickets/tickets.visibility-sql.js';

export type ScheduleRow = typeof schedules.$inferSelect;
type Filter = z.output<typeof ZScheduleQuery>;

export function presentSchedule(s: ScheduleRow, contact: { id: number; name: string }): ScheduleItem {
  return {
    id: s.id,
    ticketId: s.ticketId,
    contact,
    userId: s.userId,
    body: s.body,
    mediaName: s.mediaName,
    sendAt: s.sendAt.toISOString(),
    repeatCount: s.repeatCount,
    repeatPeriod: s.repeatPeriod,
    sentCount: s.sentCount,
    status: s.status,
    lastError: s.lastError,
    createdAt: s.createdAt.toISOString(),
  };
}

/** Which schedules `viewer` may see: its own, and those of tickets it may see. */
function visibleSql(db: DbExecutor, owns: TenantScope['owns'], viewer: TicketViewer): SQL {
  // Admins and general supervisors see every schedule but those of an agent's private ticket.
  return maySeeAll(viewer)
    ? or(eq(schedules.userId, viewer.userId), privacySql(viewer))!
    : or(
        eq(schedules.userId, viewer.userId),
        sql`(${tickets.id} is not null and ${visibilitySql(db, owns, viewer, SINGLE_TICKET)})`,
      )!;
}

function filterSql(f: Partial<Filter>): (SQL | undefined)[] {
  return [
    f.ticketId ? eq(schedules.ticketId, f.ticketId) : undefined,
    f.contactId ? eq(schedules.contactId, f.contactId) : undefined,
    f.status ? eq(schedules.status, f.status) : undefined,
    f.repeatPeriod ? eq(schedules.repeatPeriod, f.repeatPeriod) : undefined,
    f.from ? gte(schedules.sendAt, new Date(f.from)) : undefined,
    f.to ? lte(schedules.sendAt, new Date(f.to)) : undefined,
  ];
}

async function selectVisible(scope: TenantScope, auth: AuthContext, f: Partial<Filter>, id?: number) {
  const viewer = await loadViewer(scope, auth);
  const pageSize = f.pageSize ?? 50;
  return scope.query((db, owns) =>
    db
      .select({ s: schedules, contact: { id: contacts.id, name: contacts.name }, total: sql<number>`count(*) over ()` })
      .from(schedules)
      .innerJoin(contacts, owns(contacts, eq(contacts.id, schedules.contactId)))
      .leftJoin(tickets, owns(tickets, eq(tickets.id, schedules.ticketId)))
      .where(owns(schedules, and(visibleSql(db, owns, viewer), id ? eq(schedules.id, id) : undefined, ...filterSql(f))))
      .orderBy(desc(schedules.createdAt), desc(schedules.id))
      .limit(pageSize)
      .offset(((f.pageNumber ?? 1) - 1) * pageSize),
  );
}

export async function listVisibleSchedules(
  scope: TenantScope,
  auth: AuthContext,
  filter: ScheduleQuery | Filter,
): Promise<ScheduleList> {
  const f = filter as Partial<Filter>;
  const rows = await selectVisible(scope, auth, f);
  const count = Number(rows[0]?.total ?? 0);
  return {
    schedules: rows.map(({ s, contact }) => presentSchedule(s, contact)),
    count,
    hasMore: count > (f.pageNumber ?? 1) * (f.pageSize ?? 50),
  };
}

/** One schedule the caller may see; another tenant's or an invisible one is not found. */
export async function getVisibleSchedule(
  scope: TenantScope,
  auth: AuthContext,
  id: number,
): Promise<{ row: ScheduleRow; item: ScheduleItem }> {
  const [found] = await selectVisible(scope, auth, {}, id);
  if (!found) throw new AppError('ERR_NO_SCHEDULE_FOUND');
  return { row: found.s, item: presentSchedule(found.s, found.contact) };
}
