import type { Plan, PlatformSettings, Tenant, User } from '@prosa/contracts';
import type { plans } from '../../platform/db/schema.js';
import { presentConfigs } from '../auth/auth.presenter.js';
import type { TenantView, UserWithQueues } from './admin.queries.js';
import { MASKED_SECRET } from './platform-settings.queries.js';

export function presentTenant({ tenant, planName, responsible, usersCount }: TenantView): Tenant {
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
    ignoreWallet: row.ignoreWallet,
    blockMultipleLogins: row.blockMultipleLogins,
    isOnline: row.isOnline,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    configs: presentConfigs(row.configs),
    createdAt: row.createdAt.toISOString(),
    can: { edit: true, delete: true, changeProfile: true },
  };
}

/** Secrets never leave the server: a stored SMTP password is answered masked. */
export function presentPlatformSettings(s: PlatformSettings): PlatformSettings {
  return { ...s, smtpPassword: s.smtpPassword ? MASKED_SECRET : '' };
}
