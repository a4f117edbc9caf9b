/** Requests and answers of the web chat widget's public API (`/webchat/:key/*`). */
import { V, ZEmail, ZId } from '@prosa/contracts';
import { z } from 'zod';

export const ZWebchatKeyParams = z.object({ key: z.string().min(1).max(128) });

export const ZWebchatSessionInput = z.object({
  visitorId: z.string().max(64).optional(),
  visitorToken: z.string().max(2048).optional(),
  name: z.string().trim().max(80, V.max).optional(),
  email: z.union([ZEmail, z.literal('')]).optional(),
});
export type WebchatSessionInput = z.infer<typeof ZWebchatSessionInput>;

export const ZWebchatSession = z.object({
  visitorId: z.string(),
  visitorToken: z.string(),
  channel: z.object({ name: z.string(), greeting: z.string() }),
});
export type WebchatSession = z.infer<typeof ZWebchatSession>;

export const ZWebchatMessageInput = z.object({
  text: z.string({ error: V.required }).trim().min(1, V.required).max(4096, V.max),
  /** The widget's idempotency key: a retried POST stores one message. */
  clientId: z.string({ error: V.required }).regex(/^[A-Za-z0-9_-]{8,64}$/, V.invalidValue),
});
export type WebchatMessageInput = z.infer<typeof ZWebchatMessageInput>;

/** A voice note's upload: the recording is the body, its idempotency key in the query. */
export const ZWebchatVoiceQuery = z.object({ clientId: ZWebchatMessageInput.shape.clientId });
export const ZWebchatMediaParams = ZWebchatKeyParams.extend({ id: ZId });

export const ZWebchatPosted = z.object({ id: z.number(), ticketId: z.number() });

export const ZWebchatMessage = z.object({
  id: z.number(),
  body: z.string(),
  fromMe: z.boolean(),
  createdAt: z.string(),
  status: z.string(),
  isEdited: z.boolean(),
  isDeleted: z.boolean(),
  /** The company's reaction to the message ('' when none). */
  reaction: z.string(),
  /** The signing agent's name on an agent's message ('' when unsigned). */
  senderName: z.string(),
  /** The last message of a closed conversation, and whether its 1-5 rating is awaited. */
  ended: z.boolean(),
  rating: z.boolean(),
  /** A file (a voice note...) the widget fetches from GET /webchat/:key/media/:id. */
  mediaType: z.string(),
  media: z.boolean(),
});
export const ZWebchatHistory = z.array(ZWebchatMessage);
