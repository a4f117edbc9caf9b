import { z } from 'zod';
import { ZColor, ZId, ZRequiredText } from './common.js';

export const ZQueueInput = z.object({
  name: ZRequiredText(60),
  color: ZColor,
  active: z.boolean().default(true),
  /** The queue integration tickets entering this queue are handed to (null: none). */
  integrationId: z.preprocess((v) => (v === '' ? null : v), ZId.nullish()).transform((v) => v ?? null),
});
export type QueueInput = z.infer<typeof ZQueueInput>;
export const ZQueue = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  active: z.boolean(),
  integrationId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Queue = z.infer<typeof ZQueue>;

export const ZTagInput = z.object({
  name: ZRequiredText(60),
  color: ZColor,
  active: z.boolean().default(true),
});
export type TagInput = z.infer<typeof ZTagInput>;
export const ZTag = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tag = z.infer<typeof ZTag>;
