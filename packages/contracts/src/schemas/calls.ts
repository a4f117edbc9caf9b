import { z } from 'zod';
import { V, ZId, ZRequiredText } from './common.js';
import { CALL_DIRECTIONS } from './ticket-reports-lists.js';

/**
 * Voice calls (issue 17, SPEC §3 Call log / Call info, §4 Call): the company's call lines (a
 * calling provider's device tokens), the lines a user may call from, the intents the browser
 * declares, and the call info the server writes from the provider's webhook.
 */

/** A call line as the admin registers it: the provider's device token and the messaging channel it belongs to. */
export const ZCallLineInput = z.object({
  name: ZRequiredText(120),
  token: ZRequiredText(200),
  channelId: ZId.nullable().default(null),
  active: z.boolean().default(true),
});
export type CallLineInput = z.infer<typeof ZCallLineInput>;

export const ZCallLine = z.object({
  id: z.number(),
  name: z.string(),
  token: z.string(),
  channelId: z.number().nullable(),
  channelName: z.string().nullable(),
  active: z.boolean(),
  /** To paste in the provider's panel as the device's webhook URL (it carries the line's secret). */
  webhookUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CallLine = z.infer<typeof ZCallLine>;
export const ZCallLineList = z.object({ lines: z.array(ZCallLine) });

/** GET /user/channelwavoip: the lines the signed-in user may call from, the channel's first. */
export const ZUserCallLinesQuery = z.object({ channelId: ZId.optional() });
export const ZUserCallLine = z.object({
  id: z.number(),
  name: z.string(),
  token: z.string(),
  channelId: z.number().nullable(),
});
export type UserCallLine = z.infer<typeof ZUserCallLine>;
export const ZUserCallLines = z.object({
  /** The provider's device socket address (the stand-in's in tests and the sandbox). */
  providerUrl: z.string(),
  lines: z.array(ZUserCallLine),
});
export type UserCallLines = z.infer<typeof ZUserCallLines>;

const ZPhone = z
  .string()
  .trim()
  .min(1, V.required)
  .max(40, V.max)
  .regex(/^\+?[0-9 ()-]+$/, V.phone);

/**
 * The user places (out) or has accepted (in) a call on a line with a contact. A caller no contact
 * has yet (the lookup found nobody) is named by `phone` instead: its contact is created, as an
 * inbound message would.
 */
export const ZCallIntentInput = z
  .object({
    lineId: ZId,
    contactId: ZId.optional(),
    phone: ZPhone.optional(),
    ticketId: ZId.nullable().optional(),
    direction: z.enum(CALL_DIRECTIONS, { error: V.invalidValue }),
  })
  .refine((v) => v.contactId !== undefined || v.phone !== undefined, { message: V.required, path: ['contactId'] });
export type CallIntentInput = z.infer<typeof ZCallIntentInput>;
export const ZCallIntentCreated = z.object({ id: z.number() });

export const ZCallLookupQuery = z.object({ phone: ZPhone });
export const ZCallLookup = z.object({
  contact: z.object({ id: z.number(), name: z.string(), profilePicUrl: z.string() }).nullable(),
  ticketId: z.number().nullable(),
});
export type CallLookup = z.infer<typeof ZCallLookup>;

/** SPEC §3 Call info, as the ticket view lists it. */
export const ZCallInfo = z.object({
  id: z.number(),
  contactId: z.number(),
  contact_name: z.string(),
  ticketId: z.number().nullable(),
  /** Seconds. */
  duration: z.number(),
  /** The provider's call type (HUMANIZED, ROBOTIC), or null. */
  tag: z.string().nullable(),
  phone: z.string(),
  picture_profile: z.string(),
  /** The provider's id of the call. */
  call_id: z.string().nullable(),
  status: z.string(),
  direction: z.enum(CALL_DIRECTIONS),
  /** The call line's name. */
  whatsapp_instance: z.string().nullable(),
  active_start_date: z.string(),
  /** The channel's name. */
  inbox_name: z.string().nullable(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  recordingAvailable: z.boolean(),
});
export type CallInfo = z.infer<typeof ZCallInfo>;
export const ZTicketCalls = z.object({ calls: z.array(ZCallInfo) });
