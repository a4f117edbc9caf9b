import { z } from 'zod';
import { PAYMENT_GATEWAYS, PLATFORM_SETTING_KEYS, PROFILES, RECURRENCES, TENANT_STATUSES } from '../enums.js';
import { V, vMin, ZEmail, ZId, ZIsoDate, ZNewPassword, ZPhone, ZRequiredText, todayIso } from './common.js';

const ZWhole = z.coerce.number({ error: V.integer }).int(V.integer).min(0, vMin(0)).max(100000, V.max);

export const ZPlanInput = z.object({
  name: ZRequiredText(80),
  maxUsers: ZWhole,
  maxConnections: ZWhole,
  value: z.coerce.number({ error: V.number }).min(0, vMin(0)).max(1_000_000, V.max),
  isPublic: z.boolean().default(true),
  group: z.boolean().default(true),
  campaign: z.boolean().default(true),
  integrations: z.boolean().default(true),
});
export type PlanInput = z.infer<typeof ZPlanInput>;
export const ZPlan = z.object({
  id: z.number(),
  name: z.string(),
  maxUsers: z.number(),
  maxConnections: z.number(),
  value: z.number(),
  isPublic: z.boolean(),
  group: z.boolean(),
  campaign: z.boolean(),
  integrations: z.boolean(),
});
export type Plan = z.infer<typeof ZPlan>;

/** SPEC §5: a company's due date is not before today. */
export const isDueDateBeforeToday = (d: string, now = new Date()) => d < todayIso(now);
const ZDueDate = ZIsoDate.refine((d) => !isDueDateBeforeToday(d), V.dueDateBeforeToday);

/**
 * What the server parses: the due date's shape only. A date before today is not a malformed
 * request but a rule of its own, answered with ERR_INVALID_DUE_DATE by the command.
 */
export const ZTenantUpdateBody = z.object({
  name: ZRequiredText(120),
  phone: z.union([ZPhone, z.literal('')]).default(''),
  email: z.union([ZEmail, z.literal('')]).default(''),
  planId: ZId,
  dueDate: ZIsoDate,
  recurrence: z.enum(RECURRENCES).default('MENSAL'),
});
/** The form's schema: the same, with the due date rule shown on its input. */
export const ZTenantUpdate = ZTenantUpdateBody.extend({ dueDate: ZDueDate });
export type TenantUpdate = z.infer<typeof ZTenantUpdate>;

const adminFields = {
  adminName: ZRequiredText(120),
  adminEmail: ZEmail,
  adminPassword: ZNewPassword,
};
/** A company created by the operator, with its first admin. */
export const ZTenantCreateBody = ZTenantUpdateBody.extend(adminFields);
export const ZTenantCreate = ZTenantUpdate.extend(adminFields);
export type TenantCreate = z.infer<typeof ZTenantCreate>;

export const ZTenant = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  status: z.enum(TENANT_STATUSES),
  planId: z.number().nullable(),
  planName: z.string().nullable(),
  dueDate: z.string().nullable(),
  recurrence: z.enum(RECURRENCES),
  responsible: z.string().nullable(),
  timezone: z.string(),
  usersCount: z.number(),
  createdAt: z.string(),
});
export type Tenant = z.infer<typeof ZTenant>;
export const ZTenantListQuery = z.object({ status: z.enum(TENANT_STATUSES).default('active') });

export const ZAdminUserUpdate = z.object({
  name: ZRequiredText(120).optional(),
  email: ZEmail.optional(),
  profile: z.enum(PROFILES).optional(),
  password: z.union([ZNewPassword, z.literal('')]).optional(),
});
export type AdminUserUpdate = z.infer<typeof ZAdminUserUpdate>;

/** GET /admin/userstotal. */
export const ZUsersTotal = z.object({
  total: z.number(),
  byTenant: z.array(z.object({ tenantId: z.number(), count: z.number() })),
});
export type UsersTotal = z.infer<typeof ZUsersTotal>;

export const ZTenantPlanResponse = z.object({
  plan: ZPlan.nullable(),
  usage: z.object({ users: z.number(), connections: z.number() }),
});
export const ZTenantDateResponse = z.object({ dueDate: z.string().nullable() });

export const ZPlatformSettings = z.object(
  Object.fromEntries(PLATFORM_SETTING_KEYS.map((k) => [k, z.string().max(4000, V.max)])) as Record<
    (typeof PLATFORM_SETTING_KEYS)[number],
    z.ZodString
  >,
);
export type PlatformSettings = z.infer<typeof ZPlatformSettings>;

const BOOLEAN_TEXT = ['true', 'false'];
export const ZPlatformSettingsUpdate = ZPlatformSettings.partial().superRefine((s, ctx) => {
  const bad = (key: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [key] });
  if (s.trialDays !== undefined && !/^\d{1,3}$/.test(s.trialDays)) bad('trialDays', V.integer);
  if (s.smtpPort !== undefined && s.smtpPort !== '' && !(/^\d{1,5}$/.test(s.smtpPort) && +s.smtpPort >= 1 && +s.smtpPort <= 65535)) {
    bad('smtpPort', V.integer);
  }
  if (s.allowSignup !== undefined && !BOOLEAN_TEXT.includes(s.allowSignup)) bad('allowSignup', V.invalidValue);
  if (s.smtpSecure !== undefined && !BOOLEAN_TEXT.includes(s.smtpSecure)) bad('smtpSecure', V.invalidValue);
  if (s.paymentGateway !== undefined && !(PAYMENT_GATEWAYS as readonly string[]).includes(s.paymentGateway)) {
    bad('paymentGateway', V.invalidValue);
  }
});
export type PlatformSettingsUpdate = z.infer<typeof ZPlatformSettingsUpdate>;

/** GET /platform/public: what the login and sign-up screens show before anyone signs in. */
export const ZPlatformPublic = z.object({ allowSignup: z.boolean(), noticeBanner: z.string() });
export type PlatformPublic = z.infer<typeof ZPlatformPublic>;
