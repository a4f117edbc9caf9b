import { eq, getTableColumns, is, SQL, sql, type Column } from 'drizzle-orm';
import { columnEncoder, jsonRowReader } from '../../platform/db/json-rows.js';
import { tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { emitTicketChange } from './tickets.events.js';
import { assertCan, type TicketAction, type TicketFacts, type TicketViewer } from './tickets.policy.js';
import type { TicketRow } from './tickets.presenter.js';
import { getVisibleTicket } from './tickets.queries.js';
import { loadViewer } from './tickets.viewer.js';

export interface TicketChange {
  tx: TenantScope;
  row: TicketRow;
  facts: TicketFacts;
  viewer: TicketViewer;
}

/**
 * Writes a patch of the ticket (and its updatedAt). A private ticket that leaves its agent (return
 * to queue, transfer to someone else) is private no more: privacy is its agent's choice.
 */
export async function patchTicket(tx: TenantScope, id: number, patch: Partial<Omit<TicketRow, 'id' | 'tenantId'>>) {
  // A patch of plain values (every one the callers make): one statement per set of columns, built
  // once (runMemo); drizzle's building of a wide UPDATE ... RETURNING cost more than running it.
  const memo = patchStatement(tx, id, patch);
  if (memo) {
    const rows = await tx.runMemo(memo.key, memo.build, memo.values);
    // No row (the ticket is gone): undefined, as the update below answers.
    return (rows[0] ? readPatched(rows[0].row) : undefined)!;
  }
  const privacy = patch.userId !== undefined && patch.isPrivate === undefined;
  const privacySet = privacy
    ? { isPrivate: sql`${tickets.isPrivate} and ${tickets.userId} is not distinct from ${patch.userId}` as unknown as boolean }
    : {};
  const [row] = await tx.update(tickets, { ...patch, ...privacySet, updatedAt: new Date() }, eq(tickets.id, id));
  return row!;
}

/** A statement for runMemo: its key, its builder (placeholders by name) and their values. */
export interface MemoStatement {
  key: string;
  build: (value: (name: string) => SQL) => Promise<SQL>;
  values: Record<string, unknown>;
}

/**
 * `patchTicket`'s UPDATE ... RETURNING `row_to_json` as "row" (read it with `readPatched`), for a
 * patch of plain values; null when a value is SQL. The bot step runs it with its replies' insert
 * as one statement (record-replies.ts).
 */
export function patchStatement(tx: TenantScope, id: number, patch: Partial<Omit<TicketRow, 'id' | 'tenantId'>>): MemoStatement | null {
  const values: Record<string, unknown> = { ...patch, updatedAt: new Date() };
  const keys = Object.keys(values)
    .filter((k) => values[k] !== undefined && k !== 'tenantId' && k in TICKET_COLUMNS)
    .sort();
  if (!keys.every((k) => !is(values[k], SQL))) return null;
  const privacy = patch.userId !== undefined && patch.isPrivate === undefined;
  return {
    key: `tickets.patch:${keys.join(',')}:${privacy ? 'private' : ''}`,
    build: () =>
      tx.query(async (db, owns) =>
        db
          .update(tickets)
          .set({
            // Values encoded below, as drizzle would (it skips a null, fillPlaceholders would not).
            ...Object.fromEntries(keys.map((k) => [k, sql`${sql.placeholder(k)}`])),
            ...(privacy
              ? { isPrivate: sql`${tickets.isPrivate} and ${tickets.userId} is not distinct from ${sql.placeholder('privacyUserId')}` }
              : {}),
          })
          .where(owns(tickets, eq(tickets.id, sql.placeholder('id'))))
          .returning({ row: sql`row_to_json(${tickets})`.as('row') })
          .getSQL(),
      ),
    values: { ...Object.fromEntries(keys.map((k) => [k, encoded(k, values[k])])), id, ...(privacy ? { privacyUserId: patch.userId ?? null } : {}) },
  };
}

/** The row a patch statement returned (`row_to_json`). */
export const readPatched = (row: unknown) => readTicket(row as Record<string, unknown>);

const readTicket = jsonRowReader(tickets);
const TICKET_COLUMNS = getTableColumns(tickets) as Record<string, Column>;
const encoded = columnEncoder(tickets);

/**
 * The frame of every action on one ticket: one transaction, the row locked, the viewer allowed to
 * do `action` (an invisible ticket is ERR_NO_TICKET_FOUND), then the change and its event.
 */
export async function mutateTicket<R>(
  scope: TenantScope,
  auth: AuthContext,
  id: number,
  action: TicketAction,
  change: (c: TicketChange) => Promise<R>,
): Promise<R> {
  return scope.transaction(async (tx) => {
    const viewer = await loadViewer(tx, auth);
    const { row, facts } = await getVisibleTicket(tx, viewer, id, true);
    assertCan(viewer, facts, action);
    const result = await change({ tx, row, facts, viewer });
    emitTicketChange(tx, id, 'update');
    return result;
  });
}
