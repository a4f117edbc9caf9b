import { z } from 'zod';
import { V, ZId } from './common.js';

/** A WhatsApp Cloud API message template, as synchronised from the channel's business account. */
export const ZWabaTemplate = z.object({
  id: z.number(),
  channelId: z.number(),
  externalId: z.string(),
  name: z.string(),
  language: z.string(),
  /** APPROVED, PENDING, REJECTED, PAUSED, DISABLED (Meta's values). */
  status: z.string(),
  category: z.string(),
  /** Meta's components (HEADER, BODY, FOOTER, BUTTONS) as listed by the Graph API. */
  components: z.array(z.record(z.string(), z.unknown())),
  /** How many parameters a send must give (header text, body and URL button variables). */
  parameterCount: z.number(),
  /** Header, body and footer with their {{variables}}, for a preview. */
  text: z.string(),
  /** Whether Prosa can send it from the chat (templates with a media header need a campaign). */
  sendable: z.boolean(),
  updatedAt: z.string(),
});
export type WabaTemplate = z.infer<typeof ZWabaTemplate>;

/** `?all` (any value but false/0) lists every status; by default only approved templates. */
export const ZWabaTemplatesQuery = z.object({
  all: z
    .string()
    .optional()
    .transform((v) => v !== undefined && v !== 'false' && v !== '0'),
});

export const ZWabaTemplateSync = z.object({ synced: z.number(), removed: z.number() });

/** WhatsApp refuses template parameters with line breaks or tabs (error 132018). */
export const ZTemplateParameter = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .max(1024, V.max)
  .regex(/^[^\n\r\t]*$/, V.invalidValue);

export const ZSendTemplate = z.object({
  templateId: ZId,
  parameters: z.array(ZTemplateParameter).max(30, V.max).default([]),
  /** Idempotency key, as for POST /messages/{ticketId}. */
  clientId: z.string().min(8).max(64).optional(),
});
export type SendTemplate = z.infer<typeof ZSendTemplate>;
