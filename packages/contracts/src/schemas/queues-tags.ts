import { z } from 'zod';
import { ZColor, ZRequiredText } from './common.js';

export const ZQueueInput = z.object({
  name: ZRequiredText(60),
  color: ZColor,
  active: z.boolean().default(true),
});
export type QueueInput = z.infer<typeof ZQueueInput>;
export const ZQueue = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  active: z.boolean(),
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
export const ZTag = ZQueue;
export type Tag = z.infer<typeof ZTag>;
