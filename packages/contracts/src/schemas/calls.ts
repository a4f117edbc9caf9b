import { z } from 'zod';
import { V, ZId, ZRequiredText } from './common.js';
import { CALL_DIRECTIONS, CALL_STATUSES } from './ticket-reports-lists.js';

/**
 * Voice calls (issue 17, SPEC §3 Call log / Call info, §4 Call, §7 the second socket). The shapes
 * the server's routes answer and the web app reads; see /work/calls-contract.md.
 */

/** A provider line (a Wavoip device token) as the admin registers it. */
export const ZCallLineInput = z.object({
  name: ZRequiredText(100),
  /** The device token from Wavoip's panel: letters, digits, dashes (it is a URL path segment). */
  token: ZRequiredText(200).regex(/^[A-Za-z0-9_-]+$/, V.invalidValue),
  /** The messaging channel the line belongs to (the ticket's channel picks its lines first). */
  channelId: z.preprocess((v) => (v === '' ? null : v), ZId.nullable()),
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
  /** To paste in Wavoip's panel: carries the line's unguessable secret. */
  webhookUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CallLine = z.infer<typeof ZCallLine>;
export const ZCallLineList = z.object({ lines: z.array(ZCallLine) });
export type CallLineList = z.infer<typeof ZCallLineList>;

/** The user form's call fields (spread into the user schemas). */
export const ZUserCallFields = {
  callLineIds: z.array(z.number().int().positive()).max(500),
  callsBlocked: z.boolean(),
};

/** GET /user/channelwavoip/?channelId=: the lines the current user may call from, in fallback order. */
export const ZMyCallLinesQuery = z.object({ channelId: ZId.optional() });
export const ZMyCallLine = z.object({ id: z.number(), name: z.string(), token: z.string(), channelId: z.number().nullable() });
export type MyCallLine = z.infer<typeof ZMyCallLine>;
export const ZMyCallLines = z.object({ providerUrl: z.string(), lines: z.array(ZMyCallLine) });
export type MyCallLines = z.infer<typeof ZMyCallLines>;

/** POST /calls/intents: the user places (out) or accepted (in) a call on a line with a contact. */
export const ZCallIntentInput = z.object({
  lineId: ZId,
  contactId: ZId,
  ticketId: ZId.nullable().optional(),
  direction: z.enum(CALL_DIRECTIONS),
});
export type CallIntentInput = z.infer<typeof ZCallIntentInput>;
export const ZCallIntent = z.object({ id: z.number() });

/** GET /calls/lookup?phone=: who is calling. */
export const ZCallLookupQuery = z.object({ phone: z.string().trim().min(1).max(40) });
export const ZCallLookup = z.object({
  contact: z.object({ id: z.number(), name: z.string(), profilePicUrl: z.string().nullable() }).nullable(),
  ticketId: z.number().nullable(),
});
export type CallLookup = z.infer<typeof ZCallLookup>;

/** SPEC §3 Call info, as the ticket's calls list and the `call:log` socket event carry it. */
export const ZCallInfo = z.object({
  id: z.number(),
  contactId: z.number().nullable(),
  contact_name: z.string().nullable(),
  ticketId: z.number().nullable(),
  /** Seconds. */
  duration: z.number(),
  /** The provider's call type (HUMANIZED, ROBOTIC). */
  tag: z.string().nullable(),
  phone: z.string(),
  picture_profile: z.string().nullable(),
  /** The provider's WhatsApp call id. */
  call_id: z.union([z.number(), z.string()]).nullable(),
  status: z.enum(CALL_STATUSES),
  direction: z.enum(CALL_DIRECTIONS),
  /** The line's name. */
  whatsapp_instance: z.string().nullable(),
  active_start_date: z.string().nullable(),
  /** The channel's name. */
  inbox_name: z.string().nullable(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  recordingAvailable: z.boolean(),
});
export type CallInfo = z.infer<typeof ZCallInfo>;
export const ZTicketCalls = z.object({ calls: z.array(ZCallInfo) });
export type TicketCalls = z.infer<typeof ZTicketCalls>;
