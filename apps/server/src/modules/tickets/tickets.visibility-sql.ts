// SECURITY-CRITICAL: isTicketVisible (tickets.policy.ts) as a SQL condition for the list and the
// counts. tickets.visibility-sql.test.ts runs both over the same tickets and expects the same ids.
import { and, eq, exists, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { contactWallets, tickets } from '../../platform/db/schema.js';
import type { DbExecutor } from '../../platform/db/client.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import {
  isSupervisorLike,
  maySeeAll,
  walletRulesApply,
  type TicketViewer,
  type VisibilityOptions,
} from './tickets.policy.js';

const TRUE = sql`true`;
const FALSE = sql`false`;

/** The ticket is with the chatbot (the SQL twin of presenter.isChatbot). */
export const chatbotSql = or(sql`${tickets.chatFlowId} is not null`, sql`${tickets.botState} is not null`)!;

export function visibilitySql(
  db: DbExecutor,
  owns: TenantScope['owns'],
  v: TicketViewer,
  opts: VisibilityOptions,
): SQL {
  return and(privacySql(v), channelSql(v), rulesSql(db, owns, v, opts))!;
}

/**
 * channelAllowed as SQL: one `channel_id in (...)` predicate for a limited user (a filter on the
 * list's ordered walk of tickets_tenant_status_idx), none for everyone else.
 */
export function channelSql(v: TicketViewer): SQL {
  return v.channelIds.length ? inArray(tickets.channelId, [...v.channelIds]) : TRUE;
}

/** privateHidden as SQL: another agent's private ticket, unless admins may view private tickets. */
export function privacySql(v: TicketViewer): SQL {
  if (v.isAdmin && v.settings.viewPrivateTickets) return TRUE;
  return or(eq(tickets.isPrivate, false), isNull(tickets.userId), eq(tickets.userId, v.userId))!;
}

function rulesSql(db: DbExecutor, owns: TenantScope['owns'], v: TicketViewer, opts: VisibilityOptions): SQL {
  if (opts.showAll && maySeeAll(v)) return TRUE;
  const s = v.settings;
  const selected = opts.queueIds?.length ? opts.queueIds : undefined;
  // The queue filter, for every ticket.
  const queueFilter = or(
    selected ? inArray(tickets.queueId, [...selected]) : sql`${tickets.queueId} is not null`,
    opts.includeNotQueueDefined ? isNull(tickets.queueId) : FALSE,
  )!;
  const noQueueOk =
    s.NotViewTicketsQueueUndefined && !v.isAdmin
      ? FALSE
      : and(isNull(tickets.queueId), v.isAdmin ? TRUE : eq(tickets.isGroup, false))!;
  const queueAccess = or(v.queueIds.length ? inArray(tickets.queueId, [...v.queueIds]) : FALSE, noQueueOk)!;
  const rules: SQL[] = [queueAccess];
  if (s.NotViewTicketsChatBot && !v.isAdmin) rules.push(sql`not (${chatbotSql})`);
  if (s.NotViewAssignedTickets && !isSupervisorLike(v)) rules.push(isNull(tickets.userId));
  if (walletRulesApply(v)) {
    const wallet = (mine: boolean) =>
      exists(
        db
          .select({ one: sql`1` })
          .from(contactWallets)
          .where(
            owns(
              contactWallets,
              eq(contactWallets.contactId, tickets.contactId),
              mine ? eq(contactWallets.userId, v.userId) : undefined,
            ),
          ),
      );
    if (s.DirectTicketsToWallets) rules.push(or(sql`not ${wallet(false)}`, wallet(true))!);
    if (s.userContactWallet) rules.push(wallet(true));
  }
  return and(queueFilter, or(eq(tickets.userId, v.userId), and(...rules)))!;
}
