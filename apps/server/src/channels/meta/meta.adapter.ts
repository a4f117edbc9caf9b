/**
 * The Facebook Messenger (type `messenger`) and Instagram (type `instagram`) channels, through the
 * Graph API with a page access token. Webhooks come in through meta.routes.ts (verified, stored,
 * enqueued); `parse` turns a stored payload into events; `send` posts to the Send API or answers
 * a comment. Provider rules live here: the 24-hour standard messaging window of both, and
 * Instagram's 8 MB per file (SPEC §9).
 */
import { and, inArray, ne, sql } from 'drizzle-orm';
import { channels } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Platform } from '../../platform/platform.js';
import { registerChannelAdapter } from '../../modules/channels/channel-registry.js';
import { GraphError, graphJson } from '../shared/graph-api.js';
import type { ChannelAdapter, ChannelRow, SessionContext } from '../../modules/channels/channel-adapter.js';
import { metaConfigOf, type MetaChannelType } from './meta.config.js';
import { parseMeta } from './meta.inbound.js';
import { MAX_FILE_BYTES, sendMeta } from './meta.send.js';
import { INSTAGRAM_REACTIONS, reactMeta } from './meta.actions.js';

/** What the page sends to the app's webhook (DMs, their receipts, echoes, reactions and edits, comments). */
export const SUBSCRIBED_FIELDS = [
  'messages',
  'messaging_postbacks',
  'message_deliveries',
  'message_reads',
  'message_echoes',
  'message_reactions',
  'message_edits',
  'feed',
];

/** Checks the page token, subscribes the app to the page and reports the page (or @account). */
async function connectMeta(ctx: SessionContext): Promise<void> {
  const { platform, channel } = ctx;
  const config = metaConfigOf(channel);
  if (!config || !channel.token) {
    await ctx.report({ status: 'DISCONNECTED' });
    throw new AppError('ERR_CHANNEL_TOKEN_INVALID');
  }
  try {
    const page = await graphJson<{ id?: string; name?: string }>(platform, channel, 'GET', `/${config.pageId}?fields=id,name`);
    let number = page.name ?? config.pageName ?? config.pageId;
    if (config.type === 'instagram') {
      const ig = await graphJson<{ id?: string; username?: string }>(platform, channel, 'GET', `/${config.igUserId}?fields=id,username`);
      number = `@${ig.username ?? config.igUsername ?? config.igUserId}`;
    }
    await graphJson(platform, channel, 'POST', `/${config.pageId}/subscribed_apps?subscribed_fields=${SUBSCRIBED_FIELDS.join(',')}`);
    await ctx.report({ status: 'CONNECTED', number, retries: 0 });
  } catch (err) {
    await ctx.report({ status: 'DISCONNECTED' });
    if (err instanceof GraphError && err.httpStatus >= 400 && err.httpStatus < 500 && err.httpStatus !== 429)
      throw new AppError('ERR_CHANNEL_TOKEN_INVALID');
    throw err;
  }
}

/**
 * Unsubscribes the app from the page, unless another connected Messenger or Instagram channel of
 * the company uses the same page (both ride on one page subscription).
 */
async function disconnectMeta(platform: Platform, channel: ChannelRow): Promise<void> {
  const config = metaConfigOf(channel);
  if (!config || !channel.token) return;
  const sharing = await withTenant(platform.db, channel.tenantId, (s) =>
    s.first(
      channels,
      and(
        ne(channels.id, channel.id),
        inArray(channels.type, ['messenger', 'instagram']),
        ne(channels.status, 'DISCONNECTED'),
        sql`${channels.config}->>'pageId' = ${config.pageId}`,
      ),
    ),
  );
  if (sharing) return;
  try {
    await graphJson(platform, channel, 'DELETE', `/${config.pageId}/subscribed_apps`);
  } catch (err) {
    // The channel is disconnected in Prosa either way; a revoked token cannot unsubscribe anything.
    platform.log.warn({ err, channelId: channel.id }, 'meta: unsubscribing the page failed');
  }
}

function metaAdapter(type: MetaChannelType): ChannelAdapter {
  return {
    type,
    // Reactions only (Instagram: its heart); the Send API neither edits nor deletes a sent message.
    capabilities: {
      media: true,
      reactions: true,
      ...(type === 'instagram' ? { reactionEmojis: INSTAGRAM_REACTIONS } : {}),
      edit: false,
      delete: false,
      maxFileBytes: MAX_FILE_BYTES[type],
      windowHours: 24,
    },
    send: sendMeta,
    react: reactMeta,
    parse: parseMeta,
    connect: connectMeta,
    disconnect: disconnectMeta,
  };
}

export const messengerAdapter = metaAdapter('messenger');
export const instagramAdapter = metaAdapter('instagram');

registerChannelAdapter(messengerAdapter);
registerChannelAdapter(instagramAdapter);
