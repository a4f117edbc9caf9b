import type { QuickMessage } from '@prosa/contracts';
import type { quickMessages } from '../../platform/db/schema.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { mayChange } from './quick-messages.policy.js';

export function presentQuickMessage(row: typeof quickMessages.$inferSelect, auth: AuthContext): QuickMessage {
  const may = mayChange(auth, row);
  return {
    id: row.id,
    key: row.key,
    message: row.message,
    showToAll: row.showToAll,
    userId: row.userId,
    media: row.mediaKey
      ? { name: row.mediaName ?? 'file', mimeType: row.mimeType ?? 'application/octet-stream' }
      : null,
    can: { edit: may, delete: may },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
