import { maskSecret, SEALED_PLATFORM_SETTINGS, type Plan, type PlatformSettings, type Tenant, type User } from '@prosa/contracts';
import type { plans } from '../../platform/db/schema.js';
import { presentConfigs } from '../auth/auth.presenter.js';
import type { TenantView, UserWithQueues } from './admin.queries.js';
import { open } from '../../platform/security/secret-box.js';
import { MASKED_SECRET } from './platform-settings.queries.js';

export function presentTenant({ tenant, planName, responsible, usersCount, resellerName }: TenantView): Tenant {
  return {
    id: tenant.id,
    name: tenant.name,
    phone: tenant.phone,
    email: tenant.email,
    status: tenant.status,
    planId: tenant.planId,
    planName,
    dueDate: tenant.dueDate,
    recurrence: tenant.recurrence,
    responsible,
    timezone: tenant.timezone,
    usersCount,
    resellerId: tenant.resellerId,
    resellerName,
    createdAt: tenant.createdAt.toISOString(),
  };
}

export function presentPlan(row: typeof plans.$inferSelect): Plan {
  return {
    id: row.id,
    name: row.name,
    maxUsers: row.maxUsers,
    maxConnections: row.maxConnections,
    value: Number(row.value),
    isPublic: row.isPublic,
    group: row.group,
    campaign: row.campaign,
    integrations: row.integrations,
  };
}

/** A company's user as the operator sees it: the operator may do everything with it. */
export function presentAdminUser(row: UserWithQueues): User {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    email: row.email,
    profile: row.profile,
    queues: row.queues,
    channelIds: row.channelIds,
    callLineIds: row.callLineIds,
    callsBlocked: row.callsBlocked,
    ignoreWallet: row.ignoreWallet,
    blockMultipleLogins: row.blockMultipleLogins,
    isOnline: row.isOnline,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    configs: presentConfigs(row.configs),
    createdAt: row.createdAt.toISOString(),
    can: { edit: true, delete: true, changeProfile: true },
  };
}

/**
 * Secrets never leave the server: a stored SMTP password is answered masked, a gateway credential
 * (sealed) as the channels' secrets are (maskSecret: its last 4 characters when it is long enough),
 * so the operator can tell which one is set.
 */
export function presentPlatformSettings(s: PlatformSettings, encryptionSecret: string): PlatformSettings {
  const out = { ...s, smtpPassword: s.smtpPassword ? MASKED_SECRET : '' };
  for (const key of SEALED_PLATFORM_SETTINGS) {
    if (!s[key]) continue;
    let plain = '';
    try {
      plain = open(s[key], encryptionSecret);
    } catch {
      /* sealed under another secret: reads as not set */
    }
    out[key] = maskSecret(plain);
  }
  return out;
}
