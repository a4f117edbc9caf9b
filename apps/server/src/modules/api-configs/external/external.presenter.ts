import type { ApiContact, ApiTicket } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { contacts, tickets } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';

type ContactRow = typeof contacts.$inferSelect;

export function presentApiContact(row: ContactRow): ApiContact {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A ticket of the caller's company as the external API shows it (ERR_NO_TICKET_FOUND otherwise). */
export async function loadApiTicket(scope: TenantScope, id: number): Promise<ApiTicket> {
  const row = await scope.first(tickets, eq(tickets.id, id));
  if (!row) throw new AppError('ERR_NO_TICKET_FOUND');
  const contact = await scope.first(contacts, eq(contacts.id, row.contactId));
  return {
    id: row.id,
    status: row.status,
    protocol: row.protocol,
    channelId: row.channelId,
    queueId: row.queueId,
    userId: row.userId,
    chatFlowId: row.chatFlowId,
    contact: { id: row.contactId, name: contact?.name ?? '', number: contact?.number ?? '' },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
