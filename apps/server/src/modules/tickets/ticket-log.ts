import { ticketLogs } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';

/** Ticket log event types (SPEC §4, DOMAIN.md names). */
export const TICKET_LOG_TYPES = [
  'access',
  'create',
  'open',
  'pending',
  'closed',
  'reopen',
  'transfered',
  'receivedTransfer',
  'queue',
  'userDefine',
  'retriesLimitQueue',
  'retriesLimitUserDefine',
  'chatBot',
  'autoClose',
  'autoPending',
  'delete',
  'integration',
  'integrationEnd',
] as const;
export type TicketLogType = (typeof TICKET_LOG_TYPES)[number];

export async function logTicket(
  scope: TenantScope,
  ticketId: number,
  type: TicketLogType,
  by: { userId?: number | null; queueId?: number | null; payload?: Record<string, unknown> } = {},
): Promise<void> {
  await scope.insert(ticketLogs, {
    ticketId,
    type,
    userId: by.userId ?? null,
    queueId: by.queueId ?? null,
    payload: by.payload ?? null,
  });
}
