/**
 * The raw updates a WhatsApp Web session stores (ctx.receive -> inbound_events) before anything
 * is parsed: Baileys' own objects, as JSON (whatsapp.json.ts). Storing first means a crash between
 * the socket and the database of tickets loses nothing; parse runs later in the inbound job.
 */
import type {
  LIDMapping,
  MessageUpsertType,
  MessageUserReceiptUpdate,
  WACallEvent,
  WAMessage,
  WAMessageKey,
  WAMessageUpdate,
  proto,
} from 'baileys';

export type WhatsappPayload =
  /** messages.upsert (notify: arrived live; append: sent from the phone, or caught up offline) */
  | { kind: 'upsert'; type: MessageUpsertType; messages: WAMessage[] }
  /** messaging-history.set, filtered to the channel's import period */
  | { kind: 'history'; messages: WAMessage[] }
  /** messages.update with a status (server ack, delivered, read, played, error) */
  | { kind: 'status'; updates: WAMessageUpdate[] }
  /** message-receipt.update (per participant, in groups) */
  | { kind: 'receipt'; receipts: MessageUserReceiptUpdate[] }
  /** lid-mapping.update, or the mappings of a history set */
  | { kind: 'lid-mapping'; mappings: LIDMapping[] }
  /** messages.reaction: someone's reaction now (text '' when taken back) to the message of `key` */
  | { kind: 'reaction'; reactions: { key: WAMessageKey; reaction: proto.IReaction }[] }
  /** messages.update of a deletion for everyone (stub REVOKE) or an edit (editedMessage) */
  | { kind: 'change'; updates: WAMessageUpdate[] }
  /** call offers the session rejected (rejectCalls): answered with callRejectMessage in the caller's ticket */
  | { kind: 'call'; calls: WACallEvent[] };

export function isWhatsappPayload(p: unknown): p is WhatsappPayload {
  const kind = (p as { kind?: unknown } | null)?.kind;
  return (
    typeof kind === 'string' &&
    ['upsert', 'history', 'status', 'receipt', 'lid-mapping', 'reaction', 'change', 'call'].includes(kind)
  );
}

/** WAMessageStubType.REVOKE: Baileys' messages.update for a message deleted for everyone. */
export const STUB_REVOKE = 1;
export const isRevoke = (u: WAMessageUpdate) => u.update?.messageStubType === STUB_REVOKE;
/** The new content of an edited message (Baileys' messages.update of a MESSAGE_EDIT). */
export const editedOf = (u: WAMessageUpdate): proto.IMessage | null | undefined =>
  u.update?.message?.editedMessage?.message ?? u.update?.message?.protocolMessage?.editedMessage;
