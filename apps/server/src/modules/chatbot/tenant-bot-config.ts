/**
 * What the bot needs of the company on every step and on the inbound hook: business hours, time
 * zone, the absence message and its limit, the default flow and the default auto-distribution.
 * Cached per tenant for a few seconds (a change counts within TTL_MS; forgetBotConfig at once): the
 * inbound hook reads it on new tickets and on messages of tickets without a
 * bot (the absence check) and must not add queries to the inbound fast path.
 */
import type { BusinessHourDay } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { chatFlows } from '../../platform/db/schema.js';
import type { Database } from '../../platform/db/client.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { listSettings } from '../settings/settings.queries.js';
import { DEFAULT_BUSINESS_HOURS, isWithinBusinessHours } from '../tenants/business-hours.js';
import { getOwnTenant } from '../tenants/tenants.queries.js';

export interface TenantBotConfig {
  businessHours: BusinessHourDay[];
  timezone: string;
  absenceMessage: string;
  maxAbsence: number;
  defaultFlowId: number | null;
  distribution: 'N' | 'R' | 'B';
  /** The company has an active flow: a new ticket may enter a bot. */
  hasActiveFlow: boolean;
}

const TTL_MS = 5_000;
const cache = new WeakMap<Database, Map<number, { at: number; value: Promise<TenantBotConfig> }>>();

export async function readBotConfig(scope: TenantScope): Promise<TenantBotConfig> {
  const tenant = await getOwnTenant(scope);
  const settings = new Map((await listSettings(scope)).map((s) => [s.key, s.value]));
  const flow = Number(settings.get('botTicketActive') ?? '');
  const dist = settings.get('botDistribution');
  const active = await scope.count(chatFlows, eq(chatFlows.isActive, true));
  return {
    businessHours: (tenant.businessHours as BusinessHourDay[] | null) ?? DEFAULT_BUSINESS_HOURS,
    timezone: tenant.timezone,
    absenceMessage: tenant.messageBusinessHours.trim(),
    maxAbsence: Math.max(0, Number(settings.get('maxRetriesBusinessHours') ?? '0') || 0),
    defaultFlowId: Number.isInteger(flow) && flow > 0 ? flow : null,
    distribution: dist === 'R' || dist === 'B' ? dist : 'N',
    hasActiveFlow: active > 0,
  };
}

/** The cached read; `fresh` skips the cache (the step job reads it once per run anyway). */
export function botConfig(scope: TenantScope, fresh = false): Promise<TenantBotConfig> {
  let byTenant = cache.get(scope.database);
  if (!byTenant) cache.set(scope.database, (byTenant = new Map()));
  const hit = byTenant.get(scope.tenantId);
  if (!fresh && hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = readBotConfig(scope);
  byTenant.set(scope.tenantId, { at: Date.now(), value });
  value.catch(() => byTenant.delete(scope.tenantId));
  return value;
}

/** Forgets the company's cached settings (after a change that must count at once). */
export function forgetBotConfig(scope: TenantScope): void {
  cache.get(scope.database)?.delete(scope.tenantId);
}

/** Business hours are whole minutes: one answer per config and minute (the hook asks per message). */
const openByMinute = new WeakMap<TenantBotConfig, { minute: number; open: boolean }>();

export function isOpenAt(c: TenantBotConfig, at: Date): boolean {
  const minute = Math.floor(at.getTime() / 60_000);
  const hit = openByMinute.get(c);
  if (hit?.minute === minute) return hit.open;
  const open = isWithinBusinessHours(c.businessHours, c.timezone, at);
  openByMinute.set(c, { minute, open });
  return open;
}

/** Whether the absence message may still go to a ticket that has sent `sent` of them, at `at`. */
export const absenceDue = (c: TenantBotConfig, sent: number, at: Date) =>
  c.absenceMessage !== '' && sent < c.maxAbsence && !isOpenAt(c, at);
