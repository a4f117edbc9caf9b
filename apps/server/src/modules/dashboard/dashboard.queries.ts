import type { Dashboard } from '@prosa/contracts';
import { and, count, eq, exists, inArray, sql } from 'drizzle-orm';
import { contacts, tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { getSetting } from '../settings/settings.queries.js';
import { getOwnTenant } from '../tenants/tenants.queries.js';
import type { TicketViewer } from '../tickets/tickets.policy.js';
import { loadViewer } from '../tickets/tickets.viewer.js';
import { cachedTicketFigures } from './dashboard.day-cache.js';
import { usesDayCache } from './finished-days.js';
import { namedGroups } from './dashboard.groups.js';
import { messageTraffic } from './dashboard.messages.js';
import {
  inPeriod,
  num,
  numOrNull,
  periodOf,
  periodRead,
  ticketScopeSql,
  type DashboardFilter,
  type Period,
} from './dashboard.sql.js';
import { ticketFigures } from './dashboard.tickets.js';
import { dailyTrend, daysOf } from './dashboard.trend.js';

/** The target first response, in minutes (the slaFirstResponseMinutes setting; 15 if unreadable). */
export async function slaTargetMinutes(scope: TenantScope): Promise<number> {
  const n = Number.parseInt(await getSetting(scope, 'slaFirstResponseMinutes'), 10);
  return Number.isFinite(n) && n > 0 ? n : 15;
}

/** Every figure of the dashboard for the period and filters, as the viewer may see them. */
export async function readDashboard(scope: TenantScope, auth: AuthContext, f: DashboardFilter): Promise<Dashboard> {
  // One after another: a request's scope is one connection.
  const viewer = await loadViewer(scope, auth);
  const tenant = await getOwnTenant(scope);
  const targetMinutes = await slaTargetMinutes(scope);
  const p = periodOf(f, tenant.timezone);
  const days = daysOf(f.from, f.to);

  const { figures, traffic, backlog, newContacts } = await periodRead(scope, async (tx) => {
    // A long period reads its finished days from the process's cache (dashboard.day-cache.ts),
    // its new contacts included.
    const cached = usesDayCache(days.length, viewer)
      ? await cachedTicketFigures(tx, viewer, f, p, days, targetMinutes * 60)
      : undefined;
    return {
      figures: cached ?? (await ticketFigures(tx, viewer, f, p, days.length, targetMinutes * 60)),
      traffic: await messageTraffic(tx, viewer, f, p),
      backlog: await backlogCounts(tx, viewer, f),
      newContacts: cached?.newContacts ?? (await newContactsCount(tx, viewer, f, p)),
    };
  });
  const c = figures.created.find((r) => r.day === null);
  const k = figures.closed.find((r) => r.day === null);
  const needing = num(c?.needing);
  const within = num(c?.within);
  return {
    period: { from: f.from, to: f.to, timezone: tenant.timezone },
    totals: {
      open: backlog.open,
      pending: backlog.pending,
      created: num(c?.n),
      closed: num(k?.n),
      newContacts,
      messagesIn: traffic.in,
      messagesOut: traffic.out,
    },
    ...(await namedGroups(scope, figures.groups)),
    sla: {
      targetMinutes,
      firstResponse: {
        count: num(c?.frN),
        avg: numOrNull(c?.frAvg),
        p50: numOrNull(c?.frP?.[0]),
        p90: numOrNull(c?.frP?.[1]),
      },
      resolution: {
        count: num(k?.n),
        avg: numOrNull(k?.resAvg),
        p50: numOrNull(k?.resP?.[0]),
        p90: numOrNull(k?.resP?.[1]),
      },
      withinTarget: within,
      needingAnswer: needing,
      withinTargetShare: needing ? within / needing : null,
    },
    ratings: { count: num(k?.ratingN), average: numOrNull(k?.ratingAvg) },
    trend: dailyTrend(days, figures.created, figures.closed),
  };
}

/** Open and pending now (the backlog: the period does not apply). */
async function backlogCounts(scope: TenantScope, viewer: TicketViewer, f: DashboardFilter) {
  const [row] = await scope.query((db, owns) =>
    db
      .select({
        open: sql<number>`count(*) filter (where ${tickets.status} = 'open')`,
        pending: sql<number>`count(*) filter (where ${tickets.status} = 'pending')`,
      })
      .from(tickets)
      .where(and(ticketScopeSql(db, owns, viewer, f), inArray(tickets.status, ['open', 'pending']))),
  );
  return { open: num(row?.open), pending: num(row?.pending) };
}

/** Above this many contacts created in the period, one hash of the visible tickets beats a probe per contact. */
const PROBE_CONTACTS_MAX = 40_000;

/** Contacts created in the period with at least one ticket the viewer sees. */
async function newContactsCount(scope: TenantScope, viewer: TicketViewer, f: DashboardFilter, p: Period) {
  const inP = inPeriod(sql`${contacts.createdAt}`, p);
  // How many, up to the threshold: enough to choose, without counting a year of contacts.
  const [capped] = await scope.query((db, owns) =>
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(contacts)
        .where(owns(contacts, inP))
        .limit(PROBE_CONTACTS_MAX + 1)
        .as('c'),
    ),
  );
  const created = num(capped?.n);
  if (created === 0) return 0;
  const [row] = await scope.query((db, owns) => {
    const visible = db
      .select({ one: sql`1` })
      .from(tickets)
      .where(and(ticketScopeSql(db, owns, viewer, f), eq(tickets.contactId, contacts.id)));
    // Few contacts: a probe of tickets_tenant_contact_idx each ("offset 0" keeps the planner from
    // turning the subquery into a semi-join that hashes every visible ticket of the company).
    const has = created <= PROBE_CONTACTS_MAX ? sql`exists (${visible} offset 0)` : exists(visible);
    return db
      .select({ n: count() })
      .from(contacts)
      .where(owns(contacts, inP, has));
  });
  return num(row?.n);
}
