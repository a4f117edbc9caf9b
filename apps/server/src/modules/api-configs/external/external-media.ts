/**
 * SECURITY-CRITICAL: which file an API token may read. The token is scoped to its configuration, so
 * only a message on a ticket of the configuration's channel, not deleted, with a stored file; any
 * other id (another channel, another company) is ERR_NOT_FOUND, told apart from nothing.
 */
import { and, eq } from 'drizzle-orm';
import { messages, tickets } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { StoredFileRef } from '../../messages/serve-stored-file.js';
import type { ApiConfigRow } from '../api-configs.queries.js';

export async function apiMessageFile(scope: TenantScope, api: ApiConfigRow, messageId: number): Promise<StoredFileRef> {
  const message = await scope.first(messages, eq(messages.id, messageId));
  if (!message?.mediaKey || message.isDeleted) throw new AppError('ERR_NOT_FOUND');
  const ticket = await scope.first(tickets, and(eq(tickets.id, message.ticketId), eq(tickets.channelId, api.channelId)));
  if (!ticket) throw new AppError('ERR_NOT_FOUND');
  return message;
}
