import { ilike } from 'drizzle-orm';
import { chatFlows } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { emitChatFlowChange } from '../chat-flows.events.js';
import { getChatFlow, type ChatFlowRow } from '../chat-flows.queries.js';

const NAME_MAX = 100;
const SUFFIX = /\s\((\d{1,6})\)$/;

/** "Name", "Name (2)", "Name (3)"...: the first free copy name, within the name's limit. */
export function copyName(name: string, taken: Set<string>): string {
  const base = name.replace(SUFFIX, '');
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${base.slice(0, NAME_MAX - suffix.length)}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * A copy of a flow to try changes on: inactive and not offered for transfer, so it never answers a
 * customer before the admin turns it on; keywords are not copied (one keyword starts one flow).
 */
export async function duplicateChatFlow(scope: TenantScope, auth: AuthContext, id: number): Promise<ChatFlowRow> {
  const source = await getChatFlow(scope, id);
  const base = source.name.replace(SUFFIX, '').replace(/[\\%_]/g, (c) => `\\${c}`);
  const similar = await scope.select(chatFlows, ilike(chatFlows.name, `${base}%`));
  const name = copyName(source.name, new Set(similar.map((r) => r.name.toLowerCase())));
  const row = await scope.insert(chatFlows, {
    name,
    description: source.description,
    isActive: false,
    availableForTransfer: false,
    availableInCrm: source.availableInCrm,
    testNumber: source.testNumber,
    flow: source.flow,
    userId: auth.userId,
  });
  emitChatFlowChange(scope, 'create', row);
  return row;
}
