import type { BusinessHourDay, Plan } from '@prosa/contracts';
import { DEFAULT_BUSINESS_HOURS } from './business-hours.js';
import type { PlanRow, TenantRow } from './tenants.queries.js';

export function presentBusinessHours(row: TenantRow) {
  // A company saved before it had hours shows the defaults, so the form always has 7 days.
  const days: BusinessHourDay[] = row.businessHours.length ? row.businessHours : DEFAULT_BUSINESS_HOURS;
  return {
    businessHours: [...days].sort((x, y) => x.day - y.day),
    messageBusinessHours: row.messageBusinessHours,
    timezone: row.timezone,
  };
}

export function presentPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    maxUsers: row.maxUsers,
    maxConnections: row.maxConnections,
    value: row.value,
    isPublic: row.isPublic,
    group: row.group,
    campaign: row.campaign,
    integrations: row.integrations,
  };
}
