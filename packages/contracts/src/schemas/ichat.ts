/** Teams (SPEC §3 Team) and the internal chat (/chat-interno): requests and answers. */
import { z } from 'zod';
import { V, ZId, ZRequiredText } from './common.js';

const ZIds = z.array(ZId).max(500, V.max).default([]);

export const ZTeamInput = z.object({
  name: ZRequiredText(60),
  active: z.boolean().default(true),
  userIds: ZIds,
});
export type TeamInput = z.infer<typeof ZTeamInput>;
export const ZTeam = z.object({
  id: z.number(),
  name: z.string(),
  active: z.boolean(),
  userIds: z.array(z.number()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Team = z.infer<typeof ZTeam>;
/** PUT /users/{id}/teams: the teams one user belongs to (the users screen edits them). */
export const ZUserTeamsInput = z.object({ teamIds: ZIds });
export type UserTeamsInput = z.infer<typeof ZUserTeamsInput>;

export const PRESENCES = ['online', 'idle', 'offline'] as const;
export type Presence = (typeof PRESENCES)[number];

/** GET /users/chat-interno/: colleagues one may talk to, filtered by name and team. */
export const ZChatPeopleQuery = z.object({
  searchParam: z.string().max(200).default(''),
  teamId: ZId.optional(),
});
export const ZChatPerson = z.object({
  id: z.number(),
  name: z.string(),
  presence: z.enum(PRESENCES),
  unread: z.number(),
  /** Its teams (names too: agents filter by team but may not read the teams screen). */
  teams: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type ChatPerson = z.infer<typeof ZChatPerson>;

export const ZChatGroupInput = z.object({
  name: ZRequiredText(60),
  userIds: ZIds,
  /** Start the group from a team: its members join (SPEC §3 Team used as a chat group). */
  teamId: ZId.optional(),
});
export type ChatGroupInput = z.infer<typeof ZChatGroupInput>;
export const ZChatGroupUpdate = z.object({ name: ZRequiredText(60) });
export const ZChatGroup = z.object({
  id: z.number(),
  name: z.string(),
  ownerId: z.number().nullable(),
  teamId: z.number().nullable(),
  userIds: z.array(z.number()),
  unread: z.number(),
  /** The viewer may rename, delete and change members (owner or admin). */
  canManage: z.boolean(),
});
export type ChatGroup = z.infer<typeof ZChatGroup>;
export const ZChatGroupMember = z.object({ groupId: ZId, userId: ZId });

export const ZChatTargetQuery = z.object({
  isGroup: z
    .enum(['true', 'false'], { error: V.invalidValue })
    .default('false')
    .transform((v) => v === 'true'),
  /** Messages older than this id (the next page back); omitted for the newest page. */
  before: ZId.optional(),
});
export const ZInternalMessageInput = z.object({ body: z.string().max(10_000, V.max).default('') });
export const ZInternalMessage = z.object({
  id: z.number(),
  senderId: z.number(),
  senderName: z.string(),
  recipientId: z.number().nullable(),
  groupId: z.number().nullable(),
  body: z.string(),
  mediaType: z.string(),
  mediaName: z.string().nullable(),
  /** Same-origin path served only to the conversation's participants. */
  mediaUrl: z.string().nullable(),
  mimeType: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type InternalMessage = z.infer<typeof ZInternalMessage>;
export const ZInternalMessagesPage = z.object({ messages: z.array(ZInternalMessage), hasMore: z.boolean() });
export const ZInternalUnread = z.object({ count: z.number() });
export const INTERNAL_PAGE_SIZE = 30;
