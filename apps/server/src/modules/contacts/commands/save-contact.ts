import { V, ZContactPhone, type ContactInput, type ContactUpdate } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { contacts, contactTags, contactWallets } from '../../../platform/db/schema.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { assertMayPlace } from '../../kanban/commands/move-contact.js';
import type { LaneViewer } from '../../kanban/kanban.policy.js';
import { emitContactChange } from '../contacts.events.js';
import { assertMayChangeNumber, walletsFor, type ContactView } from '../contacts.policy.js';
import {
  assertNumberFree,
  assertTagsExist,
  assertUsersExist,
  getContact,
  withRelations,
  type ContactWithRelations,
} from '../contacts.queries.js';

/**
 * The lane the contact ends on (modules/kanban): left out of an edit it stays, unless the CRM is
 * being disabled, which takes the contact off the board; a lane that changes passes the board's rules.
 */
async function laneFor(
  scope: TenantScope,
  lanes: LaneViewer,
  saved: { crmLaneId: number | null; disableCrm: boolean },
  input: ContactInput,
): Promise<number | null> {
  const laneId = input.crmLaneId === undefined ? (input.disableCrm ? null : saved.crmLaneId) : input.crmLaneId;
  if (laneId !== saved.crmLaneId || (laneId !== null && input.disableCrm))
    await assertMayPlace(scope, lanes, { crmLaneId: saved.crmLaneId, disableCrm: input.disableCrm }, laneId);
  return laneId;
}

const columns = (input: ContactInput) => ({
  name: input.name,
  number: input.number,
  email: input.email,
  extraInfo: input.extraInfo,
  dealValue: input.dealValue,
  description: input.description,
  disableBot: input.disableBot,
  disableCampaign: input.disableCampaign,
  disableCrm: input.disableCrm,
  ignoreContact: input.ignoreContact,
});

async function assertReferencesExist(scope: TenantScope, tagIds: number[], walletIds: number[]) {
  await assertTagsExist(scope, tagIds);
  await assertUsersExist(scope, walletIds);
}

async function replaceRelations(tx: TenantScope, contactId: number, tagIds: number[], walletIds: number[]) {
  await tx.delete(contactTags, eq(contactTags.contactId, contactId));
  await tx.delete(contactWallets, eq(contactWallets.contactId, contactId));
  await tx.insert(contactTags, [...new Set(tagIds)].map((tagId) => ({ contactId, tagId })));
  await tx.insert(contactWallets, [...new Set(walletIds)].map((userId) => ({ contactId, userId })));
}

/** The same number saved twice at once passes both checks; the unique index answers the second. */
async function duplicateAsCode<R>(fn: () => Promise<R>): Promise<R> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('ERR_DUPLICATED_CONTACT');
    throw err;
  }
}

export async function createContact(
  scope: TenantScope,
  view: ContactView,
  lanes: LaneViewer,
  input: ContactInput,
): Promise<ContactWithRelations> {
  const wallets = walletsFor(view, input.wallets);
  const crmLaneId = await laneFor(scope, lanes, { crmLaneId: null, disableCrm: false }, input);
  await assertNumberFree(scope, input.number);
  await assertReferencesExist(scope, input.tags, wallets);
  return duplicateAsCode(() =>
    scope.transaction(async (tx) => {
      const row = await tx.insert(contacts, { ...columns(input), crmLaneId });
      await replaceRelations(tx, row.id, input.tags, wallets);
      emitContactChange(tx, 'create', row.id);
      return (await withRelations(tx, [row]))[0]!;
    }),
  );
}

export async function updateContact(
  scope: TenantScope,
  view: ContactView,
  lanes: LaneViewer,
  id: number,
  update: ContactUpdate,
): Promise<ContactWithRelations> {
  const saved = await getContact(scope, view, id);
  const input: ContactInput = { ...update, number: update.number ?? saved.number };
  // A number a person changes follows SPEC §5; the one a channel gave may stay as it is.
  if (input.number !== saved.number && !ZContactPhone.safeParse(input.number).success)
    throw new AppError('ERR_VALIDATION', { number: V.phone });
  assertMayChangeNumber(view, saved.number, input.number);
  const wallets = walletsFor(view, input.wallets);
  await assertNumberFree(scope, input.number, id);
  await assertReferencesExist(scope, input.tags, wallets);
  const crmLaneId = await laneFor(scope, lanes, saved, input);
  return duplicateAsCode(() =>
    scope.transaction(async (tx) => {
      const [row] = await tx.update(contacts, { ...columns(input), crmLaneId, updatedAt: new Date() }, eq(contacts.id, id));
      // Deleted between the read above and this write.
      if (!row) throw new AppError('ERR_NO_CONTACT_FOUND');
      await replaceRelations(tx, id, input.tags, wallets);
      emitContactChange(tx, 'update', id);
      return (await withRelations(tx, [row]))[0]!;
    }),
  );
}
