/**
 * One interface for every channel type (HOUSE.md, Channels). Adapters translate between a
 * provider's API and Prosa's inbound/outbound paths; provider rules (24-hour window, file size
 * limits) live in the adapter. The registry is `channel-registry.ts`.
 *
 * This is the desk's port for channels: the adapters in `src/channels/` implement it and register
 * themselves; the desk (modules/) never imports an adapter (eslint.config.js keeps it so).
 */
import type { OutboundInteractive } from '@prosa/contracts';
import type { channels } from '../../platform/db/schema.js';
import type { Platform } from '../../platform/platform.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';

export type ChannelRow = typeof channels.$inferSelect;

export type { OutboundInteractive };

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
      /** `comment`: a public comment on a post (Messenger page feed, Instagram media), not a DM. */
      mediaType?: 'chat' | 'image' | 'audio' | 'video' | 'document' | 'sticker' | 'location' | 'comment';
      /** Media already fetched from the provider (bytes), or to be fetched later. */
      media?: { data: Buffer; mimeType: string; fileName?: string };
      quotedExternalId?: string;
      /** The id of the reply button or list row the customer chose (interactive replies). */
      replyId?: string;
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
    }
  /**
   * A change to a message Prosa already has, named by its provider id (`targetExternalId`, unique
   * per channel like `externalId`). Applying one again changes nothing; an unknown target is skipped.
   */
  | {
      /** Someone's reaction now: `emoji` '' when they took it back. */
      kind: 'reaction';
      targetExternalId: string;
      emoji: string;
      /** Who reacted, by the provider's id (one reaction per person, in groups several people). */
      author?: string;
      /** Made from the company's own phone or account, not by the customer. */
      fromMe?: boolean;
    }
  | {
      /** The sender changed the text (or caption) of the message: its new text, formatted as stored. */
      kind: 'edit';
      targetExternalId: string;
      body: string;
    }
  | {
      /** The sender deleted the message for everyone; Prosa keeps its body for audit. */
      kind: 'delete';
      targetExternalId: string;
    }
  | {
      /**
       * The person blocked the company (Telegram: the bot was blocked) or stopped its marketing
       * messages (the Cloud API's user_preferences "stop"): campaigns skip them from now on, and
       * the campaign that last reached them counts it towards the SPEC §9 ban-risk notice.
       */
      kind: 'optout';
      from: { number?: string; providerId?: string };
      reason: 'blocked' | 'marketing-stop';
    };

export interface OutboundMessage {
  messageId: number;
  ticketId: number;
  body: string;
  /** `comment`: a public reply to the comment `quotedExternalId` names (Messenger, Instagram). */
  mediaType: string;
  media?: { path: string; mimeType: string; fileName: string };
  quotedExternalId?: string | null;
  /** Recipient identity as stored on the contact. */
  to: { number: string; providerId?: string | null };
  /** The ticket as read when the send was claimed, just before it (the web chat tells a closed one). */
  ticket?: { status: string; ratingUntil: Date | null };
  /** The signing agent's name, for channels that show it as a label (`capabilities.senderLabel`). */
  senderName?: string | null;
  /** Reply buttons (up to 3) or a list with sections, on channels that have them (WhatsApp Cloud API). */
  interactive?: OutboundInteractive;
  /** An approved WhatsApp template (allowed outside the 24-hour window); `body` is its rendered text. */
  template?: {
    name: string;
    language: string;
    components: Record<string, unknown>[];
    /**
     * A campaign's file as the media header (IMAGE, VIDEO or DOCUMENT): the adapter uploads
     * `media` and puts its id in the header. `key` names the stored file, so one upload serves
     * the campaign's next sends.
     */
    headerFile?: { format: string; key: string };
  };
}


/**
 * `reactions`, `edit` and `delete`: the adapter implements `react`, `edit` and `delete` (a test
 * keeps the flags and the methods together); the desk offers only what is true here.
 */
export interface ChannelCapabilities {
  media: boolean;
  reactions: boolean;
  /** The only reactions the provider takes (Telegram's fixed list, Instagram's heart); any when absent. */
  reactionEmojis?: readonly string[];
  edit: boolean;
  delete: boolean;
  /** Max bytes of one file, when the provider limits it (Instagram 8 MB). */
  maxFileBytes?: number;
  /** Hours after the customer's last message during which free-form sends are allowed. */
  windowHours?: number;
  /**
   * The channel shows the sender's name beside the message (web chat's widget): an agent's
   * signature goes as `senderName`, not as a `*Name*:` line in the text.
   */
  senderLabel?: boolean;
}

/** A message the provider already has, as a reaction, an edit or a deletion addresses it. */
export interface MessageActionTarget {
  /** Prosa's id of the message (the web chat widget knows messages by it). */
  messageId: number;
  ticketId: number;
  /** The provider's id of the message. */
  externalId: string;
  /** Whether the message is ours (WhatsApp addresses a message by its key, which says so). */
  fromMe: boolean;
  mediaType: string;
  hasMedia: boolean;
  /** The conversation, as for a send. */
  to: OutboundMessage['to'];
  /**
   * The same for every attempt of one request and different for the next request: providers that
   * take a client id for what they are sent (WhatsApp) use it, so a retry is not a second action.
   */
  requestKey: string;
}

