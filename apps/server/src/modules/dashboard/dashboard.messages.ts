/**
 * Messages in and out of a period (README "Dashboard"). Read from `dashboard_message_days`, the
 * per-day summary the database keeps exact (migration 0034), whenever the viewer's visibility rule
 * reads only the ticket columns the summary keeps; otherwise counted from the messages themselves.
 */
import { and, eq, sql } from 'drizzle-orm';
import { dashboardMessageDays, messages, tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { isSupervisorLike, maySeeAll, walletRulesApply, type TicketViewer } from '../tickets/tickets.policy.js';
import { inPeriod, num, ticketScopeSql, type DashboardFilter, type Period } from './dashboard.sql.js';

/**
 * The summary can answer for this viewer: its rule reads only channel, queue, user, privacy and
 * group. Admins and general supervisors (showAll) always; a queue supervisor unless the company
 * hides the chatbot's tickets from it (the bot state is not in the summary). Wallet rules and
 * "hide assigned tickets" never apply to the dashboard's profiles; checked anyway, as the rule does.
 */
export function summaryCovers(v: TicketViewer): boolean {
  if (maySeeAll(v)) return true;
  const s = v.settings;
  return !(s.NotViewTicketsChatBot && !v.isAdmin) && !walletRulesApply(v) && !(s.NotViewAssignedTickets && !isSupervisorLike(v));
}

export async function messageTraffic(
  scope: TenantScope,
  viewer: TicketViewer,
  f: DashboardFilter,
  p: Period,
): Promise<{ in: number; out: number }> {
  const rows = await scope.query(async (db, owns) => {
    const scoped = ticketScopeSql(db, owns, viewer, f);
    if (summaryCovers(viewer)) {
      // The summary under the name "tickets": its columns carry the ticket columns' names, so the
      // desk's visibility SQL (ticketScopeSql) reads it as it reads tickets.
      const res = await db.execute(sql`
        select coalesce(sum("tickets"."messages_in"), 0) as "in", coalesce(sum("tickets"."messages_out"), 0) as "out"
        from ${dashboardMessageDays} as "tickets"
        where ${scoped} and "tickets"."day" between ${f.from}::date and ${f.to}::date`);
      return (res as unknown as { rows: { in: unknown; out: unknown }[] }).rows;
    }
    return db
      .select({
        in: sql<number>`count(*) filter (where not ${messages.fromMe})`,
        out: sql<number>`count(*) filter (where ${messages.fromMe})`,
      })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .where(and(owns(messages, inPeriod(sql`${messages.createdAt}`, p)), scoped));
  });
  return { in: num(rows[0]?.in), out: num(rows[0]?.out) };
}
