// SECURITY-CRITICAL: a call's recording leaves the server only to who may see the call: with a
// ticket, who may see the ticket; without one, who may see its contact (the ligacoes report's
// rule). The provider's address is never sent; the adapter fetches it from its storage origin only.
import { eq } from 'drizzle-orm';
import type { Config } from '../../../platform/config.js';
import { callLines, callLogs } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { assertMayUseContacts, contactView } from '../../contacts/contacts.policy.js';
import { getContact } from '../../contacts/contacts.queries.js';
import { getVisibleTicket } from '../../tickets/tickets.queries.js';
import { loadViewer } from '../../tickets/tickets.viewer.js';
import { callProviderOf, type RecordingStream } from '../call-provider.js';

/** Any refusal answers alike: another tenant's call, one the user may not see, none recorded. */
const none = () => new AppError('ERR_NO_RECORDING');

async function assertMaySee(scope: TenantScope, auth: AuthContext, log: typeof callLogs.$inferSelect) {
  try {
    if (log.ticketId !== null) await getVisibleTicket(scope, await loadViewer(scope, auth), log.ticketId);
    else {
      await assertMayUseContacts(scope, auth);
      await getContact(scope, await contactView(scope, auth), log.contactId);
    }
  } catch (err) {
    if (err instanceof AppError) throw none();
    throw err;
  }
}

export async function readRecording(
  scope: TenantScope,
  auth: AuthContext,
  config: Config,
  id: number,
): Promise<RecordingStream> {
  const log = await scope.first(callLogs, eq(callLogs.id, id));
  if (!log) throw none();
  await assertMaySee(scope, auth, log);
  if (!log.recordingUrl) throw none();
  const line = log.lineId === null ? undefined : await scope.first(callLines, eq(callLines.id, log.lineId));
  const recording = await callProviderOf(line?.provider ?? 'wavoip').fetchRecording(config, log.recordingUrl);
  if (!recording) throw none();
  return recording;
}
