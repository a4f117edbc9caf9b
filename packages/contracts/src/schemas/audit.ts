import { z } from 'zod';

/** What audit mode records (SPEC §6): a ticket opened by someone other than its agent, a deletion. */
export const AUDIT_LOG_ACTIONS = ['access', 'delete'] as const;

/** GET /audit-logs: one row; the ticket's protocol and contact are kept as they were (it may be gone). */
export const ZAuditLog = z.object({
  id: z.number(),
  action: z.enum(AUDIT_LOG_ACTIONS),
  ticketId: z.number(),
  protocol: z.string(),
  contactName: z.string(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AuditLog = z.infer<typeof ZAuditLog>;
export const ZAuditLogQuery = z.object({ pageNumber: z.coerce.number().int().min(1).max(10_000).default(1) });
export const ZAuditLogList = z.object({ logs: z.array(ZAuditLog), hasMore: z.boolean() });
export type AuditLogList = z.infer<typeof ZAuditLogList>;
