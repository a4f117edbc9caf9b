/**
 * POST /campaigns/contacts/{id}: links contacts to a pending or cancelled campaign, by ids, by a
 * tag, by a wallet (an agent's contacts), by a CRM lane, or from a CSV (columns Nome and Numero)
 * whose numbers are matched to contacts or create them. A contact already linked stays as it is
 * (sent, failed: never linked twice, so never sent twice). Contacts with campaigns disabled are
 * linked as `skipped`, so the list shows why they get nothing.
 */
import { V, ZContactInput, type CampaignContactsAdd, type CampaignContactsAdded } from '@prosa/contracts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { campaignContacts, contacts, contactTags, contactWallets, tags, users } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { assertCsvFile, readContactCsv } from '../../contacts/contacts.csv.js';
import { assertEditable, lockCampaign } from '../campaign-store.js';
import { emitCampaignChange } from '../campaigns.events.js';

type Rejected = CampaignContactsAdded['rejected'][number];
const ZCsvRow = ZContactInput.pick({ name: true, number: true });
const BATCH = 1000;

/** Links the contacts `which` selects (constrained to the tenant here); answers how many were new. */
async function link(tx: TenantScope, campaignId: number, which: SQL): Promise<{ added: number; matched: number }> {
  const found = await tx.query((db, owns) =>
    db
      .select({ id: contacts.id, number: contacts.number, off: contacts.disableCampaign })
      .from(contacts)
      .where(owns(contacts, which)),
  );
  let added = 0;
  for (let i = 0; i < found.length; i += BATCH) {
    const rows = await tx.query((db) =>
      db
        .insert(campaignContacts)
        // SECURITY: the door has no ON CONFLICT: the tenant is stamped here; the contacts were
        // read through `owns`, so they are this tenant's.
        .values(
          found.slice(i, i + BATCH).map((c) => ({
            tenantId: tx.tenantId,
            campaignId,
            contactId: c.id,
            number: c.number,
            status: c.off ? ('skipped' as const) : ('send-pending' as const),
          })),
        )
        .onConflictDoNothing({ target: [campaignContacts.campaignId, campaignContacts.contactId] })
        .returning({ id: campaignContacts.id }),
    );
    added += rows.length;
  }
  return { added, matched: found.length };
}

/** The CSV's valid rows as contacts (new numbers created, known ones kept as they are); bad rows reported. */
async function contactsOfCsv(tx: TenantScope, content: Buffer, rejected: Rejected[]): Promise<number[]> {
  const rows = await readContactCsv(content);
  const valid: { name: string; number: string }[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const parsed = ZCsvRow.safeParse({ name: r.name, number: r.number });
    if (!parsed.success) rejected.push({ row: r.row, name: r.name, number: r.number, reason: parsed.error.issues[0]?.message ?? V.invalidValue });
    else if (!seen.has(parsed.data.number)) {
      seen.add(parsed.data.number);
      valid.push(parsed.data);
    }
  }
  const ids: number[] = [];
  for (let i = 0; i < valid.length; i += BATCH) {
    const batch = valid.slice(i, i + BATCH);
    const saved = await tx.query((db) =>
      db
        .insert(contacts)
        // SECURITY: the door has no upsert: the tenant is stamped here, and the conflict target
        // starts with tenant_id, so only this tenant's rows are matched. The no-op update makes
        // RETURNING answer the known contacts too; their names are left as they are.
        .values(batch.map((c) => ({ tenantId: tx.tenantId, name: c.name, number: c.number })))
        .onConflictDoUpdate({
          target: [contacts.tenantId, contacts.number],
          targetWhere: sql`${contacts.number} <> ''`,
          set: { number: sql`excluded.number` },
        })
        .returning({ id: contacts.id }),
    );
    ids.push(...saved.map((s) => s.id));
  }
  return ids;
}

export type CsvUpload = { filename: string; mimetype: string; content: Buffer };

export async function addCampaignContacts(
  scope: TenantScope,
  campaignId: number,
  input: CampaignContactsAdd | { csv: CsvUpload },
): Promise<CampaignContactsAdded> {
  if ('csv' in input) assertCsvFile(input.csv.filename, input.csv.mimetype, input.csv.content);
  return scope.transaction(async (tx) => {
    assertEditable(await lockCampaign(tx, campaignId));
    const rejected: Rejected[] = [];
    let result = { added: 0, matched: 0 };
    if ('csv' in input) {
      const ids = await contactsOfCsv(tx, input.csv.content, rejected);
      for (let i = 0; i < ids.length; i += BATCH) {
        const r = await link(tx, campaignId, inArray(contacts.id, ids.slice(i, i + BATCH)));
        result = { added: result.added + r.added, matched: result.matched + r.matched };
      }
    } else {
      if (input.tagId && !(await tx.first(tags, eq(tags.id, input.tagId)))) throw new AppError('ERR_NO_TAG_FOUND');
      if (input.walletUserId && !(await tx.first(users, eq(users.id, input.walletUserId)))) throw new AppError('ERR_NO_USER_FOUND');
      const ids = input.contactIds ?? [];
      const which = and(
        ids.length ? inArray(contacts.id, ids) : undefined,
        input.tagId
          ? sql`exists (select 1 from ${contactTags} where ${contactTags.contactId} = ${contacts.id} and ${contactTags.tenantId} = ${tx.tenantId} and ${contactTags.tagId} = ${input.tagId})`
          : undefined,
        input.walletUserId
          ? sql`exists (select 1 from ${contactWallets} where ${contactWallets.contactId} = ${contacts.id} and ${contactWallets.tenantId} = ${tx.tenantId} and ${contactWallets.userId} = ${input.walletUserId})`
          : undefined,
        input.crmLaneId ? eq(contacts.crmLaneId, input.crmLaneId) : undefined,
        // Groups are not campaign recipients.
        eq(contacts.isGroup, false),
      )!;
      result = await link(tx, campaignId, which);
      // Ids that are not this company's contacts (or groups): nothing linked, nothing changed.
      if (ids.length && result.matched < new Set(ids).size) throw new AppError('ERR_CAMPAIGN_CONTACTS_NOT_EXISTS_OR_NOT_ACESSIBLE');
    }
    if (result.added > 0) emitCampaignChange(tx, 'update', campaignId);
    return { added: result.added, existing: result.matched - result.added, rejected };
  });
}

/** DELETE /campaigns/contacts/{id}/{contactId} and /campaigns/deleteall/contacts/{id}. */
export async function removeCampaignContacts(scope: TenantScope, campaignId: number, contactId?: number): Promise<void> {
  await scope.transaction(async (tx) => {
    assertEditable(await lockCampaign(tx, campaignId));
    const removed = await tx.delete(
      campaignContacts,
      and(eq(campaignContacts.campaignId, campaignId), contactId ? eq(campaignContacts.contactId, contactId) : undefined)!,
    );
    if (contactId && removed.length === 0) throw new AppError('ERR_NO_CAMPAIGN_CONTACTS_NOT_FOUND');
    emitCampaignChange(tx, 'update', campaignId);
  });
}
