/**
 * The adapter side of parsing (may call Meta and read Prosa's rows): attachments are downloaded,
 * a new sender's name is asked once (GET /{psid|igsid}), and read/delivery watermarks become one
 * status per outbound message of that person up to the watermark. Safe to run again on the same
 * payload: every event is deduplicated or idempotent in the shared inbound path.
 */
import { and, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { contacts, messages, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import type { Platform } from '../../platform/platform.js';
import { externalKeyOf } from '../../modules/messages/inbound-contact-ticket.js';
import { graphJson } from '../shared/graph-api.js';
import type { ChannelRow, InboundEvent } from '../../modules/channels/channel-adapter.js';
import { accountOf, metaConfigOf, type MetaConfig } from './meta.config.js';
import { DownloadError, downloadAttachment, fileNameOf } from './meta.media.js';
import { parseMetaPayload, type MetaItem } from './meta.parse.js';

type MessageEvent = Extract<InboundEvent, { kind: 'message' }>;
type StatusEvent = Extract<InboundEvent, { kind: 'status' }>;

/** At most this many profile look-ups per payload: a burst of new senders must not stall the job. */
const MAX_PROFILE_LOOKUPS = 10;
/** At most this many messages are marked by one watermark (the newest ones). */
const MAX_WATERMARK_MESSAGES = 200;

interface Profile {
  name?: string;
  username?: string;
  profile_pic?: string;
}

/** Names of senders Prosa has no contact for yet; a failed look-up only leaves the name out. */
async function newSenderProfiles(
  platform: Platform,
  channel: ChannelRow,
  config: MetaConfig,
  items: MetaItem[],
): Promise<Map<string, Profile>> {
  const wanted = [
    ...new Set(
      items.flatMap((i) => (i.kind === 'message' && !i.event.from.name && i.event.from.providerId ? [i.event.from.providerId] : [])),
    ),
  ];
  const found = new Map<string, Profile>();
  if (wanted.length === 0) return found;
  const known = await withTenant(platform.db, channel.tenantId, (s) =>
    s.select(contacts, inArray(contacts.externalKey, wanted.map((id) => externalKeyOf(channel.id, id)))),
  );
  const knownIds = new Set(known.map((c) => c.externalKey?.slice(c.externalKey.indexOf(':') + 1)));
  const fields = config.type === 'instagram' ? 'name,username,profile_pic' : 'name,profile_pic';
  for (const id of wanted.filter((x) => !knownIds.has(x)).slice(0, MAX_PROFILE_LOOKUPS)) {
    try {
      found.set(id, await graphJson<Profile>(platform, channel, 'GET', `/${encodeURIComponent(id)}?fields=${fields}`));
    } catch (err) {
      platform.log.debug({ err, channelId: channel.id }, 'meta: sender profile not available');
    }
  }
  return found;
}

function withProfile(event: MessageEvent, profile: Profile | undefined): MessageEvent {
  if (!profile) return event;
  const name = profile.name || profile.username;
  return {
    ...event,
    from: {
      ...event.from,
      ...(name ? { name } : {}),
      ...(profile.profile_pic ? { profilePicUrl: profile.profile_pic } : {}),
    },
  };
}

/** The file of a message; a link that is gone or refused leaves a note instead of failing forever. */
async function withAttachment(
  platform: Platform,
  channel: ChannelRow,
  item: Extract<MetaItem, { kind: 'message' }>,
): Promise<MessageEvent> {
  const { event, attachment } = item;
  if (!attachment) return event;
  try {
    const { data, mimeType } = await downloadAttachment(platform, channel, attachment.url);
    const fallback = `${attachment.type}-${event.externalId.replace(/[^A-Za-z0-9_-]/g, '').slice(-24) || 'file'}`;
    return { ...event, media: { data, mimeType, fileName: fileNameOf(attachment.url, mimeType, fallback) } };
  } catch (err) {
    if (err instanceof DownloadError && err.permanent) {
      platform.log.warn({ reason: err.message, externalId: event.externalId }, 'meta: attachment not downloadable');
      const { mediaType: _dropped, ...rest } = event;
      return { ...rest, body: [event.body, `[${attachment.type}] ${attachment.url}`].filter(Boolean).join('\n') };
    }
    // A temporary failure throws: the inbound job retries the payload, dedupe keeps what was stored.
    throw new Error(`ERR_MEDIA_DOWNLOAD_FAILED: ${(err as Error).message}`.slice(0, 300));
  }
}

/** Our messages to this person, not yet at `status`, sent until a time or up to a message (newest first). */
async function outboundUpTo(
  platform: Platform,
  channel: ChannelRow,
  providerId: string,
  status: 'delivered' | 'read',
  bound: { until: Date } | { messageId: number },
): Promise<StatusEvent[]> {
  const before: ('sent' | 'delivered')[] = status === 'read' ? ['sent', 'delivered'] : ['sent'];
  const rows = await withTenant(platform.db, channel.tenantId, (s) =>
    s.query((db, owns) =>
      db
        .select({ externalId: messages.externalId })
        .from(messages)
        .innerJoin(tickets, owns(tickets, eq(tickets.id, messages.ticketId), eq(tickets.channelId, channel.id)))
        .innerJoin(contacts, owns(contacts, eq(contacts.id, tickets.contactId), eq(contacts.externalKey, externalKeyOf(channel.id, providerId))))
        .where(
          owns(
            messages,
            and(
              eq(messages.channelId, channel.id),
              eq(messages.fromMe, true),
              isNotNull(messages.externalId),
              inArray(messages.status, before),
              'until' in bound ? lte(messages.createdAt, bound.until) : lte(messages.id, bound.messageId),
            ),
          ),
        )
        .orderBy(desc(messages.id))
        .limit(MAX_WATERMARK_MESSAGES),
    ),
  );
  return rows.map((r) => ({ kind: 'status', externalId: r.externalId!, status }));
}

/** Instagram's "seen" names the last message read: it and everything before it are read. */
async function readUpTo(platform: Platform, channel: ChannelRow, providerId: string, mid: string): Promise<StatusEvent[]> {
  const row = await withTenant(platform.db, channel.tenantId, (s) =>
    s.first(messages, and(eq(messages.channelId, channel.id), eq(messages.externalId, mid))),
  );
  if (!row) return [{ kind: 'status', externalId: mid, status: 'read' }];
  return outboundUpTo(platform, channel, providerId, 'read', { messageId: row.id });
}

export async function parseMeta(platform: Platform, channel: ChannelRow, payload: unknown): Promise<InboundEvent[]> {
  const config = metaConfigOf(channel);
  if (!config) return [];
  const items = parseMetaPayload(payload, accountOf(config));
  const profiles = await newSenderProfiles(platform, channel, config, items);
  const events: InboundEvent[] = [];
  for (const item of items) {
    if (item.kind === 'message') {
      const event = await withAttachment(platform, channel, item);
      events.push(withProfile(event, profiles.get(event.from.providerId ?? '')));
    } else if (item.kind === 'status' || item.kind === 'change') events.push(item.event);
    else if (item.kind === 'watermark') events.push(...(await outboundUpTo(platform, channel, item.providerId, item.status, { until: item.until })));
    else events.push(...(await readUpTo(platform, channel, item.providerId, item.mid)));
  }
  return events;
}
