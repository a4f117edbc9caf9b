// SECURITY-CRITICAL: two cross-tenant lookups (orphaned sessions, commands for this instance) run
// on the unscoped handle, because a session supervisor serves every company of its app instance.
// They read only ids and lease columns; every action on a channel found runs in that channel's own
// tenant scope (claim, renew, release below take a TenantScope).
/**
 * The session lease of a channel (see supervisor.ts): `session_owner` names the app instance running
 * the channel's long-lived session and `session_lease_until` how long that claim holds. Times come
 * from the database's clock (now()), so instances with skewed clocks agree.
 */
import { and, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.js';
import { channels, tenants } from '../../../platform/db/schema.js';
import { unsafeSystemDb, type TenantScope } from '../../../platform/db/tenant-scope.js';
import type { ChannelRow } from '../channel-adapter.js';

export type SessionCommand = 'restart' | 'stop' | 'logout';

const leaseEnd = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;
const expired = () => lt(channels.sessionLeaseUntil, sql`now()`);

/**
 * Claims the channel for `owner` in one conditional UPDATE: it wins when nobody holds it, the
 * holder's lease ran out, or it already holds it. Answers the row, or nothing when another
 * instance holds a live lease. A pending command is cleared: whoever claims acts on the latest wish.
 */
export async function claimLease(
  scope: TenantScope,
  channelId: number,
  owner: string,
  leaseMs: number,
): Promise<ChannelRow | undefined> {
  const [row] = await scope.query((db, owns) =>
    db
      .update(channels)
      .set({ sessionOwner: owner, sessionLeaseUntil: leaseEnd(leaseMs), sessionCommand: '' })
      .where(
        owns(
          channels,
          eq(channels.id, channelId),
          or(isNull(channels.sessionOwner), isNull(channels.sessionLeaseUntil), expired(), eq(channels.sessionOwner, owner)),
        ),
      )
      .returning(),
  );
  return row;
}

/** Extends the leases `owner` holds among `ids`; answers the ids it still holds. */
export async function renewLeases(scope: TenantScope, ids: number[], owner: string, leaseMs: number): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await scope.query((db, owns) =>
    db
      .update(channels)
      .set({ sessionLeaseUntil: leaseEnd(leaseMs) })
      .where(owns(channels, inArray(channels.id, ids), eq(channels.sessionOwner, owner)))
      .returning({ id: channels.id }),
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Lets go of a channel: nobody runs a session for it any more (disconnected, or a webhook-only
 * provider). Also clears a dead holder's claim, never a live one of another instance.
 */
export async function releaseLease(scope: TenantScope, channelId: number, owner: string): Promise<void> {
  await scope.query((db, owns) =>
    db
      .update(channels)
      .set({ sessionOwner: null, sessionLeaseUntil: null, sessionCommand: '' })
      .where(
        owns(
          channels,
          eq(channels.id, channelId),
          or(eq(channels.sessionOwner, owner), isNull(channels.sessionOwner), isNull(channels.sessionLeaseUntil), expired()),
        ),
      ),
  );
}

/**
 * Hands a running session back without ending it (app shutdown, a failed reconnection): the owner
 * stays named but the lease is over, so any instance's scan (or the next start) reconnects it.
 */
export async function expireLease(scope: TenantScope, channelId: number, owner: string): Promise<void> {
  await scope.query((db, owns) =>
    db
      .update(channels)
      .set({ sessionLeaseUntil: sql`now() - interval '1 second'`, sessionCommand: '' })
      .where(owns(channels, eq(channels.id, channelId), eq(channels.sessionOwner, owner))),
  );
}

/**
 * Asks the live holder (another instance) to act. Answers false when there is no live holder
 * other than `me` any more, so the caller can claim the channel itself.
 */
export async function sendCommand(
  scope: TenantScope,
  channelId: number,
  me: string,
  command: SessionCommand,
): Promise<boolean> {
  const rows = await scope.query((db, owns) =>
    db
      .update(channels)
      .set({ sessionCommand: command })
      .where(
        owns(
          channels,
          eq(channels.id, channelId),
          isNotNull(channels.sessionOwner),
          ne(channels.sessionOwner, me),
          sql`${channels.sessionLeaseUntil} >= now()`,
        ),
      )
      .returning({ id: channels.id }),
  );
  return rows.length > 0;
}

/**
 * The instance that holds a live lease on the channel (by the database's clock), if any: where
 * work needing the channel's live session must run (session-jobs.ts).
 */
export async function liveOwnerOf(scope: TenantScope, channelId: number): Promise<string | null> {
  const [row] = await scope.query((db, owns) =>
    db
      .select({ owner: channels.sessionOwner })
      .from(channels)
      .where(owns(channels, eq(channels.id, channelId), sql`${channels.sessionLeaseUntil} > now()`)),
  );
  return row?.owner ?? null;
}

export interface SessionRef {
  id: number;
  tenantId: number;
  type: ChannelRow['type'];
}

/**
 * Channels whose session died with its instance: someone held it, the lease ran out, and the
 * channel should be up. Channels of inactive companies are left alone.
 */
export async function findOrphans(db: Database, limit = 200): Promise<SessionRef[]> {
  return unsafeSystemDb(db)
    .select({ id: channels.id, tenantId: channels.tenantId, type: channels.type })
    .from(channels)
    .innerJoin(tenants, eq(tenants.id, channels.tenantId))
    .where(
      and(
        isNotNull(channels.sessionOwner),
        expired(),
        ne(channels.status, 'DISCONNECTED'),
        eq(tenants.status, 'active'),
      ),
    )
    .limit(limit);
}

/** Commands other instances left for the sessions `owner` runs. */
export async function findCommands(db: Database, owner: string): Promise<(SessionRef & { command: string })[]> {
  return unsafeSystemDb(db)
    .select({ id: channels.id, tenantId: channels.tenantId, type: channels.type, command: channels.sessionCommand })
    .from(channels)
    .where(and(eq(channels.sessionOwner, owner), ne(channels.sessionCommand, '')));
}
