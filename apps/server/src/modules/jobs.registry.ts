import { processInboundJob } from './messages/inbound/process-inbound.job.js';
import { sweepInboundJob } from './messages/inbound/sweep-inbound.job.js';
import { integrationTurnJob } from './integrations/jobs/integration-turn.job.js';
import type { JobDefinition } from '../platform/jobs/define-job.js';
import { deliverWebhookJob } from './channel-webhooks/jobs/deliver-webhook.job.js';
import { sweepWebhooksJob } from './channel-webhooks/jobs/sweep-webhooks.job.js';
import { expireRatingWaitsJob } from './ratings/jobs/expire-rating-waits.job.js';
import { resendStuckJob } from './messages/jobs/resend-stuck.job.js';
import { sendMessageJob } from './messages/jobs/send-message.job.js';
import { applyActionJob } from './messages/jobs/apply-action.job.js';
import { sweepActionsJob } from './messages/jobs/sweep-actions.job.js';
import { autoCloseTicketsJob } from './tickets/jobs/auto-close-tickets.job.js';
import { autoPendingTicketsJob } from './tickets/jobs/auto-pending-tickets.job.js';
import { sweepFarewellClosesJob } from './tickets/jobs/sweep-farewell-closes.job.js';
import { closeAfterFarewellJob } from './tickets/jobs/close-after-farewell.job.js';
import { sendPasswordResetJob } from './auth/jobs/send-password-reset.job.js';
import { chatbotStepJob } from './chatbot/jobs/chatbot-step.job.js';
import { sendScheduleJob } from './schedules/jobs/send-schedule.job.js';
import { sweepDueSchedulesJob } from './schedules/jobs/sweep-due-schedules.job.js';
import { sweepBotDueJob } from './chatbot/jobs/sweep-bot-due.job.js';
import { notifyDelayedTasksJob } from './tasks/jobs/notify-delayed-tasks.job.js';
import { notifyDelayedTimerJob } from './tasks/jobs/notify-delayed-timer.job.js';
import { recoverBotStepsJob } from './chatbot/jobs/recover-bot-steps.job.js';
import { sendCampaignJob } from './campaigns/jobs/send-campaign.job.js';
import { sweepDueCampaignsJob } from './campaigns/jobs/sweep-campaigns.job.js';
import { postApiHookJob } from './api-configs/jobs/post-api-hook.job.js';
import { invoicesJob } from './billing/jobs/invoices.job.js';
import { pruneDashboardChangesJob } from './dashboard/jobs/prune-changes.job.js';

/**
 * Every background job of Prosa, listed once (house rule 10). Add a domain's jobs here;
 * the channels' jobs are listed in channels/index.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds jobs of every payload type
export const jobRegistry: JobDefinition<any>[] = [
  closeAfterFarewellJob,
  invoicesJob,
  sweepFarewellClosesJob,
  autoCloseTicketsJob,
  autoPendingTicketsJob,
  sendMessageJob,
  resendStuckJob,
  applyActionJob,
  sweepActionsJob,
  processInboundJob,
  sweepInboundJob,
  expireRatingWaitsJob,
  deliverWebhookJob,
  sweepWebhooksJob,
  sendPasswordResetJob,
  chatbotStepJob,
  sweepBotDueJob,
  notifyDelayedTasksJob,
  notifyDelayedTimerJob,
  sendScheduleJob,
  sweepDueSchedulesJob,
  recoverBotStepsJob,
  postApiHookJob,
  integrationTurnJob,
  sendCampaignJob,
  sweepDueCampaignsJob,
  pruneDashboardChangesJob,
];
