// SECURITY-CRITICAL: which sockets receive a message. The same people as the ticket's own events
// (tickets.events.ts): the room of admins without a channel limit, and one by one the queue's
// members, the assigned user, general supervisors and admins limited to some channels, each judged by the tickets policy (mayReadMessages: a pending ticket of
// someone else is not peeked at without `spyticket`).
//
// The tenant's people and settings are cached for AUDIENCE_TTL_MS so a burst of inbound messages
// does not read them once per message: a change of queues or settings reaches sockets within that
// time. HTTP reads always judge with live data (messages.policy.ts).
import type { Message } from '@prosa/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { contactWallets, tickets, userChannels, userQueues, users } from '../../platform/db/schema.js';
import { withTenant, type TenantScope } from '../../platform/db/tenant-scope.js';
import { publish } from '../../platform/realtime/publish.js';
import {
  adminViewer,
  mayReadMessages,
  privateHidden,
  type TicketFacts,
  type TicketSettings,
  type TicketViewer,
} from '../tickets/tickets.policy.js';
import { isChatbot, type TicketRow } from '../tickets/tickets.presenter.js';
import { loadTicketSettings } from '../tickets/tickets.viewer.js';
import { queueMessageWebhook } from '../channel-webhooks/record-event.js';

type Action = 'create' | 'update' | 'delete';
export const AUDIENCE_TTL_MS = 2000;

interface Person {
  id: number;
  profile: TicketViewer['profile'];
  ignoreWallet: boolean;
  queueIds: number[];
  /** Its channel limit; empty = every channel. */
  channelIds: number[];
}
interface Audience {
  at: number;
  settings: TicketSettings;
  people: Person[];
}
const cache = new WeakMap<Database, Map<number, Promise<Audience>>>();

async function loadAudience(scope: TenantScope): Promise<Audience> {
  const [settings, people] = await Promise.all([
    loadTicketSettings(scope),
    scope.query((db, owns) =>
      db
        .select({
          id: users.id,
          profile: users.profile,
          ignoreWallet: users.ignoreWallet,
          queueIds: sql<
            number[]
          >`coalesce(array_agg(${userQueues.queueId}) filter (where ${userQueues.queueId} is not null), '{}')`,
          channelIds: sql<number[]>`coalesce((select array_agg(uc.channel_id) from ${userChannels} uc
            where uc.tenant_id = ${users.tenantId} and uc.user_id = ${users.id}), '{}')`,
        })
        .from(users)
        .leftJoin(userQueues, owns(userQueues, eq(userQueues.userId, users.id)))
        // Admins have their room, except those limited to some channels: judged one by one.
        .where(
          owns(
            users,
            sql`(${users.profile} <> 'admin' or exists (select 1 from ${userChannels} uc
              where uc.tenant_id = ${users.tenantId} and uc.user_id = ${users.id}))`,
          ),
        )
        .groupBy(users.id),
    ),
  ]);
  return {
    at: Date.now(),
    settings,
    people: people.map((p) => ({
      ...p,
      queueIds: (p.queueIds ?? []).map(Number),
      channelIds: (p.channelIds ?? []).map(Number),
    })),
  };
}

function audienceOf(scope: TenantScope): Promise<Audience> {
  let byTenant = cache.get(scope.database);
  if (!byTenant) cache.set(scope.database, (byTenant = new Map()));
  const hit = byTenant.get(scope.tenantId);
  const fresh = (a: Audience) => Date.now() - a.at < AUDIENCE_TTL_MS;
  const next = (async () => {
    const current = hit ? await hit.catch(() => null) : null;
    return current && fresh(current) ? current : loadAudience(scope);
  })();
  byTenant.set(scope.tenantId, next);
  next.catch(() => byTenant.delete(scope.tenantId));
  return next;
}

/** Users (other than admins, who have their room) who may read the ticket's messages. */
async function readers(scope: TenantScope, ticket: TicketRow): Promise<number[]> {
  const { settings, people } = await audienceOf(scope);
  const queueId = ticket.queueId;
  const candidates = people.filter(
    (p) =>
      p.profile === 'supervisor' ||
      p.profile === 'admin' ||
      p.id === ticket.userId ||
      (queueId !== null && p.queueIds.includes(queueId)),
  );
  if (candidates.length === 0) return [];
  const walletUserIds =
    settings.DirectTicketsToWallets || settings.userContactWallet
      ? (await scope.select(contactWallets, eq(contactWallets.contactId, ticket.contactId))).map((w) => w.userId)
      : [];
  const facts: TicketFacts = {
    status: ticket.status,
    queueId,
    userId: ticket.userId,
    channelId: ticket.channelId,
    isGroup: ticket.isGroup,
    chatbot: isChatbot(ticket),
    walletUserIds,
    isPrivate: ticket.isPrivate,
  };
  return candidates
    .filter((p) =>
      mayReadMessages(
        {
          userId: p.id,
          profile: p.profile,
          isAdmin: p.profile === 'admin',
          ignoreWallet: p.ignoreWallet,
          queueIds: p.queueIds,
          channelIds: p.channelIds,
          settings,
        },
        facts,
      ),
    )
    .map((p) => p.id);
}

/**
 * Publishes `message` {action, message, ticketId} after the surrounding transaction commits.
 * Pass the ticket row when it is at hand (saves a query on the inbound path).
 */
export function emitMessage(scope: TenantScope, ticket: TicketRow | number, action: Action, message: Message): void {
  scope.afterCommit(() =>
    withTenant(scope.database, scope.tenantId, async (s) => {
      const row = typeof ticket === 'number' ? await s.first(tickets, eq(tickets.id, ticket)) : ticket;
      if (!row) return;
      queueMessageWebhook(s, row, action, message); // the channel's outbound webhook, in the background
      const payload = { action, message, ticketId: row.id };
      const to = await readers(s, row);
      // A private ticket's messages stay out of the admins room (unless viewPrivateTickets); an
      // admin who is its agent gets them in its own room (one limited to channels was judged).
      const { settings, people } = await audienceOf(s);
      if (!privateHidden(adminViewer(settings), row)) publish(s, { kind: 'ticketAdmins' }, 'message', payload);
      else if (row.userId !== null && !to.includes(row.userId) && !people.some((p) => p.id === row.userId))
        to.push(row.userId);
      for (const userId of to) publish(s, { kind: 'user', userId }, 'message', payload);
    }).catch((err: unknown) => console.error('message event failed', err)),
  );
}
