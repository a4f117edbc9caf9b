import { asc, eq } from 'drizzle-orm';
import { tags } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';

export function listTags(scope: TenantScope) {
  return scope.select(tags).orderBy(asc(tags.name));
}

export async function getTag(scope: TenantScope, id: number) {
  const row = await scope.first(tags, eq(tags.id, id));
  if (!row) throw new AppError('ERR_NO_TAG_FOUND');
  return row;
}
