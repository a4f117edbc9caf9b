// SECURITY-CRITICAL: which sockets learn about a ticket. Only the scope's own tenant's rooms are
// addressed (publish() prefixes them), and an agent gets the event only if the ticket policy lets
// it see the ticket: queue members, the assigned user, general supervisors and admins limited to
// some channels are judged one by one, the other admins through their room (ticketAdmins).
import type { Profile } from '@prosa/contracts';
import { sql } from 'drizzle-orm';
import { jsonColumn as jsonOf } from '../../platform/db/json-rows.js';
import { settings, userChannels, userQueues, users } from '../../platform/db/schema.js';
import { withTenant, type TenantScope } from '../../platform/db/tenant-scope.js';
import { publish } from '../../platform/realtime/publish.js';
import { factsOf, loadTicketBases, presentTicket, type TicketBase } from './tickets.presenter.js';
import {
  adminViewer,
  isTicketVisible,
  privateHidden,
  type TicketSettings,
  type TicketViewer,
} from './tickets.policy.js';
import { ticketSettingsOf } from './tickets.viewer.js';
import { queueTicketWebhook } from '../channel-webhooks/record-event.js';

type Action = 'create' | 'update' | 'delete';

/**
 * A narrow port for channels that show a conversation's state to the customer (the web chat
 * widget's "conversation ended"): told of every published ticket change, after commit. Wired at
 * boot by the channel; a Set, so registering the same function twice (one per app) is harmless.
 */
export type TicketWatcher = (scope: TenantScope, base: TicketBase, action: Action) => void;
const watchers = new Set<TicketWatcher>();
export function watchTickets(fn: TicketWatcher): void {
  watchers.add(fn);
}

/** Who may be told about tickets: queue memberships and the people to judge, for a batch. */
interface Audience {
  settings: TicketSettings;
  /** queue id -> its members' user ids. */
  members: Map<number, number[]>;
  /**
   * Supervisors, queue members, assigned users of the batch's tickets and admins limited to some
   * channels (the other admins have their room), each with its channel limit.
   */
  people: { id: number; profile: Profile; ignoreWallet: boolean; channelIds: number[] }[];
}

/** Settings, queue members and people to judge for `bases`: one statement, built once. */
async function loadAudience(scope: TenantScope, bases: TicketBase[]): Promise<Audience> {
  const queueIds = [...new Set(bases.flatMap((b) => (b.row.queueId ? [b.row.queueId] : [])))];
  const assigned = [...new Set(bases.flatMap((b) => (b.row.userId ? [b.row.userId] : [])))];
  const [row] = await scope.runMemo(
    'tickets.audience',
    (value) =>
      scope.query(async (_db, owns) => {
        const queues = sql`${value('queueIds')}::int[]`;
        return sql`select
          coalesce((select json_object_agg(${settings.key}, ${settings.value}) from ${settings}
            where ${owns(settings)}), '{}'::json) as "settings",
          coalesce((select json_agg(json_build_object('queueId', ${userQueues.queueId}, 'userId', ${userQueues.userId}))
            from ${userQueues} where ${owns(userQueues, sql`${userQueues.queueId} = any(${queues})`)}), '[]'::json) as "members",
          coalesce((select json_agg(json_build_object('id', ${users.id}, 'profile', ${users.profile}, 'ignoreWallet', ${users.ignoreWallet},
              'channelIds', coalesce((select json_agg(uc.channel_id) from ${userChannels} uc
                where uc.tenant_id = ${users.tenantId} and uc.user_id = ${users.id}), '[]'::json)))
            from ${users} where ${owns(
              users,
              sql`(${users.profile} <> 'admin' or exists (select 1 from ${userChannels} uc
                where uc.tenant_id = ${users.tenantId} and uc.user_id = ${users.id}))`,
              sql`(${users.profile} in ('supervisor', 'admin') or ${users.id} = any(${value('assigned')}::int[])
                or ${users.id} in (select uq.user_id from ${userQueues} uq where uq.tenant_id = ${users.tenantId} and uq.queue_id = any(${queues})))`,
            )}), '[]'::json) as "people"`;
      }),
    { queueIds: `{${queueIds.join(',')}}`, assigned: `{${assigned.join(',')}}` },
  );
  const members = new Map<number, number[]>();
  for (const m of jsonOf<{ queueId: number; userId: number }[]>(row?.members ?? '[]')) {
    members.set(m.queueId, [...(members.get(m.queueId) ?? []), m.userId]);
  }
  return {
    settings: ticketSettingsOf(jsonOf<Record<string, string>>(row?.settings ?? '{}')),
    members,
    people: jsonOf<Audience['people']>(row?.people ?? '[]'),
  };
}


