import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { campaigns, channels } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { enqueue } from '../../../platform/jobs/enqueue.js';
import type { Platform } from '../../../platform/platform.js';
import { defineSessionJob } from '../../channels/session/session-jobs.js';
import { noteRisk } from '../campaign-receipts.js';
import { sendNextContact } from '../commands/send-next-contact.js';
import { planAllows } from '../../tenants/plan-features.js';

/** Steps of one job without a delay between them (the test switch): then the job hands over. */
const MAX_STEPS = 200;

/**
 * Runs the campaign's due sends: one contact per step while the next send is due now (several only
 * with the delay switched off), then arms the timer of the next one. Safe to run late, twice or
 * after a cancel: each step claims under the campaign's lock and does nothing when not due.
 * A company whose plan no longer has campaigns sends nothing: the campaign waits, due, and the
 * sweep (which skips such companies) picks it up again once the plan has them.
 */
export async function runCampaign(platform: Platform, scope: TenantScope, campaignId: number): Promise<void> {
  if (!(await planAllows(scope, 'campaign'))) return;
  for (let i = 0; i < MAX_STEPS; i++) {
    const step = await sendNextContact(platform, scope, campaignId);
    if (step.kind === 'failed') await noteRisk(scope, campaignId);
    if (step.kind === 'busy') return armAt(scope, campaignId, new Date(Date.now() + 1000));
    if (!('next' in step)) return;
    if (step.kind === 'wait' || step.next.getTime() > Date.now()) return armAt(scope, campaignId, step.next);
  }
  armAt(scope, campaignId, new Date());
}

function armAt(scope: TenantScope, campaignId: number, at: Date): void {
  enqueue(scope, sendCampaignJob, { campaignId }, { startAfter: at, singletonKey: `campaign:${campaignId}:${at.getTime()}` });
}

/**
 * The timer of a campaign's next send. For channels whose sends need the live session (WhatsApp
 * Web) it runs on the instance holding it (modules/channels/session/session-jobs.ts).
 */
export const sendCampaignJob = defineSessionJob({
  id: 'campaigns.send',
  schema: z.object({ tenantId: z.number().int().positive(), campaignId: z.number().int().positive() }),
  // A failed step is not retried by pg-boss: the sweep finds a due campaign within a minute, and
  // a send that may have gone is never repeated (the claim says so).
  retryLimit: 0,
  // Many campaigns (of many companies) share this queue: fetched ten at a time, four at once, and
  // fetched again at once after a full batch. With one job per poll (pg-boss's default) the queue
  // served one step a second in all: a start waited behind every other campaign's timer (the bench
  // measured a first send 34 s late behind a backlog of timers).
  batchSize: 10,
  parallel: 4,
  wake: true,
  async channelOf(data, scope) {
    const [row] = await scope.query((db, owns) =>
      db
        .select({ id: channels.id, type: channels.type })
        .from(campaigns)
        .innerJoin(channels, owns(channels, eq(channels.id, campaigns.channelId)))
        .where(owns(campaigns, eq(campaigns.id, data.campaignId), inArray(campaigns.status, ['scheduled', 'processing']))),
    );
    return row;
  },
  async handler(data, ctx) {
    if (!ctx.scope) throw new Error('campaigns.send runs in a tenant scope');
    await runCampaign(ctx.platform, ctx.scope, data.campaignId);
  },
});

