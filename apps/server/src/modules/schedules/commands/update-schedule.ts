import { ZScheduleForm, type ScheduleItem, type ScheduleUpdate } from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import { schedules } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { UploadedFile } from '../../messages/upload.js';
import { getVisibleSchedule, presentSchedule } from '../schedules.queries.js';
import { armTimer, dropFileIfUnused, storeFile } from '../schedule-store.js';
import { oneFile } from './create-schedule.js';

/**
 * Only a pending schedule is edited; the new date is its next occurrence. The change is made only
 * if it is still pending when written, so an edit racing the send never rewrites a sent one.
 */
export async function updateSchedule(
  scope: TenantScope,
  auth: AuthContext,
  id: number,
  input: ScheduleUpdate,
  files: UploadedFile[],
): Promise<ScheduleItem> {
  const { row, item } = await getVisibleSchedule(scope, auth, id);
  if (row.status !== 'pending') throw new AppError('ERR_SCHEDULE_NOT_PENDING');
  const file = oneFile(files);
  const keepsFile = !!row.mediaKey && !input.removeFile;
  const form = ZScheduleForm.parse({ ...input, hasFile: !!file || keepsFile });
  const stored = file ? await storeFile(scope, file) : null;
  const sendAt = new Date(form.sendAt);
  const fileFields = stored ?? (keepsFile ? {} : { mediaKey: null, mediaName: null, mimeType: null });
  const updated = await scope.transaction(async (tx) => {
    const [out] = await tx.update(
      schedules,
      {
        body: form.body,
        ...fileFields,
        sendAt,
        repeatCount: form.repeatPeriod ? form.repeatCount : 0,
        repeatPeriod: form.repeatPeriod ?? null,
        updatedAt: new Date(),
      },
      and(eq(schedules.id, id), eq(schedules.status, 'pending'), eq(schedules.sentCount, row.sentCount))!,
    );
    if (out) armTimer(tx, id, sendAt);
    return out;
  });
  if (!updated) {
    if (stored) await dropFileIfUnused(scope, stored.mediaKey);
    throw new AppError('ERR_SCHEDULE_NOT_PENDING');
  }
  if (row.mediaKey && row.mediaKey !== updated.mediaKey) await dropFileIfUnused(scope, row.mediaKey);
  return presentSchedule(updated, item.contact);
}
