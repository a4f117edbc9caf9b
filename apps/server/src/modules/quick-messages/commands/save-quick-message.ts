import type { QuickMessageInput } from '@prosa/contracts';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { quickMessages } from '../../../platform/db/schema.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { storageOf } from '../../../platform/storage/storage.js';
import type { UploadedFile } from '../../messages/upload.js';
import { mayChange } from '../quick-messages.policy.js';
import { getQuickMessage } from '../quick-messages.queries.js';

type Row = typeof quickMessages.$inferSelect;

/**
 * ERR_FAST_REPLY_EXISTS: the key (any case) is taken by another of the owner's quick messages, or,
 * for a shared one, by another shared one of the company (`/key` must name one text for everyone).
 * The unique indexes decide between two saves at once.
 */
async function assertKeyFree(scope: TenantScope, key: string, ownerId: number, shared: boolean, exceptId?: number) {
  const sameKey = sql`lower(${quickMessages.key}) = lower(${key})`;
  const scopeOf = shared
    ? or(eq(quickMessages.userId, ownerId), eq(quickMessages.showToAll, true))
    : eq(quickMessages.userId, ownerId);
  const clash = await scope.first(
    quickMessages,
    and(sameKey, scopeOf, exceptId ? ne(quickMessages.id, exceptId) : undefined),
  );
  if (clash) throw new AppError('ERR_FAST_REPLY_EXISTS');
}

/** SPEC §5: message or file required. */
function assertHasContent(message: string, hasFile: boolean) {
  if (!message.trim() && !hasFile) throw new AppError('ERR_VALIDATION', { message: 'validation.required' });
}

/** Stores the file, runs `write`, and takes the file back out when the write fails. */
async function withStoredFile<R>(
  scope: TenantScope,
  file: UploadedFile | undefined,
  write: (media: Pick<Row, 'mediaKey' | 'mimeType' | 'mediaName'> | null) => Promise<R>,
): Promise<R> {
  const storage = storageOf(scope.database);
  const key = file ? await storage.put(scope.tenantId, file.data, file.mime, file.name) : null;
  try {
    return await write(file && key ? { mediaKey: key, mimeType: file.mime, mediaName: file.name } : null);
  } catch (err) {
    if (key) await storage.delete(key).catch(() => undefined);
    if (isUniqueViolation(err)) throw new AppError('ERR_FAST_REPLY_EXISTS');
    throw err;
  }
}

export async function createQuickMessage(
  scope: TenantScope,
  auth: AuthContext,
  input: QuickMessageInput,
  file?: UploadedFile,
): Promise<Row> {
  assertHasContent(input.message, !!file);
  await assertKeyFree(scope, input.key, auth.userId, input.showToAll);
  return withStoredFile(scope, file, (media) =>
    scope.insert(quickMessages, {
      key: input.key,
      message: input.message,
      showToAll: input.showToAll,
      userId: auth.userId,
      ...(media ?? {}),
    }),
  );
}

/** A new file replaces the stored one; `removeFile` drops it. The old file goes once the row is saved. */
export async function updateQuickMessage(
  scope: TenantScope,
  auth: AuthContext,
  id: number,
  input: QuickMessageInput,
  file?: UploadedFile,
): Promise<Row> {
  const current = await getQuickMessage(scope, auth, id);
  if (!mayChange(auth, current)) throw new AppError('ERR_NO_PERMISSION');
  const keepsFile = !!current.mediaKey && !input.removeFile && !file;
  assertHasContent(input.message, !!file || keepsFile);
  await assertKeyFree(scope, input.key, current.userId, input.showToAll, id);
  const row = await withStoredFile(scope, file, async (media) => {
    const dropped = keepsFile ? {} : { mediaKey: null, mimeType: null, mediaName: null };
    const [saved] = await scope.update(
      quickMessages,
      {
        key: input.key,
        message: input.message,
        showToAll: input.showToAll,
        ...dropped,
        ...(media ?? {}),
        updatedAt: new Date(),
      },
      eq(quickMessages.id, id),
    );
    return saved!;
  });
  if (current.mediaKey && current.mediaKey !== row.mediaKey) {
    await storageOf(scope.database)
      .delete(current.mediaKey)
      .catch(() => undefined);
  }
  return row;
}
