/**
 * The shape of every change to one message (delete, edit, reaction, resend): load it, judge it
 * with the tickets policy, change it under a row lock and publish the new state. A change the
 * provider must hear of is recorded by `change` in the same transaction (commands/record-action.ts).
 */
import { eq } from 'drizzle-orm';
import { messages } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { emitMessage } from './messages.events.js';
import { assertMayRead, type TicketAccess } from './messages.policy.js';
import { presentMessage, type MessageRow } from './messages.presenter.js';
import { getMessage, getQuoted, type MessageWithQuoted } from './messages.queries.js';

export type Change = (tx: TenantScope, row: MessageRow) => Promise<Partial<MessageRow> | null>;

/** Locks the message, applies `change` and publishes the result; answers the message as it is now. */
export async function changeMessage(
  scope: TenantScope,
  auth: AuthContext,
  id: number,
  check: (access: TicketAccess, row: MessageRow) => void,
  change: Change,
): Promise<MessageWithQuoted> {
  const found = await getMessage(scope, id);
  const access = await assertMayRead(scope, auth, found.ticketId);
  return scope.transaction(async (tx) => {
    const [row] = await tx.select(messages, eq(messages.id, id)).for('update');
    if (!row) throw new AppError('ERR_NOT_FOUND');
    check(access, row);
    const patch = await change(tx, row);
    const [updated] = patch
      ? await tx.update(messages, { ...patch, updatedAt: new Date() }, eq(messages.id, id))
      : [row];
    const quoted = await getQuoted(tx, updated!.quotedMsgId);
    if (patch) emitMessage(tx, updated!.ticketId, 'update', presentMessage(updated!, quoted));
    return { row: updated!, quoted };
  });
}
