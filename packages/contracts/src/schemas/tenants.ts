import { z } from 'zod';
import { AVAILABLE_PAYMENT_GATEWAYS, PLATFORM_SETTING_KEYS, PROFILES, RECURRENCES, TENANT_STATUSES } from '../enums.js';
import { isMaskedSecret } from './channels.js';
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
  /** The reseller whose setup token it signed up with (SPEC §6), null otherwise. */
  resellerId: z.number().nullable(),
  resellerName: z.string().nullable(),
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
/**
 * `GET /tenants/date/`: the due date, the platform's grace days, and whether the plan is expired
 * now by the server's rule (planExpired on the company's own calendar day): the web app's guard
 * follows this answer, not a rule of its own.
 */
export const ZTenantDateResponse = z.object({
  dueDate: z.string().nullable(),
  graceDays: z.number(),
  expired: z.boolean(),
});

/** A day plus some days, yyyy-MM-dd. */
export function addDaysIso(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * SPEC §6: a plan is expired once its due date and the grace days after it have passed: blocked
 * from the day after `dueDate + graceDays`. `today` is the company's calendar day. No due date,
 * no block.
 */
export function planExpired(dueDate: string | null, graceDays: number, today: string): boolean {
  return dueDate !== null && addDaysIso(dueDate.slice(0, 10), graceDays) < today;
}

/** EFI's certificate as the operator gives it: a .p12 in base64 (a few KB), or PEM text. */
export const EFI_CERTIFICATE_MAX = 20_000;
export const ZPlatformSettings = z.object(
  Object.fromEntries(
    PLATFORM_SETTING_KEYS.map((k) => [k, z.string().max(k === 'efiCertificate' ? EFI_CERTIFICATE_MAX : 4000, V.max)]),
  ) as Record<(typeof PLATFORM_SETTING_KEYS)[number], z.ZodString>,
);
export type PlatformSettings = z.infer<typeof ZPlatformSettings>;

const BOOLEAN_TEXT = ['true', 'false'];
const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----/;
const PEM_KEY =
  /-----BEGIN (RSA |EC |ENCRYPTED )?PRIVATE KEY-----[\s\S]+-----END (RSA |EC |ENCRYPTED )?PRIVATE KEY-----/;
/** EFI's certificate: PEM with its certificate and private key, or a .p12 file's bytes in base64. */
export const isEfiCertificate = (v: string): boolean => {
  const t = v.trim();
  if (t.includes('-----BEGIN')) return PEM_CERT.test(t) && PEM_KEY.test(t);
  return /^[A-Za-z0-9+/\r\n]+={0,2}$/.test(t) && t.replace(/\s/g, '').length >= 800;
};

/**
 * The shapes of the gateways' credentials, from their documentation: Mercado Pago access tokens
 * `APP_USR-...` (production) or `TEST-...`; its webhook secret a hex key; Stripe secret or
 * restricted keys `sk_`/`rk_` + `live_`/`test_`; Stripe endpoint secrets `whsec_...`; Asaas API
 * keys `$aact_...` (https://docs.asaas.com/docs/authentication-2) and its webhook auth token, 32 to
 * 255 characters (the webhook's `authToken` in Asaas's OpenAPI,
 * https://docs.asaas.com/docs/duvidas-frequentes-webhooks); EFI's
 * `Client_Id_...` / `Client_Secret_...` (https://dev.efipay.com.br/docs/api-pix/credenciais) and
 * the secret Prosa appends to its webhook URL as `?hmac=` (https://dev.efipay.com.br/docs/api-pix/webhooks).
 * Owen (https://api.apipix.me/v1/docs): its user is the account's CNPJ (14 digits, punctuated or
 * not); the shapes of its password (token) and secret key are not documented, so any printable
 * text without spaces; the webhook token is the operator's own, in the URL (`?token=`), so it must
 * be long enough not to be guessed (32 or more URL-safe characters).
 */
export const GATEWAY_SECRET_PATTERNS = {
  mercadopagoAccessToken: /^(APP_USR|TEST)-[A-Za-z0-9_-]{8,250}$/,
  mercadopagoWebhookSecret: /^[A-Za-z0-9_-]{16,200}$/,
  stripeSecretKey: /^(sk|rk)_(live|test)_[A-Za-z0-9]{8,250}$/,
  stripeWebhookSecret: /^whsec_[A-Za-z0-9]{8,250}$/,
  asaasApiKey: /^\$aact_[A-Za-z0-9_=:+/$-]{16,500}$/,
  asaasWebhookToken: /^[\x21-\x7e]{32,255}$/,
  efiClientId: /^Client_Id_[A-Za-z0-9]{8,200}$/,
  efiClientSecret: /^Client_Secret_[A-Za-z0-9]{8,200}$/,
  efiWebhookSecret: /^[A-Za-z0-9_-]{16,200}$/,
  owenUser: /^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/,
  owenPassword: /^[\x21-\x7e]{8,500}$/,
  owenSecretKey: /^[\x21-\x7e]{8,500}$/,
  owenWebhookToken: /^[A-Za-z0-9_-]{32,200}$/,
} as const;
export const ZPlatformSettingsUpdate = ZPlatformSettings.partial().superRefine((s, ctx) => {
  const bad = (key: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [key] });
  if (s.trialDays !== undefined && !/^\d{1,3}$/.test(s.trialDays)) bad('trialDays', V.integer);
  if (s.noticeBannerTenants !== undefined && !/^(\d{1,10}(,\d{1,10})*)?$/.test(s.noticeBannerTenants)) {
    bad('noticeBannerTenants', V.invalidValue);
  }
  if (s.graceDays !== undefined && !(/^\d{1,2}$/.test(s.graceDays) && +s.graceDays <= 60)) bad('graceDays', V.integer);
  if (
    s.smtpPort !== undefined &&
    s.smtpPort !== '' &&
    !(/^\d{1,5}$/.test(s.smtpPort) && +s.smtpPort >= 1 && +s.smtpPort <= 65535)
  ) {
    bad('smtpPort', V.integer);
  }
  if (s.allowSignup !== undefined && !BOOLEAN_TEXT.includes(s.allowSignup)) bad('allowSignup', V.invalidValue);
  if (s.signupNeedsToken !== undefined && !BOOLEAN_TEXT.includes(s.signupNeedsToken))
    bad('signupNeedsToken', V.invalidValue);
  if (s.smtpSecure !== undefined && !BOOLEAN_TEXT.includes(s.smtpSecure)) bad('smtpSecure', V.invalidValue);
  // Only gateways with an adapter may be picked; the others are shown as not yet available.
  if (
    s.paymentGateway !== undefined &&
    s.paymentGateway !== '' &&
    !(AVAILABLE_PAYMENT_GATEWAYS as readonly string[]).includes(s.paymentGateway)
  ) {
    bad('paymentGateway', V.invalidValue);
  }
  // Gateway credentials: '' clears, the masked value the server answered (maskSecret) keeps the stored one.
  for (const [key, pattern] of Object.entries(GATEWAY_SECRET_PATTERNS) as [
    keyof typeof GATEWAY_SECRET_PATTERNS,
    RegExp,
  ][]) {
    const v = s[key];
    if (v !== undefined && v !== '' && !isMaskedSecret(v) && !pattern.test(v.trim())) bad(key, V.invalidValue);
  }
  if (
    s.efiCertificate !== undefined &&
    s.efiCertificate !== '' &&
    !isMaskedSecret(s.efiCertificate) &&
    !isEfiCertificate(s.efiCertificate)
  ) {
    bad('efiCertificate', V.invalidValue);
  }
  // A Pix key (DICT): at most 77 characters, no spaces.
  if (s.efiPixKey !== undefined && !/^\S{0,77}$/.test(s.efiPixKey.trim())) bad('efiPixKey', V.invalidValue);
  // Pix BR Code fields (the EMV rules): a name of at most 25 and a city of at most 15 characters.
  if (s.pixKey !== undefined && s.pixKey.trim().length > 77) bad('pixKey', V.max);
  if (s.pixName !== undefined && s.pixName.trim().length > 25) bad('pixName', V.max);
  if (s.pixCity !== undefined && s.pixCity.trim().length > 15) bad('pixCity', V.max);
});
export type PlatformSettingsUpdate = z.infer<typeof ZPlatformSettingsUpdate>;

/** GET /platform/public: what the login and sign-up screens show before anyone signs in. */
export const ZPlatformPublic = z.object({
  allowSignup: z.boolean(),
  /** Sign-up needs a reseller's setup token (SPEC §6). */
  signupNeedsToken: z.boolean(),
  noticeBanner: z.string(),
});
export type PlatformPublic = z.infer<typeof ZPlatformPublic>;

/** GET /tenants/notice/: the operator's notice for the caller's company ('' when none is meant for it). */
export const ZTenantNotice = z.object({ notice: z.string() });

/**
 * The companies a notice is for (the `noticeBannerTenants` setting: comma-separated ids, empty for
 * every company), and whether it is for one company.
 */
export const noticeTargets = (setting: string): number[] =>
  setting
    .split(',')
    .map((x) => Number.parseInt(x, 10))
    .filter((n) => Number.isInteger(n) && n > 0);
export const noticeIsFor = (setting: string, tenantId: number): boolean => {
  const targets = noticeTargets(setting);
  return targets.length === 0 || targets.includes(tenantId);
};
