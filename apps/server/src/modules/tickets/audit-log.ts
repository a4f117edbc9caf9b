// Audit mode (SPEC §6 "Audit mode for admins and supervisors"): with the tenant setting on, every
// ticket an admin or supervisor opens without being its agent, and every deleted ticket, leaves a
// row in audit_logs. The rows keep the ticket's id, protocol and contact name and have no foreign
// key to the ticket, so a deleted ticket's row outlives it.
import type { AuditLog } from '@prosa/contracts';
import { desc, eq } from 'drizzle-orm';
import { auditLogs, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { isSupervisorLike, type TicketViewer } from './tickets.policy.js';
import type { TicketBase } from './tickets.presenter.js';

export const AUDIT_PAGE_SIZE = 50;

const rowOf = (base: TicketBase) => ({
  ticketId: base.row.id,
  protocol: base.row.protocol,
  contactName: base.contact.name.slice(0, 200),
});

/** An admin or supervisor opened a ticket that is not its own: logged in audit mode. */
export async function auditAccess(scope: TenantScope, viewer: TicketViewer, base: TicketBase): Promise<void> {
  if (!viewer.settings.auditMode || !isSupervisorLike(viewer) || base.row.userId === viewer.userId) return;
  await scope.insert(auditLogs, { userId: viewer.userId, action: 'access', ...rowOf(base) });
}

/** Tickets about to be deleted: logged in audit mode, in the deleting transaction. */
export async function auditDeletes(scope: TenantScope, viewer: TicketViewer, bases: TicketBase[]): Promise<void> {
  if (!viewer.settings.auditMode || bases.length === 0) return;
  await scope.insert(
    auditLogs,
    bases.map((b) => ({ userId: viewer.userId, action: 'delete' as const, ...rowOf(b) })),
  );
}

/** One page of the log, newest first, with who did it. */
export async function listAuditLogs(
  scope: TenantScope,
  pageNumber: number,
): Promise<{ logs: AuditLog[]; hasMore: boolean }> {
  const rows = await scope.query((db, owns) =>
    db
      .select({
        id: auditLogs.id,
        action: auditLogs.action,
        ticketId: auditLogs.ticketId,
        protocol: auditLogs.protocol,
        contactName: auditLogs.contactName,
        createdAt: auditLogs.createdAt,
        user: { id: users.id, name: users.name },
      })
      .from(auditLogs)
      .leftJoin(users, owns(users, eq(users.id, auditLogs.userId)))
      .where(owns(auditLogs))
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(AUDIT_PAGE_SIZE + 1)
      .offset((pageNumber - 1) * AUDIT_PAGE_SIZE),
  );
  return {
    logs: rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      user: r.user && r.user.id !== null && r.user.name !== null ? { id: r.user.id, name: r.user.name } : null,
    })),
    hasMore: rows.length > AUDIT_PAGE_SIZE,
  };
}
