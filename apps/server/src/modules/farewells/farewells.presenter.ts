import type { FarewellMessage } from '@prosa/contracts';
import type { farewellMessages } from '../../platform/db/schema.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { mayChange } from './farewells.policy.js';

export function presentFarewellMessage(row: typeof farewellMessages.$inferSelect, auth: AuthContext): FarewellMessage {
  const may = mayChange(auth, row);
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    showForAll: row.showForAll,
    userId: row.userId,
    can: { edit: may, delete: may },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
