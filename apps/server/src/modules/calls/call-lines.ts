/**
 * Call lines (issue 17): a company's provider devices, their CRUD and who may use them. The
 * webhook secret is generated here and never changes; the device token is unique across the
 * platform (a device's webhook names one line).
 */
import { randomBytes } from 'node:crypto';
import type { CallLine, CallLineInput } from '@prosa/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { callLines, channels, userCallLines } from '../../platform/db/schema.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';

export type CallLineRow = typeof callLines.$inferSelect;

export function presentCallLine(row: CallLineRow, channelName: string | null, base: string): CallLine {
  return {
    id: row.id,
    name: row.name,
    token: row.token,
    channelId: row.channelId,
    channelName,
    active: row.active,
    webhookUrl: `${base}/webhooks/${row.provider}/${row.webhookSecret}`,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The lines with their channel's name, by name. */
export async function listCallLines(scope: TenantScope, where?: ReturnType<typeof eq>) {
  return scope.query((db, owns) =>
    db
      .select({ line: callLines, channelName: channels.name })
      .from(callLines)
      .leftJoin(channels, owns(channels, eq(channels.id, callLines.channelId)))
      .where(owns(callLines, where))
      .orderBy(asc(callLines.name), asc(callLines.id)),
  );
}

export async function getCallLine(scope: TenantScope, id: number) {
  const [found] = await listCallLines(scope, eq(callLines.id, id));
  if (!found) throw new AppError('ERR_CALL_LINE_NOT_FOUND');
  return found;
}

async function assertChannelOfCompany(scope: TenantScope, channelId: number | null) {
  if (channelId === null) return;
  if (!(await scope.first(channels, eq(channels.id, channelId)))) throw new AppError('ERR_NO_WAPP_FOUND');
}

async function tokenClash<R>(write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('ERR_CALL_LINE_TOKEN_EXISTS');
    throw err;
  }
}

export async function createCallLine(scope: TenantScope, input: CallLineInput) {
  await assertChannelOfCompany(scope, input.channelId);
  const row = await tokenClash(() =>
    scope.insert(callLines, {
      name: input.name,
      token: input.token,
      channelId: input.channelId,
      active: input.active,
      webhookSecret: randomBytes(24).toString('base64url'),
    }),
  );
  return getCallLine(scope, row.id);
}

export async function updateCallLine(scope: TenantScope, id: number, input: CallLineInput) {
  await getCallLine(scope, id);
  await assertChannelOfCompany(scope, input.channelId);
  await tokenClash(() =>
    scope.update(
      callLines,
      { name: input.name, token: input.token, channelId: input.channelId, active: input.active, updatedAt: new Date() },
      eq(callLines.id, id),
    ),
  );
  return getCallLine(scope, id);
}

export async function deleteCallLine(scope: TenantScope, id: number): Promise<void> {
  const gone = await scope.delete(callLines, eq(callLines.id, id));
  if (gone.length === 0) throw new AppError('ERR_CALL_LINE_NOT_FOUND');
}

/** The line ids of many users in one query. */
export async function callLineIdsOfUsers(scope: TenantScope, userIds: number[]): Promise<Map<number, number[]>> {
  const byUser = new Map<number, number[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await scope
    .select(userCallLines, inArray(userCallLines.userId, userIds))
    .orderBy(asc(userCallLines.lineId));
  for (const r of rows) byUser.get(r.userId)?.push(r.lineId);
  return byUser;
}

/** Every id must be a line of the company (another company's counts as missing): a field error. */
export async function assertCallLinesOfCompany(scope: TenantScope, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const n = await scope.count(callLines, inArray(callLines.id, unique));
  if (n !== unique.length) throw new AppError('ERR_VALIDATION', { callLineIds: 'validation.invalidValue' });
}

/** Replaces the user's lines (inside the caller's transaction). */
export async function replaceUserCallLines(tx: TenantScope, userId: number, ids: number[]): Promise<void> {
  await tx.delete(userCallLines, eq(userCallLines.userId, userId));
  const unique = [...new Set(ids)];
  if (unique.length)
    await tx.insert(
      userCallLines,
      unique.map((lineId) => ({ userId, lineId })),
    );
}

/**
 * The active lines `userId` may call from: with `channelId`, that channel's lines first, then its
 * other lines (the browser's fallback order on a failed start).
 */
export async function usableLinesOf(scope: TenantScope, userId: number, channelId?: number) {
  const rows = await scope.query((db, owns) =>
    db
      .select({ line: callLines })
      .from(callLines)
      .innerJoin(
        userCallLines,
        owns(userCallLines, eq(userCallLines.lineId, callLines.id), eq(userCallLines.userId, userId)),
      )
      .where(owns(callLines, eq(callLines.active, true)))
      .orderBy(asc(callLines.name), asc(callLines.id)),
  );
  const lines = rows.map((r) => r.line);
  if (channelId === undefined) return lines;
  return [...lines.filter((l) => l.channelId === channelId), ...lines.filter((l) => l.channelId !== channelId)];
}

/** A line the user may use now (active, given to it), or ERR_CALL_LINE_NOT_FOUND. */
export async function usableLine(scope: TenantScope, userId: number, lineId: number): Promise<CallLineRow> {
  const [found] = await scope.query((db, owns) =>
    db
      .select({ line: callLines })
      .from(callLines)
      .innerJoin(
        userCallLines,
        owns(userCallLines, eq(userCallLines.lineId, callLines.id), eq(userCallLines.userId, userId)),
      )
      .where(owns(callLines, and(eq(callLines.id, lineId), eq(callLines.active, true))))
      .limit(1),
  );
  if (!found) throw new AppError('ERR_CALL_LINE_NOT_FOUND');
  return found.line;
}
