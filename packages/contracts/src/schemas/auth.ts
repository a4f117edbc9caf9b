import { z } from 'zod';
import { LANGUAGES, PROFILES } from '../enums.js';
import { V, ZEmail, ZNewPassword, ZPhone, ZRequiredId, ZRequiredText } from './common.js';
import { ZAttendanceFilter } from './tickets.js';

/** The interface language the web app is showing: mails go in it until the user picks one. */
const ZClientLanguage = z.enum(LANGUAGES).optional();

export const ZLogin = z.object({
  email: ZEmail,
  password: z.string({ error: V.required }).min(1, V.required).max(128, V.max),
  language: ZClientLanguage,
});
export type Login = z.infer<typeof ZLogin>;

export const ZUserConfigs = z.object({
  isDark: z.boolean().default(false),
  filtrosAtendimento: ZAttendanceFilter.partial().default({}),
  language: z.enum(LANGUAGES).optional(),
});
export type UserConfigs = z.infer<typeof ZUserConfigs>;

export const ZQueueRef = z.object({ id: z.number(), name: z.string(), color: z.string() });

/** The login response of SPEC §3, exactly. */
export const ZLoginResponse = z.object({
  token: z.string(),
  username: z.string(),
  profile: z.enum(PROFILES),
  userId: z.number(),
  tenantId: z.number(),
  queues: z.array(ZQueueRef),
  email: z.string(),
  configs: ZUserConfigs,
});
export type LoginResponse = z.infer<typeof ZLoginResponse>;

export const ZRefreshResponse = z.object({ token: z.string() });

export const ZForgotPassword = z.object({ email: ZEmail, language: ZClientLanguage });
export const ZResetPassword = z
  .object({
    email: ZEmail,
    code: z.string({ error: V.required }).trim().regex(/^\d{6}$/, V.invalidValue),
    password: ZNewPassword,
    confirmPassword: z.string({ error: V.required }).min(1, V.required),
  })
  .refine((d) => d.password === d.confirmPassword, { message: V.passwordMismatch, path: ['confirmPassword'] });
export type ResetPassword = z.infer<typeof ZResetPassword>;

/** Trial sign-up (SPEC §2 /signup). */
export const ZSignup = z
  .object({
    name: ZRequiredText(120),
    whatsapp: ZPhone,
    responsible: ZRequiredText(120),
    email: ZEmail,
    password: ZNewPassword,
    confirmPassword: z.string({ error: V.required }).min(1, V.required),
    planId: ZRequiredId,
    /** A reseller's setup token (SPEC §6): required when the operator says so, checked when given. */
    setupToken: z.string().trim().max(200, V.max).default(''),
  })
  .refine((d) => d.password === d.confirmPassword, { message: V.passwordMismatch, path: ['confirmPassword'] });
export type Signup = z.infer<typeof ZSignup>;
export const ZSignupResponse = z.object({ tenantId: z.number() });
