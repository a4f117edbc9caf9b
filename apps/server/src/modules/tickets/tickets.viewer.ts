import { inArray } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { settings, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { SETTING_DEFAULTS } from '@prosa/contracts';
import { queueIdsOfUser } from '../queues/queues.queries.js';
import type { TicketSettings, TicketViewer } from './tickets.policy.js';

const KEYS = [
  'NotViewTicketsChatBot',
  'NotViewAssignedTickets',
  'NotViewTicketsQueueUndefined',
  'DirectTicketsToWallets',
  'userContactWallet',
  'spyticket',
  'userReopenTicket',
] as const satisfies readonly (keyof TicketSettings)[];

/** The settings that change ticket visibility and actions, in one query. */
export async function loadTicketSettings(scope: TenantScope): Promise<TicketSettings> {
  const rows = await scope.select(settings, inArray(settings.key, [...KEYS]));
  const saved = new Map(rows.map((r) => [r.key, r.value]));
  const out = {} as TicketSettings;
  for (const k of KEYS) out[k] = (saved.get(k) ?? SETTING_DEFAULTS[k]) === 'enabled';
  return out;
}

/** The signed-in user as the ticket policy sees it: its queues, wallet flag and the settings. */
export async function loadViewer(scope: TenantScope, auth: AuthContext, known?: TicketSettings): Promise<TicketViewer> {
  const [queueIds, user, s] = await Promise.all([
    queueIdsOfUser(scope, auth.userId),
    scope.first(users, eq(users.id, auth.userId)),
    known ? Promise.resolve(known) : loadTicketSettings(scope),
  ]);
  return {
    userId: auth.userId,
    profile: auth.profile,
    isAdmin: auth.isAdmin,
    ignoreWallet: user?.ignoreWallet ?? false,
    queueIds,
    settings: s,
  };
}
