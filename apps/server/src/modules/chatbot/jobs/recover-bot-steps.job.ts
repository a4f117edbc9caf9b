import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { unsafeSystemDb, withTenant } from '../../../platform/db/tenant-scope.js';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { jobsOf } from '../../../platform/jobs/enqueue.js';
import { absenceDue, botConfig } from '../tenant-bot-config.js';
import { chatbotStepJob } from './chatbot-step.job.js';

/** Tickets per kind and sweep; the rest are found by the next one. */
const SWEEP_MAX = 1_000;
/** A step normally runs within a second or two; older work was lost. */
const LATE = "interval '45 seconds'";

type Found = { id: number; tenant_id: number; created_at: Date | string; absence_sent: number };
const rowsOf = (res: unknown) => (res as { rows: Found[] }).rows;

/**
 * Every minute: bot work a process took with it when it died (kill -9, a crash between a
 * message's commit and the enqueue of its step, a step job pg-boss still counts as running on the
 * dead process). The step is safe to repeat (ticket lock, bot_state.lastMessageId, the chatBot
 * log), so finding too much costs a step, never a reply twice.
 *  - A ticket in a flow with customer messages after the last one its bot handled, 45 s on.
 *  - A new ticket (the last 5 minutes, 45 s on) that no step has looked at: no flow, no bot
 *    state, no chatBot log, nobody on it, of a company with a flow, distribution or absence then
 *    due. Its decision is remade as the lost job would have made it (absence at its creation).
 * A cross-tenant read of ids only (the unscoped handle, as the platform sweepers do).
 */
export const recoverBotStepsJob = defineJob({
  id: 'chatbot.recover-steps',
  schema: z.object({}).loose(),
  cron: '* * * * *',
  retryLimit: 1,
  async handler(_data, { platform }) {
    const db = unsafeSystemDb(platform.db);
    const jobs = jobsOf(platform.db);
    const unanswered = rowsOf(
      await db.execute(sql`
        select t.id, t.tenant_id, t.created_at, t.absence_sent from tickets t
        where t.bot_state is not null and t.status <> 'closed'
          and t.last_inbound_at between now() - interval '1 day' and now() - ${sql.raw(LATE)}
          and exists (
            select 1 from messages m
            where m.tenant_id = t.tenant_id and m.ticket_id = t.id and not m.from_me
              and m.id > coalesce((t.bot_state->>'lastMessageId')::bigint, 0)
          )
        limit ${SWEEP_MAX}`),
    );
    for (const t of unanswered) await jobs.send(chatbotStepJob, { tenantId: t.tenant_id, ticketId: t.id, due: false, created: false, recovered: false });

    const unseen = rowsOf(
      await db.execute(sql`
        select t.id, t.tenant_id, t.created_at, t.absence_sent from tickets t
        where t.created_at between now() - interval '5 minutes' and now() - ${sql.raw(LATE)}
          and t.status = 'pending' and t.chat_flow_id is null and t.bot_state is null
          and t.user_id is null and not t.is_group
          and not exists (
            select 1 from ticket_logs l where l.tenant_id = t.tenant_id and l.ticket_id = t.id and l.type = 'chatBot'
          )
        limit ${SWEEP_MAX}`),
    );
    for (const t of unseen) {
      // The hook's own test (chatbot.hook.ts), on the cached company settings, at the ticket's birth.
      const config = await withTenant(platform.db, t.tenant_id, (scope) => botConfig(scope));
      const born = new Date(t.created_at);
      if (!config.hasActiveFlow && config.distribution === 'N' && !(t.absence_sent === 0 && absenceDue(config, 0, born))) continue;
      await jobs.send(chatbotStepJob, { tenantId: t.tenant_id, ticketId: t.id, due: false, created: true, recovered: true });
    }
  },
});
