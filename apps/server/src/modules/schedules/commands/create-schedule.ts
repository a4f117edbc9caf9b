import { ZScheduleForm, type ScheduleCreate, type ScheduleItem } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { contacts, schedules } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { loadTicketAccess } from '../../messages/messages.policy.js';
import type { UploadedFile } from '../../messages/upload.js';
import { presentSchedule } from '../schedules.queries.js';
import { armTimer, bumpScheduledCount, dropFileIfUnused, storeFile } from '../schedule-store.js';

/** At most one file goes with a schedule. */
export function oneFile(files: UploadedFile[]): UploadedFile | undefined {
  if (files.length > 1) throw new AppError('ERR_VALIDATION', { file: 'validation.invalidValue' });
  return files[0];
}

/**
 * A message for a ticket's contact, sent later (SPEC §3 Schedule). Whoever may see the ticket may
 * schedule on it (the tickets policy); another tenant's or an invisible ticket is not found.
 */
export async function createSchedule(
  scope: TenantScope,
  auth: AuthContext,
  input: ScheduleCreate,
  files: UploadedFile[],
): Promise<ScheduleItem> {
  const access = await loadTicketAccess(scope, auth, input.ticketId);
  const file = oneFile(files);
  // The rules that need to know of the file (a text when there is none), as the web form has them.
  const form = ZScheduleForm.parse({ ...input, hasFile: !!file });
  const stored = file ? await storeFile(scope, file) : null;
  try {
    const ticket = access.base.row;
    const sendAt = new Date(form.sendAt);
    const row = await scope.transaction(async (tx) => {
      const created = await tx.insert(schedules, {
        ticketId: ticket.id,
        contactId: ticket.contactId,
        userId: auth.userId,
        body: form.body,
        ...(stored ?? {}),
        sendAt,
        repeatCount: form.repeatPeriod ? form.repeatCount : 0,
        repeatPeriod: form.repeatPeriod ?? null,
      });
      await bumpScheduledCount(tx, ticket.id, 1);
      armTimer(tx, created.id, sendAt);
      return created;
    });
    const contact = await scope.first(contacts, eq(contacts.id, row.contactId));
    return presentSchedule(row, { id: row.contactId, name: contact?.name ?? '' });
  } catch (err) {
    if (stored) await dropFileIfUnused(scope, stored.mediaKey);
    throw err;
  }
}
