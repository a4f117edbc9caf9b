/** What the schedule commands share: the ticket's pending counter, the file, the timer job. */
import { eq, sql } from 'drizzle-orm';
import { messages, schedules, tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { enqueue } from '../../platform/jobs/enqueue.js';
import { storageOf } from '../../platform/storage/storage.js';
import type { UploadedFile } from '../messages/upload.js';
import { emitTicketChange } from '../tickets/tickets.events.js';
import { sendScheduleJob } from './jobs/send-schedule.job.js';

/**
 * tickets.scheduled_messages moves with every schedule that enters or leaves `pending`, in the
 * same transaction, so the ticket list reads a column instead of counting schedules per row.
 */
export async function bumpScheduledCount(tx: TenantScope, ticketId: number | null, delta: 1 | -1): Promise<void> {
  if (!ticketId) return;
  await tx.update(
    tickets,
    { scheduledMessages: sql`greatest(${tickets.scheduledMessages} + ${delta}, 0)` as unknown as number },
    eq(tickets.id, ticketId),
  );
  emitTicketChange(tx, ticketId, 'update');
}

/**
 * A timer for the occurrence at `sendAt` (exact to the second). The minute sweep
 * (schedules.sweep-due) is the safety net: a lost timer, or a server down at that time.
 */
export function armTimer(tx: TenantScope, scheduleId: number, sendAt: Date): void {
  enqueue(tx, sendScheduleJob, { scheduleId }, { startAfter: sendAt, singletonKey: `schedule:${scheduleId}:${sendAt.getTime()}` });
}

export async function storeFile(scope: TenantScope, file: UploadedFile) {
  const key = await storageOf(scope.database).put(scope.tenantId, file.data, file.mime, file.name);
  return { mediaKey: key, mediaName: file.name, mimeType: file.mime };
}

/** Sent occurrences share the schedule's file: it is deleted only when nothing refers to it. */
export async function dropFileIfUnused(scope: TenantScope, key: string | null): Promise<void> {
  if (!key) return;
  const [inMessages, inSchedules] = await Promise.all([
    scope.count(messages, eq(messages.mediaKey, key)),
    scope.count(schedules, eq(schedules.mediaKey, key)),
  ]);
  if (inMessages + inSchedules === 0) await storageOf(scope.database).delete(key).catch(() => undefined);
}
