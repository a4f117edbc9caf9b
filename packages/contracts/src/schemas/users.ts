import { z } from 'zod';
import { PROFILES } from '../enums.js';
import { V, ZEmail, ZId, ZNewPassword, ZRequiredText } from './common.js';
import { ZQueueRef, ZUserConfigs } from './auth.js';

const ZUserFields = {
  name: ZRequiredText(120),
  email: ZEmail,
  profile: z.enum(PROFILES, { error: V.required }),
  queues: z.array(z.number().int().positive()).max(500).default([]),
  /** The channels the user is limited to (SPEC §3 User "channels"); empty = every channel. */
  channelIds: z.array(z.number().int().positive()).max(500).default([]),
  ignoreWallet: z.boolean().default(false),
  blockMultipleLogins: z.boolean().default(false),
  /** The call lines the user may call from (issue 17). */
  callLineIds: z.array(z.number().int().positive()).max(500).default([]),
  /** SPEC §6: calls can be blocked per user. */
  callsBlocked: z.boolean().default(false),
};

export const ZCreateUser = z.object({ ...ZUserFields, password: ZNewPassword });
export type CreateUser = z.infer<typeof ZCreateUser>;

export const ZUpdateUser = z.object({
  name: ZUserFields.name.optional(),
  email: ZUserFields.email.optional(),
  profile: ZUserFields.profile.optional(),
  queues: z.array(z.number().int().positive()).max(500).optional(),
  channelIds: z.array(z.number().int().positive()).max(500).optional(),
  ignoreWallet: z.boolean().optional(),
  blockMultipleLogins: z.boolean().optional(),
  callLineIds: z.array(z.number().int().positive()).max(500).optional(),
  callsBlocked: z.boolean().optional(),
  password: z.union([ZNewPassword, z.literal('')]).optional(),
});
export type UpdateUser = z.infer<typeof ZUpdateUser>;

/**
 * A partial update of the configs: a key left out stays as saved. Not `ZUserConfigs.partial()`,
 * whose defaults would fill every missing key and so wipe what the user saved before
 * (`{ isDark: true }` would reset filtrosAtendimento).
 */
export const ZUpdateUserConfigs = z.object({
  isDark: z.boolean().optional(),
  filtrosAtendimento: ZUserConfigs.shape.filtrosAtendimento.unwrap().optional(),
  language: ZUserConfigs.shape.language,
});
export type UpdateUserConfigs = z.infer<typeof ZUpdateUserConfigs>;

export const ZUser = z.object({
  id: z.number(),
  tenantId: z.number(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(PROFILES),
  queues: z.array(ZQueueRef),
  /** The channels the user is limited to; empty = every channel. */
  channelIds: z.array(z.number()),
  ignoreWallet: z.boolean(),
  blockMultipleLogins: z.boolean(),
  /** The call lines the user may call from. */
  callLineIds: z.array(z.number()),
  callsBlocked: z.boolean(),
  isOnline: z.boolean(),
  lastLoginAt: z.string().nullable(),
  configs: ZUserConfigs,
  createdAt: z.string(),
  /** What the current user may do with this user; screens do not re-derive it. */
  can: z.object({ edit: z.boolean(), delete: z.boolean(), changeProfile: z.boolean() }),
});
export type User = z.infer<typeof ZUser>;

export const ZUserListQuery = z.object({
  searchParam: z.string().max(200).default(''),
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(40),
  /** Only the members of this team (teams filter the users list). */
  teamId: ZId.optional(),
});
/**
 * What an agent sees of its colleagues in the list (issue 9, L9): who they are, whether they are
 * online and their queues (to pick a transfer target); not their email, logins or settings.
 */
export const ZUserDirectoryEntry = ZUser.pick({ id: true, tenantId: true, name: true, queues: true, isOnline: true });
export type UserDirectoryEntry = z.infer<typeof ZUserDirectoryEntry>;
/** Admins and supervisors get full users; agents directory entries. */
export const ZUserList = z.object({
  users: z.array(z.union([ZUser, ZUserDirectoryEntry])),
  count: z.number(),
  hasMore: z.boolean(),
});
