// SECURITY-CRITICAL: a cross-tenant sweeper. It reads only (tenant id, campaign id) pairs through
// the unsafe handle and queues each campaign's job, which runs in that tenant's scope.
import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../platform/db/client.js';
import { campaigns, plans, tenants } from '../../../platform/db/schema.js';
import { unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { jobsOf } from '../../../platform/jobs/enqueue.js';
import { sendCampaignJob } from './send-campaign.job.js';

const SWEEP_MAX = 500;

/**
 * Every running campaign whose next send is due (campaigns_due_idx): the ones whose start came
 * while no server ran, and the net under a lost timer. Queues their job; the job claims under the
 * campaign's lock, so a timer and the sweep for the same campaign send once. Companies whose plan
 * has no campaigns are skipped (their campaigns wait until the plan has them again).
 */
export async function sweepDueCampaigns(db: Database, now = new Date()): Promise<number> {
  const due = await unsafeSystemDb(db)
    .select({ id: campaigns.id, tenantId: campaigns.tenantId })
    .from(campaigns)
    .innerJoin(tenants, eq(tenants.id, campaigns.tenantId))
    .leftJoin(plans, eq(plans.id, tenants.planId))
    .where(
      and(
        inArray(campaigns.status, ['scheduled', 'processing']),
        lte(campaigns.nextSendAt, now),
        or(isNull(plans.id), eq(plans.campaign, true)),
      ),
    )
    .orderBy(asc(campaigns.nextSendAt))
    .limit(SWEEP_MAX);
  const jobs = jobsOf(db);
  for (const c of due)
    await jobs.send(sendCampaignJob, { tenantId: c.tenantId, campaignId: c.id }, { singletonKey: `campaign:${c.id}:sweep` });
  return due.length;
}

export const sweepDueCampaignsJob = defineJob({
  id: 'campaigns.sweep-due',
  schema: z.object({}).loose(),
  cron: '* * * * *',
  retryLimit: 0,
  async handler(_data, { platform }) {
    await sweepDueCampaigns(platform.db);
  },
});
