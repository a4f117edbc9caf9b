/**
 * An agent may change a message while the outbox is sending it (deliver-message's claim is held
 * during the provider call): the change lands on Prosa's copy, but the provider got what was read
 * before. Right after the send, what differs is recorded as provider actions, so the customer
 * ends up seeing what the desk shows: deleted meanwhile -> delete it there, edited -> edit it,
 * reacted to -> send our reaction.
 */
import type { MessageActionKind } from '@prosa/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '../../../platform/db/schema.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { emitMessage } from '../messages.events.js';
import { ourReaction, presentMessage, type MessageRow } from '../messages.presenter.js';
import { getQuoted } from '../messages.queries.js';
import { recordAction } from './record-action.js';

/**
 * `sent`: the row as the send step finished it, or undefined when it was no longer pending (it
 * was deleted meanwhile: deleteMessage takes a pending message out of the outbox).
 */
export async function catchUpAfterSend(
  scope: TenantScope,
  messageId: number,
  sent: MessageRow | undefined,
  externalId: string,
  sentBody: string,
): Promise<void> {
  if (!sent) {
    try {
      await scope.transaction(async (tx) => {
        const [deleted] = await tx.update(
          messages,
          { status: 'sent', externalId, lastError: null, updatedAt: new Date() },
          and(eq(messages.id, messageId), eq(messages.isDeleted, true), isNull(messages.externalId))!,
        );
        if (!deleted) return;
        emitMessage(tx, deleted.ticketId, 'update', presentMessage(deleted, await getQuoted(tx, deleted.quotedMsgId)));
        await recordAction(tx, messageId, 'delete');
      });
    } catch (err) {
      // Its echo was stored first under that id: there is no row of ours to delete by.
      if (!isUniqueViolation(err)) throw err;
    }
    return;
  }
  const kinds: MessageActionKind[] = [];
  if (sent.body !== sentBody) kinds.push('edit');
  if (ourReaction(sent)) kinds.push('react');
  if (kinds.length === 0) return;
  await scope.transaction(async (tx) => {
    for (const kind of kinds) await recordAction(tx, messageId, kind);
  });
}
