/**
 * Webhook payloads as Meta sends them: Messenger `object: "page"` and Instagram `object:
 * "instagram"`, with `entry[].messaging[]` for messages, echoes, deliveries and reads, and
 * `entry[].changes[]` for comments (field `feed` with item `comment`; field `comments`).
 */
import { graphWebhook } from '../../testing/graph-webhook.js';
import type { MetaObject } from './graph-state.js';

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function messagingPayload(object: MetaObject, entryId: string, messaging: Record<string, unknown>[]) {
  return graphWebhook(object, entryId, { messaging }, Date.now());
}

export function changesPayload(
  object: MetaObject,
  entryId: string,
  changes: { field: string; value: Record<string, unknown> }[],
) {
  return graphWebhook(object, entryId, { changes }, nowSeconds());
}

/** One message of a person (`message` holds mid and text / attachments / reply_to). */
export function messageEvent(from: string, to: string, message: Record<string, unknown>, echo = false) {
  return {
    sender: { id: echo ? to : from },
    recipient: { id: echo ? from : to },
    timestamp: Date.now(),
    message: echo ? { is_echo: true, ...message } : message,
  };
}

export const deliveryEvent = (psid: string, pageId: string, mids: string[], watermark = Date.now()) => ({
  sender: { id: psid },
  recipient: { id: pageId },
  delivery: { ...(mids.length ? { mids } : {}), watermark },
});

export const readEvent = (psid: string, pageId: string, watermark: number) => ({
  sender: { id: psid },
  recipient: { id: pageId },
  timestamp: Date.now(),
  read: { watermark },
});

/** Instagram's messaging_seen names the last message read. */
export const seenEvent = (igsid: string, igId: string, mid: string) => ({
  sender: { id: igsid },
  recipient: { id: igId },
  timestamp: Date.now(),
  read: { mid },
});

/** A comment on a page post (field feed, item comment, verb add). */
export function feedCommentChange(opts: {
  pageId: string;
  postId: string;
  commentId: string;
  from: { id: string; name: string };
  text: string;
  parentId?: string;
}) {
  return {
    field: 'feed',
    value: {
      from: opts.from,
      post: {
        status_type: 'added_photos',
        is_published: true,
        updated_time: new Date().toISOString().replace(/\.\d+Z$/, '+0000'),
        permalink_url: `https://www.facebook.com/${opts.postId}`,
        promotion_status: 'inactive',
        id: opts.postId,
      },
      message: opts.text,
      post_id: opts.postId,
      comment_id: opts.commentId,
      created_time: nowSeconds(),
      item: 'comment',
      parent_id: opts.parentId ?? opts.postId,
      verb: 'add',
    },
  };
}

/** A comment on an Instagram media (field comments). */
export function igCommentChange(opts: {
  commentId: string;
  mediaId: string;
  from: { id: string; username: string };
  text: string;
  parentId?: string;
}) {
  return {
    field: 'comments',
    value: {
      from: opts.from,
      media: { id: opts.mediaId, media_product_type: 'FEED' },
      id: opts.commentId,
      ...(opts.parentId ? { parent_id: opts.parentId } : {}),
      text: opts.text,
    },
  };
}

/** A person's reaction to a message (field message_reactions); null emoji: taken back. */
export const reactionEvent = (from: string, to: string, mid: string, emoji: string | null, name = 'love') => ({
  sender: { id: from },
  recipient: { id: to },
  timestamp: Date.now(),
  reaction: emoji ? { reaction: name, emoji, action: 'react', mid } : { reaction: name, action: 'unreact', mid },
});

/** A person's edit of a message they sent (field message_edits). */
export const editEvent = (from: string, to: string, mid: string, text: string, numEdit = 1) => ({
  sender: { id: from },
  recipient: { id: to },
  timestamp: Date.now(),
  message_edit: { mid, text, num_edit: numEdit },
});
