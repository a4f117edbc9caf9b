/**
 * A customer's reaction, edit or deletion (or one made from the company's own phone) applied to
 * the stored message its provider id names. Idempotent: the same webhook twice finds the message
 * already so and changes nothing (no second event); a message Prosa does not have (older than the
 * connection, another channel's) is skipped. A deleted message keeps its body for audit.
 */
import { and, eq } from 'drizzle-orm';
import type { ChannelRow, InboundEvent } from '../../channels/channel-adapter.js';
import { messages, type MessageReaction } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { emitMessage } from '../messages.events.js';
import { presentMessage, type MessageRow } from '../messages.presenter.js';
import { getQuoted } from '../messages.queries.js';

export type ChangeEvent = Extract<InboundEvent, { kind: 'reaction' | 'edit' | 'delete' }>;

function reactionsAfter(row: MessageRow, e: Extract<ChangeEvent, { kind: 'reaction' }>): MessageReaction[] {
  // One reaction per person: ours from the phone replaces the phone's, a customer's their own.
  const same = e.fromMe
    ? (r: MessageReaction) => r.fromMe && r.userId === undefined
    : (r: MessageReaction) => !r.fromMe && (r.author ?? '') === (e.author ?? '');
  const others = row.reactions.filter((r) => !same(r));
  if (!e.emoji) return others;
  return [...others, { emoji: e.emoji, fromMe: !!e.fromMe, ...(e.author && !e.fromMe ? { author: e.author } : {}) }];
}

/** Field by field: jsonb keeps an object's keys in its own order, so JSON text may differ. */
const sameReactions = (a: MessageReaction[], b: MessageReaction[]) =>
  a.length === b.length &&
  a.every(
    (x, i) =>
      x.emoji === b[i]!.emoji && x.fromMe === b[i]!.fromMe && x.userId === b[i]!.userId && x.author === b[i]!.author,
  );

/** The change to the row, or null when it is already so. */
export function changeOf(row: MessageRow, e: ChangeEvent): Partial<MessageRow> | null {
  switch (e.kind) {
    case 'reaction': {
      const next = reactionsAfter(row, e);
      return sameReactions(next, row.reactions) ? null : { reactions: next };
    }
    case 'edit':
      return row.isDeleted || row.body === e.body ? null : { body: e.body, isEdited: true };
    case 'delete':
      return row.isDeleted ? null : { isDeleted: true };
  }
}

export async function applyInboundChange(scope: TenantScope, channel: ChannelRow, e: ChangeEvent) {
  return scope.transaction(async (tx) => {
    const [row] = await tx
      .select(messages, and(eq(messages.channelId, channel.id), eq(messages.externalId, e.targetExternalId)))
      .for('update');
    if (!row) return { messageId: null, ticketId: null, duplicate: false };
    const patch = changeOf(row, e);
    if (!patch) return { messageId: row.id, ticketId: row.ticketId, duplicate: true };
    const [updated] = await tx.update(messages, { ...patch, updatedAt: new Date() }, eq(messages.id, row.id));
    emitMessage(tx, updated!.ticketId, 'update', presentMessage(updated!, await getQuoted(tx, updated!.quotedMsgId)));
    return { messageId: row.id, ticketId: row.ticketId, duplicate: false };
  });
}
