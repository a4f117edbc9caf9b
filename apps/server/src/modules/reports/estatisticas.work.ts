/**
 * estatisticas-atendimentos-usuarios' work rows as SQL (README "Reports"), for the report's
 * statement over a period and the cache's over each day (estatisticas.days.ts): one definition.
 */
import type { TicketReportFilter } from '@prosa/contracts';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client.js';
import { ticketAgentWork, ticketLogs, tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { rowTicketRule } from './lists.shared.js';
import type { TicketReportViewer } from './ticket-reports.filter.js';

type Col = { getSQL(): SQL };

/** The log events of taking a ticket (the trigger of migration 0040 reads the same list). */
const TAKEN = ['create', 'open', 'receivedTransfer', 'userDefine', 'retriesLimitUserDefine'];
/** The log rows the work trigger reads (its WHEN list): taken, reopened, closed, transferred. */
export const WORK_LOG_TYPES = [...TAKEN, 'reopen', 'closed', 'autoClose', 'transfered'];

const list = (xs: string[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

/**
 * What one ticket_agent_work row (`w`: one per agent and ticket, plus the ticket's whole row,
 * user 0: schema-dashboard.ts) did within [start, end): whether it took the ticket, its last close
 * and whether it transferred it. Work is within when the row's first or last time of that kind is;
 * a row whose first and last times straddle the whole span asks the log for that ticket only.
 */
export function workWithin(start: SQL, end: SQL): { attended: SQL; closedAt: SQL; transferred: SQL } {
  const w = ticketAgentWork;
  const l = ticketLogs;
  const logOf = (kind: SQL) => sql`from ${l} where ${l.tenantId} = ${w.tenantId} and ${l.ticketId} = ${w.ticketId}
    and ${l.createdAt} >= ${start} and ${l.createdAt} < ${end} and (${w.userId} = 0 or ${l.userId} = ${w.userId})
    and ${kind}`;
  const taken = sql`(${l.userId} is not null and (${l.type} in (${list(TAKEN)})
    or (${l.type} = 'reopen' and ${l.payload}->>'status' = 'open')))`;
  const closes = sql`(${l.type} = 'closed' or (${w.userId} = 0 and ${l.type} = 'autoClose'))`;
  const transfers = sql`${l.type} = 'transfered'`;
  const met = (first: Col, last: Col, kind: SQL) => sql`case
      when ${first} is null or ${first} >= ${end} or ${last} < ${start} then false
      when ${first} >= ${start} or ${last} < ${end} then true
      else exists (select 1 ${logOf(kind)}) end`;
  const lastIn = (first: Col, last: Col, kind: SQL) => sql`case
      when ${last} is null or ${first} >= ${end} or ${last} < ${start} then null
      when ${last} < ${end} then ${last}
      else (select max(${l.createdAt}) ${logOf(kind)}) end`;
  return {
    attended: met(w.takenFirst, w.takenLast, taken),
    closedAt: lastIn(w.closedFirst, w.closedLast, closes),
    transferred: met(w.transferFirst, w.transferLast, transfers),
  };
}

/** The work rows of the tickets the viewer may see (and the agents chosen), as a condition on `w`. */
export function visibleWork(db: DbExecutor, owns: TenantScope['owns'], viewer: TicketReportViewer, f: TicketReportFilter): SQL {
  const w = ticketAgentWork;
  const rule = rowTicketRule(db, owns, viewer, { ...f, userIds: [] }, w.ticketId);
  // The visible tickets as a set the rows are hashed against: a join let the planner look each
  // of a year's 380,000 rows up in tickets one by one.
  const visible = rule.needsJoin
    ? sql`${w.ticketId} in (select ${tickets.id} from ${tickets} where ${rule.visible})`
    : rule.visible;
  return f.userIds.length === 0 ? visible : sql`${visible} and ${inArray(w.userId, f.userIds)}`;
}

/**
 * The rows of `w` (ticket_id, uid, created, attended, closed_at, transferred; per day also d and
 * single) and, with agents chosen, the whole as those agents' rows grouped by ticket (and day):
 * without, the whole rows also count the closes nobody made (the bot's, the API's, the automatic
 * close).
 */
export const withWhole = (anyone: boolean, perDay = false) => {
  if (anyone) return sql`select * from w`;
  return sql.raw(`select ticket_id, uid, created, attended, closed_at, transferred${perDay ? ', d, single' : ''} from w
      union all
      select ticket_id, 0, min(created), bool_or(attended), max(closed_at), bool_or(transferred)${perDay ? ', d, bool_and(single)' : ''}
      from w group by ticket_id${perDay ? ', d' : ''}`);
};