/** A person the provider account knows (WhatsApp Web's address book), for POST /contacts/sync. */
export interface KnownContact {
  /** The provider's id of the person (a WhatsApp JID): what `fetchPictures` takes. */
  providerId: string;
  /** Phone digits, '' when only `lid` is known. */
  number: string;
  /** WhatsApp's LID JID, '' when unknown. */
  lid: string;
  /** The best name the provider has, '' when none. */
  name: string;
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

/** What a session reports while it connects: saved on the channel and sent to the tenant's admins. */
export interface SessionState {
  status: ChannelRow['status'];
  qrcode?: string;
  retries?: number;
  number?: string;
}

/** Hands parsed events of a channel to the shared inbound path (see modules/messages/inbound). */
export type InboundSink = (events: InboundEvent[]) => Promise<void>;

/**
 * A long-lived provider connection (Baileys socket, Telegram long polling). The session
 * supervisor starts one per connected channel on one app instance and stops it on disconnect.
 */
export interface ChannelSession {
  stop(opts?: { logout?: boolean }): Promise<void>;
}

export interface SessionContext {
  platform: Platform;
  channel: ChannelRow;
  /** Saves and publishes the session state (status, qrcode, retries). */
  report(state: SessionState): Promise<void>;
  /** Stores the raw update and ingests it through the shared inbound path (verify, store, enqueue). */
  receive(payload: unknown): Promise<void>;
}

/**
 * A provider's approved message template (the WhatsApp Cloud API's), as a campaign uses it: how
 * many parameters it takes (header text, body, URL buttons, in that order), its header's format
 * (TEXT, IMAGE, VIDEO, DOCUMENT, LOCATION; '' without a header), and the send request it makes.
 */
export interface ChannelTemplate {
  id: number;
  name: string;
  language: string;
  parameterCount: number;
  headerFormat: string;
  /** Null when the values do not match the variables; `headerLink` is a media header's URL. */
  render(values: string[], opts?: { headerLink?: string }): { text: string; components: Record<string, unknown>[] } | null;
}

/** Templates of a channel type that has them (the port campaigns use; see modules/campaigns). */
export interface ChannelTemplates {
  /** The channel's template of that id; only an approved one when `approved` (else any status). */
  find(scope: TenantScope, channelId: number, templateId: number, opts: { approved: boolean }): Promise<ChannelTemplate | undefined>;
}

export interface ChannelAdapter {
  readonly type: ChannelRow['type'];
  /** Message templates (WhatsApp Cloud API): campaigns send them through this port. */
  readonly templates?: ChannelTemplates;
  readonly capabilities: ChannelCapabilities;
  /**
   * Provider calls (send, message actions) go through the live session, which only the app
   * instance holding the channel's lease has (WhatsApp Web): jobs for them run on that instance
   * (modules/channels/session/session-jobs.ts).
   */
  readonly liveSessionOnly?: boolean;
  /** Sends one message; answers the provider's id of it. */
  send(platform: Platform, channel: ChannelRow, message: OutboundMessage): Promise<{ externalId: string }>;
  /**
   * Sets our reaction on a message to `emoji` ('' removes it). These three run from the
   * messages.apply-action job: throw ChannelSendError (retryable or not) like `send`, and treat
   * "already so" (the same reaction, text not modified, already deleted) as done.
   */
  react?(platform: Platform, channel: ChannelRow, target: MessageActionTarget, emoji: string): Promise<void>;
  /** Replaces the text (or caption) of one of our messages. */
  edit?(platform: Platform, channel: ChannelRow, target: MessageActionTarget, body: string): Promise<void>;
  /** Deletes one of our messages for everyone. */
  delete?(platform: Platform, channel: ChannelRow, target: MessageActionTarget): Promise<void>;
  /**
   * Turns one stored raw payload (a webhook body, a long-polling update) into events. May call
   * the provider (media downloads); must be safe to run again on the same payload.
   */
  parse?(platform: Platform, channel: ChannelRow, payload: unknown): Promise<InboundEvent[]>;
  /**
   * Connects the channel (checks the token, registers the webhook, opens a socket). Answers a
   * running session for providers that keep one, or nothing for webhook-only providers.
   */
  connect?(ctx: SessionContext): Promise<ChannelSession | void>;
  /** Ends the provider side (webhook removal, logout); the channel row is not touched. */
  disconnect?(platform: Platform, channel: ChannelRow): Promise<void>;
  /**
   * The people the account knows, one per person, no groups or broadcast lists (POST /contacts/sync).
   * Absent where the provider has no such list: the sync answers ERR_CHANNEL_NOT_SUPPORTED.
   */
  knownContacts?(platform: Platform, channel: ChannelRow): Promise<KnownContact[]>;
  /**
   * Asks the provider, in the background, for the profile pictures of these people (KnownContact
   * providerIds) and stores them on Prosa's contacts that have none.
   */
  fetchPictures?(platform: Platform, channel: ChannelRow, providerIds: string[]): Promise<void>;
  /**
   * Whether a phone number (digits) has an account on the provider: the id it is known by, or null
   * when it has none. Throws when the provider cannot be asked (not connected, an error). Absent
   * where the provider has no such check (the external API's check answers ERR_CHANNEL_NOT_SUPPORTED).
   */
  checkNumber?(platform: Platform, channel: ChannelRow, number: string): Promise<{ id: string } | null>;
}
