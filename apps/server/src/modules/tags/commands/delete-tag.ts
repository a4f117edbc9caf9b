import { eq } from 'drizzle-orm';
import { contactTags, tags } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { emitTagChange } from '../tags.events.js';
import { getTag } from '../tags.queries.js';

/** A tag still on contacts cannot be deleted (ERR_TAG_CONTACTS_EXISTS); deactivate it instead. */
export async function deleteTag(scope: TenantScope, id: number): Promise<void> {
  await scope.transaction(async (tx) => {
    const row = await getTag(tx, id);
    if ((await tx.count(contactTags, eq(contactTags.tagId, id))) > 0) throw new AppError('ERR_TAG_CONTACTS_EXISTS');
    await tx.delete(tags, eq(tags.id, id));
    emitTagChange(tx, 'delete', row);
  });
}
