import type { TagInput } from '@prosa/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { tags } from '../../../platform/db/schema.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { emitTagChange } from '../tags.events.js';
import { getTag } from '../tags.queries.js';

async function assertNameFree(scope: TenantScope, name: string, exceptId?: number) {
  const clash = await scope.first(tags, and(eq(tags.name, name), exceptId ? ne(tags.id, exceptId) : undefined));
  if (clash) throw new AppError('ERR_TAG_EXISTS');
}

/** Two saves of the same name at once: the unique index (tenant, name) decides. */
async function uniqueName<R>(fn: () => Promise<R>): Promise<R> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('ERR_TAG_EXISTS');
    throw err;
  }
}

export async function createTag(scope: TenantScope, input: TagInput) {
  await assertNameFree(scope, input.name);
  const row = await uniqueName(() => scope.insert(tags, input));
  emitTagChange(scope, 'create', row);
  return row;
}

export async function updateTag(scope: TenantScope, id: number, input: TagInput) {
  await getTag(scope, id);
  await assertNameFree(scope, input.name, id);
  const [row] = await uniqueName(() => scope.update(tags, { ...input, updatedAt: new Date() }, eq(tags.id, id)));
  emitTagChange(scope, 'update', row!);
  return row!;
}
