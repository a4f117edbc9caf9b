// SECURITY-CRITICAL: which sockets learn about a ticket. Only the scope's own tenant's rooms are
// addressed (publish() prefixes them), and an agent gets the event only if the ticket policy lets
// it see the ticket: queue members, the assigned user and general supervisors are judged one by
// one, admins through their room.
import { eq, inArray, ne, or, and } from 'drizzle-orm';
import { userQueues, users } from '../../platform/db/schema.js';
import { withTenant, type TenantScope } from '../../platform/db/tenant-scope.js';
import { publish } from '../../platform/realtime/publish.js';
import { factsOf, loadTicketBases, presentTicket, type TicketBase } from './tickets.presenter.js';
import { isTicketVisible, type TicketSettings, type TicketViewer } from './tickets.policy.js';
import { loadTicketSettings } from './tickets.viewer.js';
import { queueTicketWebhook } from '../channel-webhooks/record-event.js';

type Action = 'create' | 'update' | 'delete';

/** A stand-in admin for the admins room: every admin sees every ticket and may act on it. */
const adminViewer = (settings: TicketSettings): TicketViewer => ({
  userId: 0,
  profile: 'admin',
  isAdmin: true,
  ignoreWallet: true,
  queueIds: [],
  settings,
});

async function publishTicket(scope: TenantScope, base: TicketBase, action: Action): Promise<void> {
  const { row } = base;
  const settings = await loadTicketSettings(scope);
  publish(scope, { kind: 'admins' }, 'ticket', { action, ticket: presentTicket(base, adminViewer(settings)) });
  // Candidates: members of the ticket's queue, the assigned user, general supervisors.
  const members = row.queueId
    ? (await scope.select(userQueues, eq(userQueues.queueId, row.queueId))).map((m) => m.userId)
    : [];
  const candidateIds = [...new Set([...members, ...(row.userId ? [row.userId] : [])])];
  const who = or(eq(users.profile, 'supervisor'), candidateIds.length ? inArray(users.id, candidateIds) : undefined);
  const people = await scope.select(users, and(ne(users.profile, 'admin'), who));
  const facts = factsOf(base);
  for (const u of people) {
    const viewer: TicketViewer = {
      userId: u.id,
      profile: u.profile,
      isAdmin: false,
      ignoreWallet: u.ignoreWallet,
      // Only membership of this ticket's queue matters to judge this ticket.
      queueIds: row.queueId && members.includes(u.id) ? [row.queueId] : [],
      settings,
    };
    if (!isTicketVisible(viewer, facts)) continue;
    publish(scope, { kind: 'user', userId: u.id }, 'ticket', { action, ticket: presentTicket(base, viewer) });
  }
}

/**
 * Publishes `ticket` {action, ticket} after the surrounding transaction commits, to the people of
 * the scope's tenant who may see it. For 'create' and 'update' call it after writing; the view is
 * loaded after commit. For 'delete' call it BEFORE deleting the row and keep using the transaction
 * (the view is read from it now); better, load the view yourself and use emitTicketDeleted.
 */
export function emitTicketChange(scope: TenantScope, ticketId: number, action: Action): void {
  if (action === 'delete') {
    const loading = loadTicketBases(scope, [ticketId]).catch(() => [] as TicketBase[]);
    scope.afterCommit(async () => {
      const [base] = await loading;
      if (base) emitTicketDeleted(scope, base);
    });
    return;
  }
  scope.afterCommit(() =>
    withTenant(scope.database, scope.tenantId, async (s) => {
      const [base] = await loadTicketBases(s, [ticketId]);
      if (base) queueTicketWebhook(s, base, action); // the channel's outbound webhook, in the background
      if (base) await publishTicket(s, base, action);
    }).catch(logFailure),
  );
}

/** The 'delete' event of a ticket whose view was loaded before it was deleted. */
export function emitTicketDeleted(scope: TenantScope, base: TicketBase): void {
  scope.afterCommit(() => {
    queueTicketWebhook(scope, base, 'delete');
    return withTenant(scope.database, scope.tenantId, (s) => publishTicket(s, base, 'delete')).catch(logFailure);
  });
}

// An event that fails to go out must not fail the change that already committed; the screens
// refetch on reconnect. There is no request logger here, hence the console.
const logFailure = (err: unknown) => console.error('ticket event failed', err);
