/** CRM lanes (SPEC §2 /kanban, §3 Contact, §6): the board's lanes, its cards and moving a card. */
import { z } from 'zod';
import { V, vMin, vMinLength, ZColor, ZId, ZRequiredText } from './common.js';

/** An optional id from a select: '' and null mean none. */
const ZOptionalId = z.preprocess((v) => (v === '' ? null : v), ZId.nullish()).transform((v) => v ?? null);

export const ZLaneInput = z.object({
  name: ZRequiredText(60),
  color: ZColor,
  /** A chatbot flow that runs first on a new ticket of a contact in this lane (null: none). */
  flowId: ZOptionalId,
});
export type LaneInput = z.input<typeof ZLaneInput>;
export type LaneInputParsed = z.output<typeof ZLaneInput>;

export const ZLane = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  position: z.number(),
  /** null: a company lane; set: that user's own lane (setting separateLanesPerUser). */
  userId: z.number().nullable(),
  flowId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lane = z.infer<typeof ZLane>;

/** GET /kanban: the lanes the user sees, in order, and whether it may create, change or reorder them. */
export const ZLaneBoard = z.object({
  lanes: z.array(ZLane),
  separatePerUser: z.boolean(),
  can: z.object({ manage: z.boolean() }),
});
export type LaneBoard = z.infer<typeof ZLaneBoard>;

/** PUT /kanban/order: every lane the user manages, in the new order. */
export const ZLaneOrder = z.object({ ids: z.array(ZId).min(1, V.required).max(200, V.max) });
export type LaneOrder = z.infer<typeof ZLaneOrder>;

/** POST /kanban/list/: a page of contacts per lane (or of one lane), with a name or number search. */
export const ZKanbanListQuery = z.object({
  searchParam: z
    .string()
    .trim()
    .max(100, V.max)
    .refine((s) => s.length === 0 || s.length >= 2, vMinLength(2))
    .default(''),
  /** Only this lane (the lane's "load more"); absent: every lane the user sees. */
  laneId: ZId.optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type KanbanListQuery = z.input<typeof ZKanbanListQuery>;

export const ZKanbanCard = z.object({
  /** The contact's id. */
  id: z.number(),
  name: z.string(),
  /** Masked (last 4 digits) for profiles that may not see phone numbers, as in the contacts API. */
  number: z.string(),
  profilePicUrl: z.string(),
  laneId: z.number().nullable(),
  dealValue: z.number().nullable(),
  description: z.string(),
  /** The contact's latest ticket, to open it from the card (null: none yet). */
  lastTicketId: z.number().nullable(),
  updatedAt: z.string(),
});
export type KanbanCard = z.infer<typeof ZKanbanCard>;

export const ZKanbanLaneTotals = z.object({
  id: z.number(),
  /** Contacts in the lane that match the search. */
  count: z.number(),
  /** The sum of their deal values. */
  dealValue: z.number(),
  contacts: z.array(ZKanbanCard),
  hasMore: z.boolean(),
});
export const ZKanbanList = z.object({ lanes: z.array(ZKanbanLaneTotals) });
export type KanbanList = z.infer<typeof ZKanbanList>;

/**
 * PUT /kanban/contact/{contactId}: put a contact on a lane (null: off the board) with its deal
 * value and description; a field left out stays as saved.
 */
export const ZKanbanMove = z.object({
  laneId: ZOptionalId,
  dealValue: z.number({ error: V.number }).min(0, vMin(0)).max(1e12, V.max).nullable().optional(),
  description: z.string().max(4000, V.max).optional(),
});
export type KanbanMove = z.input<typeof ZKanbanMove>;

export const ZContactIdParams = z.object({ contactId: ZId });
