import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { changeMessage } from '../change-message.js';

/** Toggles the caller's reaction: the same emoji again removes it, another replaces it, '' removes. */
export function reactToMessage(scope: TenantScope, auth: AuthContext, id: number, emoji: string) {
  return changeMessage(
    scope,
    auth,
    id,
    () => undefined,
    async (_tx, row) => {
      const mine = row.reactions.find((r) => r.fromMe && r.userId === auth.userId);
      const others = row.reactions.filter((r) => r !== mine);
      const next = emoji && mine?.emoji !== emoji ? [...others, { emoji, fromMe: true, userId: auth.userId }] : others;
      return { reactions: next };
    },
  );
}
