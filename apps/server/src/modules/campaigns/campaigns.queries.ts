/** Reads of campaigns and their contacts, through the tenant door; the DTOs of @prosa/contracts. */
import {
  CAMPAIGN_CONTACT_STATUSES,
  CAMPAIGN_RISK_SHARE,
  type Campaign,
  type CampaignContactList,
  type CampaignContactStatus,
  type CampaignList,
  type ZCampaignContactQuery,
  type ZCampaignQuery,
} from '@prosa/contracts';
import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { campaignContacts, campaigns, contacts } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignContactRow = typeof campaignContacts.$inferSelect;
type Counts = Record<CampaignContactStatus, number>;

/** Errors that say nothing of the number (a crash mid-send, a template campaign not sent) do not count towards the ban risk. */
export const INTERRUPTED = 'interrupted';
/** A template campaign's template gone, or a contact without a mapped value: not sent at all. */
export const TEMPLATE_MISSING = 'ERR_NO_TEMPLATE_FOUND';
export const VALUE_MISSING = 'ERR_TEMPLATE_VALUE_MISSING';

const zeroCounts = (): Counts =>
  Object.fromEntries(CAMPAIGN_CONTACT_STATUSES.map((s) => [s, 0])) as Counts;

export interface CampaignStats {
  counts: Counts;
  /** Failures that say something of the number (not a crash mid-send). */
  failed: number;
  /** Recipients who blocked or stopped marketing after the send. */
  optedOut: number;
}

/** Delivery counts by state, and what the ban-risk figure counts, per campaign (one statement). */
export async function countsOf(scope: TenantScope, ids: number[]) {
  const out = new Map<number, CampaignStats>();
  for (const id of ids) out.set(id, { counts: zeroCounts(), failed: 0, optedOut: 0 });
  if (ids.length === 0) return out;
  const rows = await scope.query((db, owns) =>
    db
      .select({
        campaignId: campaignContacts.campaignId,
        status: campaignContacts.status,
        n: sql<number>`count(*)::int`,
        failed: sql<number>`count(*) filter (where coalesce(${campaignContacts.errorReason}, '') not in (${INTERRUPTED}, ${TEMPLATE_MISSING}) and coalesce(${campaignContacts.errorReason}, '') not like ${`${VALUE_MISSING}%`})::int`,
        optedOut: sql<number>`count(${campaignContacts.optedOutAt})::int`,
      })
      .from(campaignContacts)
      .where(owns(campaignContacts, inArray(campaignContacts.campaignId, ids)))
      .groupBy(campaignContacts.campaignId, campaignContacts.status),
  );
  for (const r of rows) {
    const c = out.get(r.campaignId)!;
    c.counts[r.status] = Number(r.n);
    if (r.status === 'error') c.failed = Number(r.failed);
    c.optedOut += Number(r.optedOut);
  }
  return out;
}

/**
 * SPEC §9: more than 2% of the recipients (skipped ones are not recipients) failed, blocked the
 * company or stopped its marketing messages (a failed row that was also an opt-out counts once:
 * an opt-out comes after a send that went).
 */
export function riskOf({ counts, failed, optedOut }: CampaignStats): boolean {
  const recipients = Object.values(counts).reduce((a, b) => a + b, 0) - counts.skipped;
  return recipients > 0 && (failed + optedOut) / recipients > CAMPAIGN_RISK_SHARE;
}

export function presentCampaign(c: CampaignRow, stats: CampaignStats): Campaign {
  return {
    id: c.id,
    name: c.name,
    startAt: c.startAt?.toISOString() ?? null,
    channelId: c.channelId,
    delaySeconds: c.delaySeconds,
    message1: c.message1,
    message2: c.message2,
    message3: c.message3,
    mediaName: c.mediaName,
    mimeType: c.mimeType,
    templateId: c.templateId,
    templateParameters: c.templateParameters,
    templateHeaderUrl: c.templateHeaderUrl,
    status: c.status,
    counts: stats.counts,
    total: Object.values(stats.counts).reduce((a, b) => a + b, 0),
    optedOut: stats.optedOut,
    riskNotice: riskOf(stats),
    startedAt: c.startedAt?.toISOString() ?? null,
    finishedAt: c.finishedAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** One campaign of the company; another company's or an unknown id: ERR_NO_CAMPAIGN_FOUND. */
export async function getCampaignRow(scope: TenantScope, id: number): Promise<CampaignRow> {
  const row = await scope.first(campaigns, eq(campaigns.id, id));
  if (!row) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
  return row;
}

export async function showCampaign(scope: TenantScope, row: CampaignRow): Promise<Campaign> {
  return presentCampaign(row, (await countsOf(scope, [row.id])).get(row.id)!);
}

export async function listCampaigns(scope: TenantScope, q: z.output<typeof ZCampaignQuery>): Promise<CampaignList> {
  const where = and(
    q.searchParam ? ilike(campaigns.name, `%${q.searchParam.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    q.status ? eq(campaigns.status, q.status) : undefined,
  );
  const rows = await scope.query((db, owns) =>
    db
      .select({ c: campaigns, total: sql<number>`count(*) over ()` })
      .from(campaigns)
      .where(owns(campaigns, where))
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(q.pageSize)
      .offset((q.pageNumber - 1) * q.pageSize),
  );
  const stats = await countsOf(scope, rows.map((r) => r.c.id));
  const count = Number(rows[0]?.total ?? 0);
  return {
    campaigns: rows.map((r) => presentCampaign(r.c, stats.get(r.c.id)!)),
    count,
    hasMore: count > q.pageNumber * q.pageSize,
  };
}

/**
 * GET /campaigns/contacts/{id}: a page of the campaign's contacts, with the counts by state. The
 * page is read alone (its index: tenant, campaign, state, id) and the names of its 50 contacts
 * after: joining and counting every linked contact per page cost ~100 ms at 1,000 (bench/campaign.ts).
 */
export async function listCampaignContacts(
  scope: TenantScope,
  campaignId: number,
  q: z.output<typeof ZCampaignContactQuery>,
): Promise<CampaignContactList> {
  await getCampaignRow(scope, campaignId);
  const page = await scope
    .select(
      campaignContacts,
      and(eq(campaignContacts.campaignId, campaignId), q.status ? eq(campaignContacts.status, q.status) : undefined)!,
    )
    .orderBy(asc(campaignContacts.id))
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize);
  const ids = page.map((cc) => cc.contactId);
  const names = new Map(
    ids.length
      ? (
          await scope.query((db, owns) =>
            db.select({ id: contacts.id, name: contacts.name }).from(contacts).where(owns(contacts, inArray(contacts.id, ids))),
          )
        ).map((c) => [c.id, c.name])
      : [],
  );
  const { counts } = (await countsOf(scope, [campaignId])).get(campaignId)!;
  const count = q.status ? counts[q.status] : Object.values(counts).reduce((x, y) => x + y, 0);
  return {
    contacts: page.map((cc) => ({
      id: cc.id,
      contactId: cc.contactId,
      name: names.get(cc.contactId) ?? '',
      number: cc.number,
      status: cc.status,
      variant: cc.variant,
      body: cc.body,
      errorReason: cc.errorReason,
      sentAt: cc.sentAt?.toISOString() ?? null,
    })),
    count,
    hasMore: count > q.pageNumber * q.pageSize,
    counts,
  };
}
