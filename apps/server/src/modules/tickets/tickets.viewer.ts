import { eq, inArray, sql } from 'drizzle-orm';
import { settings, userChannels, userQueues, users } from '../../platform/db/schema.js';
import { tenantQuery, type TenantScope } from '../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { SETTING_DEFAULTS, type TicketStatus } from '@prosa/contracts';
import type { TicketSettings, TicketViewer } from './tickets.policy.js';

const KEYS = [
  'NotViewTicketsChatBot',
  'NotViewAssignedTickets',
  'NotViewTicketsQueueUndefined',
  'DirectTicketsToWallets',
  'userContactWallet',
  'spyticket',
  'userReopenTicket',
  'hidePhoneNumber',
  'viewPrivateTickets',
  'auditMode',
] as const satisfies readonly (keyof TicketSettings)[];

/** The settings that change ticket visibility and actions, in one query. */
export async function loadTicketSettings(scope: TenantScope): Promise<TicketSettings> {
  const rows = await scope.select(settings, inArray(settings.key, [...KEYS]));
  return ticketSettingsOf(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

/** The ticket settings among a company's saved settings (key -> value), defaults filled in. */
export function ticketSettingsOf(saved: Record<string, string>): TicketSettings {
  const out = {} as TicketSettings;
  for (const k of KEYS) out[k] = (saved[k] ?? SETTING_DEFAULTS[k]) === 'enabled';
  return out;
}

const LIMIT_KEYS = { open: 'TicketsLimitOpen', pending: 'TicketsLimitPending', closed: 'TicketsLimitClosed' } as const;

/** The user's wallet flag, its queues and the tenant's settings: one prepared query. */
const viewerQuery = tenantQuery<
  { userId: number },
  { ignoreWallet: boolean; queueIds: number[]; channelIds: number[]; settings: Record<string, string> }[]
>('tickets_viewer', (db, owns, t) =>
  db
    .select({
      ignoreWallet: users.ignoreWallet,
      queueIds: sql<number[]>`coalesce((select json_agg(uq.queue_id) from ${userQueues} uq
        where uq.tenant_id = ${t} and uq.user_id = ${users.id}), '[]'::json)`,
      channelIds: sql<number[]>`coalesce((select json_agg(uc.channel_id) from ${userChannels} uc
        where uc.tenant_id = ${t} and uc.user_id = ${users.id}), '[]'::json)`,
      settings: sql<Record<string, string>>`coalesce((select json_object_agg(st.key, st.value) from ${settings} st
        where st.tenant_id = ${t}), '{}'::json)`,
    })
    .from(users)
    .where(owns(users, eq(users.id, sql.placeholder('userId'))))
    .prepare('tickets_viewer'),
);

/**
 * The signed-in user as the ticket policy sees it: its queues, wallet flag and the settings, plus
 * the list page sizes, in one round trip.
 */
export async function loadViewer(scope: TenantScope, auth: AuthContext, known?: TicketSettings): Promise<TicketViewer> {
  // An HTTP request read them with its session (auth.rules); others ask.
  const [row] = auth.rules ? [auth.rules] : await scope.run(viewerQuery, { userId: auth.userId });
  const saved = row?.settings ?? {};
  const s = known ?? ticketSettingsOf(saved);
  const pageSizes = {} as Record<TicketStatus, number>;
  for (const [status, key] of Object.entries(LIMIT_KEYS) as [TicketStatus, (typeof LIMIT_KEYS)[TicketStatus]][]) {
    const n = Number.parseInt(saved[key] ?? SETTING_DEFAULTS[key], 10);
    pageSizes[status] = Number.isFinite(n) && n > 0 ? n : 40;
  }
  return {
    userId: auth.userId,
    profile: auth.profile,
    isAdmin: auth.isAdmin,
    ignoreWallet: row?.ignoreWallet ?? false,
    queueIds: row?.queueIds ?? [],
    channelIds: row?.channelIds ?? [],
    settings: s,
    pageSizes,
  };
}
