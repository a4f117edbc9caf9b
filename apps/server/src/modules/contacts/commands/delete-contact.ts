import { eq } from 'drizzle-orm';
import { contacts, tickets } from '../../../platform/db/schema.js';
import { isForeignKeyViolation } from '../../../platform/db/pg-errors.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { emitContactChange } from '../contacts.events.js';
import type { ContactView } from '../contacts.policy.js';
import { getContact } from '../contacts.queries.js';

/**
 * A contact with tickets cannot be deleted (ERR_CONTACT_TICKETS_REGISTERED): its conversations
 * would lose who they were with. Its tags and wallet go with it.
 */
export async function deleteContact(scope: TenantScope, view: ContactView, id: number): Promise<void> {
  try {
    await scope.transaction(async (tx) => {
      await getContact(tx, view, id);
      if ((await tx.count(tickets, eq(tickets.contactId, id))) > 0) throw new AppError('ERR_CONTACT_TICKETS_REGISTERED');
      await tx.delete(contacts, eq(contacts.id, id));
      emitContactChange(tx, 'delete', id);
    });
  } catch (err) {
    // A ticket opened between the count and the delete: the foreign key refuses the delete.
    if (isForeignKeyViolation(err)) throw new AppError('ERR_CONTACT_TICKETS_REGISTERED');
    throw err;
  }
}
