/**
 * Contacts through the external API: a new one is checked on the configuration's channel first
 * where the channel offers a number check (check-number.ts); a number already saved answers
 * ERR_DUPLICATED_CONTACT (the unique index settles two at once).
 */
import type { ApiContactInput, ApiContactUpdate } from '@prosa/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { contacts } from '../../../platform/db/schema.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Platform } from '../../../platform/platform.js';
import { emitContactChange } from '../../contacts/contacts.events.js';
import type { ApiConfigRow } from '../api-configs.queries.js';
import { checkNumber } from './check-number.js';

async function duplicateAsCode<R>(fn: () => Promise<R>): Promise<R> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('ERR_DUPLICATED_CONTACT');
    throw err;
  }
}

async function assertNumberFree(scope: TenantScope, number: string, exceptId?: number) {
  if (await scope.first(contacts, and(eq(contacts.number, number), exceptId ? ne(contacts.id, exceptId) : undefined)))
    throw new AppError('ERR_DUPLICATED_CONTACT');
}

export async function createApiContact(platform: Platform, scope: TenantScope, config: ApiConfigRow, input: ApiContactInput) {
  await assertNumberFree(scope, input.number);
  await checkNumber(platform, scope, config.channelId, input.number, false);
  const row = await duplicateAsCode(() => scope.insert(contacts, { name: input.name, number: input.number, email: input.email }));
  emitContactChange(scope, 'create', row.id);
  return row;
}

export async function updateApiContact(platform: Platform, scope: TenantScope, config: ApiConfigRow, id: number, input: ApiContactUpdate) {
  const current = await scope.first(contacts, eq(contacts.id, id));
  if (!current) throw new AppError('ERR_NO_CONTACT_FOUND');
  if (input.number !== undefined && input.number !== current.number) {
    await assertNumberFree(scope, input.number, id);
    await checkNumber(platform, scope, config.channelId, input.number, false);
  }
  const [row] = await duplicateAsCode(() =>
    scope.update(
      contacts,
      {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.number !== undefined ? { number: input.number } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        updatedAt: new Date(),
      },
      eq(contacts.id, id),
    ),
  );
  emitContactChange(scope, 'update', id);
  return row!;
}
