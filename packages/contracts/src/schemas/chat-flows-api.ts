/**
 * The requests and answers of the chatbot-flow routes (modules/chat-flows): the list, the
 * transfer options every profile may read, the export file and the keyword routes. The flow graph
 * and the flow DTO themselves are in chat-flows.ts.
 */
import { z } from 'zod';
import { ZChatFlow, ZChatFlowKeywordInput, ZFlowLine } from './chat-flows.js';
import { V, ZId } from './common.js';

/** `GET /chat-flow`: search by name, a page at a time like the other lists. */
export const ZChatFlowListQuery = z.object({
  searchParam: z.string().trim().max(100, V.max).default(''),
  pageNumber: z.coerce.number().int(V.integer).min(1, V.invalidValue).max(100_000, V.max).default(1),
  pageSize: z.coerce.number().int(V.integer).min(1, V.invalidValue).max(200, V.max).default(40),
});
export type ChatFlowListQuery = z.input<typeof ZChatFlowListQuery>;

/** A flow in the list: everything but the graph, and how many steps it has. */
export const ZChatFlowSummary = ZChatFlow.omit({ flow: true }).extend({ stepCount: z.number() });
export type ChatFlowSummary = z.infer<typeof ZChatFlowSummary>;
export const ZChatFlowList = z.object({
  chatFlows: z.array(ZChatFlowSummary),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ChatFlowList = z.infer<typeof ZChatFlowList>;

/**
 * `GET /chat-flow/transfer`: the flows an agent may send a ticket to ("send to bot" on
 * /atendimento): active and available for transfer, id and name only, for every profile.
 */
export const ZChatFlowTransferOption = z.object({ id: z.number(), name: z.string() });
export type ChatFlowTransferOption = z.infer<typeof ZChatFlowTransferOption>;

/**
 * `GET /chat-flow/{id}/export`: the file the older products exchange (DOMAIN.md): positions
 * written as "340px", nodes as they are stored. `POST /chat-flow/import` reads it back.
 */
export const ZChatFlowExport = z.object({
  name: z.string(),
  description: z.string(),
  nodeList: z.array(z.record(z.string(), z.unknown())),
  lineList: z.array(ZFlowLine),
});
export type ChatFlowExport = z.infer<typeof ZChatFlowExport>;

/** `GET /chat-flow-keywords`: every mapping, or those of one flow or one channel. */
export const ZChatFlowKeywordQuery = z.object({ chatFlowId: ZId.optional(), channelId: ZId.optional() });
/** `PUT /chat-flow-keywords/{id}`: the whole mapping, as the form sends it. */
export const ZUpdateChatFlowKeyword = ZChatFlowKeywordInput;
export type ChatFlowKeywordInput = z.input<typeof ZChatFlowKeywordInput>;

/** `chatFlow` socket event (admins): a flow was created, changed or deleted; the list refreshes. */
export const ZChatFlowEvent = z.object({
  action: z.enum(['create', 'update', 'delete']),
  chatFlow: ZChatFlowSummary,
});
export type ChatFlowEvent = z.infer<typeof ZChatFlowEvent>;
