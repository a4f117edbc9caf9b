/**
 * One interface for every channel type (HOUSE.md, Channels). Adapters translate between a
 * provider's API and Prosa's inbound/outbound paths; provider rules (24-hour window, file size
 * limits) live in the adapter. The registry is `channels/registry.ts`.
 */
import type { channels } from '../platform/db/schema.js';
import type { Platform } from '../platform/platform.js';

export type ChannelRow = typeof channels.$inferSelect;

/** A customer-side message or status, already parsed from the provider's payload. */
export type InboundEvent =
  | {
      kind: 'message';
      /** The provider's id of this message: unique per channel (deduplication key). */
      externalId: string;
      from: {
        /** Digits only, country + area code + number, when the provider knows it. */
        number?: string;
        /** Provider-side identity when there is no phone (web chat visitor id, LID, page-scoped id). */
        providerId?: string;
        name?: string;
        email?: string;
        profilePicUrl?: string;
      };
      body: string;
      mediaType?: 'chat' | 'image' | 'audio' | 'video' | 'document' | 'sticker' | 'location';
      /** Media already fetched from the provider (bytes), or to be fetched later. */
      media?: { data: Buffer; mimeType: string; fileName?: string };
      quotedExternalId?: string;
      timestamp?: Date;
      isGroup?: boolean;
      /** A message the business sent from elsewhere (phone app): stored as fromMe. */
      fromMe?: boolean;
    }
  | {
      kind: 'status';
      externalId: string;
      status: 'sent' | 'delivered' | 'read' | 'played' | 'failed';
      error?: string;
    };

export interface OutboundMessage {
  messageId: number;
  ticketId: number;
  body: string;
  mediaType: string;
  media?: { path: string; mimeType: string; fileName: string };
  quotedExternalId?: string | null;
  /** Recipient identity as stored on the contact. */
  to: { number: string; providerId?: string | null };
}

export interface ChannelCapabilities {
  media: boolean;
  reactions: boolean;
  edit: boolean;
  delete: boolean;
  /** Max bytes of one file, when the provider limits it (Instagram 8 MB). */
  maxFileBytes?: number;
  /** Hours after the customer's last message during which free-form sends are allowed. */
  windowHours?: number;
}

/** Thrown by adapters; `retryable` failures are retried with backoff, others mark the message failed. */
export class ChannelSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface ChannelAdapter {
  readonly type: ChannelRow['type'];
  readonly capabilities: ChannelCapabilities;
  /** Sends one message; answers the provider's id of it. */
  send(platform: Platform, channel: ChannelRow, message: OutboundMessage): Promise<{ externalId: string }>;
}