function publishTicket(scope: TenantScope, base: TicketBase, action: Action, audience: Audience): void {
  for (const watch of watchers) watch(scope, base, action);
  publishToAudience(scope, base, audience, 'ticket', (viewer) => ({ action, ticket: presentTicket(base, viewer) }));
}

/**
 * One event about a ticket to each of its audience, shaped per viewer: the admins room unless the
 * ticket is private to its agent (an admin who is its agent hears of it in its own room), and each
 * candidate (members of the ticket's queue, the assigned user, general supervisors, limited admins)
 * the policy lets see it.
 */
function publishToAudience(
  scope: TenantScope,
  base: TicketBase,
  audience: Audience,
  event: string,
  payloadFor: (viewer: TicketViewer) => unknown,
): void {
  const { row } = base;
  const { settings } = audience;
  const facts = factsOf(base);
  const admin = adminViewer(settings);
  if (!privateHidden(admin, facts)) publish(scope, { kind: 'ticketAdmins' }, event, payloadFor(admin));
  else if (row.userId !== null && !audience.people.some((u) => u.id === row.userId))
    publish(scope, { kind: 'user', userId: row.userId }, event, payloadFor({ ...admin, userId: row.userId }));
  const members = row.queueId ? (audience.members.get(row.queueId) ?? []) : [];
  for (const u of audience.people) {
    const wide = u.profile === 'supervisor' || u.profile === 'admin';
    if (!wide && u.id !== row.userId && !members.includes(u.id)) continue;
    const viewer: TicketViewer = {
      userId: u.id,
      profile: u.profile,
      isAdmin: u.profile === 'admin',
      ignoreWallet: u.ignoreWallet,
      // Only membership of this ticket's queue matters to judge this ticket.
      queueIds: row.queueId && members.includes(u.id) ? [row.queueId] : [],
      channelIds: u.channelIds,
      settings,
    };
    if (isTicketVisible(viewer, facts)) publish(scope, { kind: 'user', userId: u.id }, event, payloadFor(viewer));
  }
}

/**
 * Publishes the 'create' or 'update' of several committed tickets at once (the coalesced drain of
 * message bursts): their views and audiences are read in two queries, whatever their number.
 */
export async function publishTicketUpdates(
  scope: TenantScope,
  ids: number[],
  actionOf: (id: number) => 'create' | 'update' = () => 'update',
): Promise<void> {
  const bases = await loadTicketBases(scope, ids);
  if (bases.length === 0) return;
  const audience = await loadAudience(scope, bases);
  for (const base of bases) {
    const action = actionOf(base.row.id);
    queueTicketWebhook(scope, base, action); // the channel's outbound webhook, in the background
    publishTicket(scope, base, action, audience);
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
      if (!base) return;
      queueTicketWebhook(s, base, action); // the channel's outbound webhook, in the background
      publishTicket(s, base, action, await loadAudience(s, [base]));
    }).catch(logFailure),
  );
}

/** The 'delete' event of a ticket whose view was loaded before it was deleted. */
export function emitTicketDeleted(scope: TenantScope, base: TicketBase): void {
  scope.afterCommit(() => {
    queueTicketWebhook(scope, base, 'delete');
    return withTenant(scope.database, scope.tenantId, async (s) =>
      publishTicket(s, base, 'delete', await loadAudience(s, [base])),
    ).catch(logFailure);
  });
}

/**
 * Another event about a committed ticket (a call log, issue 17) to the same people the ticket's own
 * events reach: its admins room unless the ticket is private to its agent, and each candidate the
 * policy lets see it. `payloadFor` shapes the payload per viewer (masked numbers).
 */
export async function publishToTicketViewers(
  scope: TenantScope,
  ticketId: number,
  event: string,
  payloadFor: (viewer: TicketViewer) => unknown,
): Promise<void> {
  const [base] = await loadTicketBases(scope, [ticketId]);
  if (!base) return;
  publishToAudience(scope, base, await loadAudience(scope, [base]), event, payloadFor);
}

// An event that fails to go out must not fail the change that already committed; the screens
// refetch on reconnect. There is no request logger here, hence the console.
const logFailure = (err: unknown) => console.error('ticket event failed', err);
