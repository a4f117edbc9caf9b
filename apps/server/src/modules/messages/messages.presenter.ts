import { MEDIA_TYPES, type Message } from '@prosa/contracts';
import type { messages } from '../../platform/db/schema.js';

export type MessageRow = typeof messages.$inferSelect;
/** The few fields of a quoted message that a reply shows. */
export type QuotedRow = Pick<MessageRow, 'id' | 'body' | 'fromMe' | 'mediaType' | 'isDeleted'>;

const mediaTypeOf = (t: string): Message['mediaType'] =>
  (MEDIA_TYPES as readonly string[]).includes(t) ? (t as Message['mediaType']) : 'chat';

/**
 * A deleted message keeps its body in the database for audit; screens get it empty and without
 * its file.
 */
export function presentMessage(row: MessageRow, quoted: QuotedRow | null = null): Message {
  const deleted = row.isDeleted;
  return {
    id: row.id,
    ticketId: row.ticketId,
    body: deleted ? '' : row.body,
    mediaType: mediaTypeOf(row.mediaType),
    mediaName: deleted ? null : row.mediaName,
    mediaUrl: row.mediaKey && !deleted ? `/media/${row.id}` : null,
    mimeType: deleted ? null : row.mimeType,
    fromMe: row.fromMe,
    status: row.status,
    timestamp: row.createdAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    quotedMsg: quoted
      ? { id: quoted.id, body: quoted.isDeleted ? '' : quoted.body, fromMe: quoted.fromMe, mediaType: quoted.mediaType }
      : null,
    isDeleted: deleted,
    isEdited: row.isEdited,
    // Who reacted in a group (`author`) stays on the server: the desk shows the emoji and its side.
    reactions: row.reactions.map((r) => ({
      emoji: r.emoji,
      fromMe: r.fromMe,
      ...(r.userId !== undefined ? { userId: r.userId } : {}),
    })),
    userId: row.userId,
    clientId: row.clientId,
    scheduleDate: row.scheduleDate?.toISOString() ?? null,
    actionFailed: row.actionFailed,
  };
}

/** The company's reaction as the provider shows it: the latest of ours ('' when none is left). */
export function ourReaction(row: Pick<MessageRow, 'reactions'>): string {
  return row.reactions.filter((r) => r.fromMe).at(-1)?.emoji ?? '';
}

/** The ticket's list preview of a message: its text, else its file name, else its kind. */
export function previewOf(m: Pick<MessageRow, 'body' | 'mediaName' | 'mediaType'>): string {
  const text = m.body.trim() || (m.mediaName ? `[${m.mediaName}]` : m.mediaType === 'chat' ? '' : `[${m.mediaType}]`);
  return text.slice(0, 255);
}
