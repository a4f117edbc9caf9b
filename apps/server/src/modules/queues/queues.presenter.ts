import type { Queue } from '@prosa/contracts';
import type { queues } from '../../platform/db/schema.js';

export function presentQueue(row: typeof queues.$inferSelect): Queue {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    active: row.active,
    integrationId: row.integrationId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
