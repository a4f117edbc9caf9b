import type { InternalMessage } from '@prosa/contracts';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { internalMessages } from '../../../platform/db/schema.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { storageOf } from '../../../platform/storage/storage.js';
import type { UploadedFile } from '../../messages/upload.js';
import { emitInternalMessage } from '../internal-chat.events.js';
import { presentInternalMessage } from '../internal-chat.presenter.js';
import { getColleague, getMemberGroup, memberIdsOf } from '../internal-chat.queries.js';

export interface InternalTarget {
  id: number;
  isGroup: boolean;
}

/**
 * A text and/or files to a colleague or a group the sender belongs to: one message per file, the
 * text on the first. Files are stored before the rows are written; a failed write removes them.
 */
export async function sendInternalMessage(
  scope: TenantScope,
  auth: AuthContext,
  target: InternalTarget,
  body: string,
  files: UploadedFile[],
): Promise<InternalMessage[]> {
  const text = body.trim();
  if (!text && files.length === 0) throw new AppError('ERR_VALIDATION', { body: 'validation.required' });
  const audience = target.isGroup
    ? (await getMemberGroup(scope, auth.userId, target.id), await memberIdsOf(scope, target.id))
    : [(await getColleague(scope, auth.userId, target.id)).id, auth.userId];
  const storage = files.length > 0 ? storageOf(scope.database) : undefined;
  const keys: string[] = [];
  try {
    for (const f of files) keys.push(await storage!.put(scope.tenantId, f.data, f.mime, f.name));
    const base = {
      senderId: auth.userId,
      recipientId: target.isGroup ? null : target.id,
      groupId: target.isGroup ? target.id : null,
    };
    const values =
      files.length === 0
        ? [{ ...base, body: text }]
        : files.map((f, i) => ({
            ...base,
            body: i === 0 ? text : '',
            mediaType: f.mediaType,
            mediaKey: keys[i]!,
            mediaName: f.name,
            mimeType: f.mime,
          }));
    const rows = await scope.insert(internalMessages, values);
    const out = rows.map((r) => presentInternalMessage(r, auth.name));
    for (const m of out) emitInternalMessage(scope, audience, m);
    return out;
  } catch (err) {
    await Promise.allSettled(keys.map((k) => storage!.delete(k)));
    throw err;
  }
}
