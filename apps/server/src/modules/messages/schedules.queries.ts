/**
 * GET /schedule: the tenant's scheduled messages the caller may see, newest first. Admins and
 * general supervisors see all; others their own and those of tickets they may see (the tickets
 * policy as SQL). The schedules CRUD comes with its own module later.
 */
import { desc, eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { contacts, schedules, tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { maySeeAll, SINGLE_TICKET } from '../tickets/tickets.policy.js';
import { loadViewer } from '../tickets/tickets.viewer.js';
import { privacySql, visibilitySql } from '../tickets/tickets.visibility-sql.js';

export const SCHEDULES_PAGE = 50;

// To move to @prosa/contracts with the schedules module.
export const ZScheduleItem = z.object({
  id: z.number(),
  ticketId: z.number().nullable(),
  contact: z.object({ id: z.number(), name: z.string() }),
  userId: z.number().nullable(),
  body: z.string(),
  mediaName: z.string().nullable(),
  sendAt: z.string(),
  repeatCount: z.number(),
  repeatPeriod: z.string().nullable(),
  sentCount: z.number(),
  status: z.enum(['pending', 'sent', 'error']),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export const ZScheduleList = z.object({ schedules: z.array(ZScheduleItem), count: z.number(), hasMore: z.boolean() });
export const ZScheduleQuery = z.object({ pageNumber: z.coerce.number().int().min(1).default(1) });

export async function listVisibleSchedules(
  scope: TenantScope,
  auth: AuthContext,
  pageNumber: number,
): Promise<z.infer<typeof ZScheduleList>> {
  const viewer = await loadViewer(scope, auth);
  const rows = await scope.query((db, owns) => {
    // Admins and general supervisors see every schedule but those of an agent's private ticket.
    const visible = maySeeAll(viewer)
      ? or(eq(schedules.userId, viewer.userId), privacySql(viewer))
      : or(
          eq(schedules.userId, viewer.userId),
          sql`(${tickets.id} is not null and ${visibilitySql(db, owns, viewer, SINGLE_TICKET)})`,
        );
    return db
      .select({ s: schedules, contact: { id: contacts.id, name: contacts.name }, total: sql<number>`count(*) over ()` })
      .from(schedules)
      .innerJoin(contacts, owns(contacts, eq(contacts.id, schedules.contactId)))
      .leftJoin(tickets, owns(tickets, eq(tickets.id, schedules.ticketId)))
      .where(owns(schedules, visible))
      .orderBy(desc(schedules.createdAt), desc(schedules.id))
      .limit(SCHEDULES_PAGE)
      .offset((pageNumber - 1) * SCHEDULES_PAGE);
  });
  const count = Number(rows[0]?.total ?? 0);
  return {
    schedules: rows.map(({ s, contact }) => ({
      id: s.id,
      ticketId: s.ticketId,
      contact,
      userId: s.userId,
      body: s.body,
      mediaName: s.mediaName,
      sendAt: s.sendAt.toISOString(),
      repeatCount: s.repeatCount,
      repeatPeriod: s.repeatPeriod,
      sentCount: s.sentCount,
      status: s.status,
      lastError: s.lastError,
      createdAt: s.createdAt.toISOString(),
    })),
    count,
    hasMore: count > pageNumber * SCHEDULES_PAGE,
  };
}
