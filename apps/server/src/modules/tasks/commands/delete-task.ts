import { eq } from 'drizzle-orm';
import { tasks } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { emitTaskChange } from '../tasks.events.js';
import type { TaskViewer } from '../tasks.policy.js';
import { getVisibleTask } from '../tasks.queries.js';

export async function deleteTask(scope: TenantScope, viewer: TaskViewer, id: number): Promise<void> {
  await scope.transaction(async (tx) => {
    await getVisibleTask(tx, viewer, id);
    await tx.delete(tasks, eq(tasks.id, id));
    emitTaskChange(tx, 'delete', id);
  });
}
