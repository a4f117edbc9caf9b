/**
 * The outbox of reactions, edits and deletions (message_actions): "tell the provider where this
 * message is now". Recorded in the caller's transaction, beside Prosa's own change, so a crash
 * cannot keep one without the other; the job is enqueued after commit and its sweeper re-enqueues
 * a row whose job was lost. A request while one of the same kind is still pending bumps that row's
 * version instead of adding one: the job sends the message's state when it runs, so two quick
 * edits end with the provider showing the last one, sent at least once and not once per click.
 */
import type { MessageActionKind } from '@prosa/contracts';
import { sql } from 'drizzle-orm';
import { messageActions } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { enqueue } from '../../../platform/jobs/enqueue.js';
import { applyActionJob } from '../jobs/apply-action.job.js';
import type { MessageRow } from '../messages.presenter.js';

/** Statuses of a message the customer has (or had): its provider id names it there. */
const AT_PROVIDER: MessageRow['status'][] = ['sent', 'delivered', 'read', 'played', 'received'];

/** The provider has this message: a change to it must be sent there too. */
export const reachedProvider = (row: Pick<MessageRow, 'externalId' | 'status'>) =>
  !!row.externalId && AT_PROVIDER.includes(row.status);

export async function recordAction(tx: TenantScope, messageId: number, kind: MessageActionKind): Promise<number> {
  const [row] = await tx.query((db) =>
    db
      .insert(messageActions)
      .values({ tenantId: tx.tenantId, messageId, kind })
      .onConflictDoUpdate({
        target: [messageActions.messageId, messageActions.kind],
        targetWhere: sql`${messageActions.status} = 'pending'`,
        // A new request starts its own count of attempts.
        set: { version: sql`${messageActions.version} + 1`, attempts: 0, lastError: null, updatedAt: new Date() },
      })
      .returning({ id: messageActions.id }),
  );
  enqueue(tx, applyActionJob, { actionId: row!.id });
  return row!.id;
}
