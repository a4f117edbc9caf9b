/**
 * One run of the bot for one ticket, in ONE transaction with the ticket row locked (FOR UPDATE):
 * a new ticket gets its flow decided (choose-flow.ts) and started; then every customer message
 * after the last one the bot handled (bot_state.lastMessageId), in id order, goes through the
 * engine until the bot lets go; or, with `due`, the time without answer fires. Replies are
 * recorded in the outbox, the outcome applied with its log events, bot_state / bot_due_at
 * updated, all in that transaction: a crash loses and duplicates nothing (the job runs again and
 * finds the same unhandled messages), and two messages arriving together are handled in order.
 * Outside business hours a ticket without a bot (or one the bot just handed over) gets the
 * company's absence message, at most `maxRetriesBusinessHours` times (tickets.absence_sent).
 */
import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { chatFlows, contacts, messages, ticketLogs, tickets } from '../../../platform/db/schema.js';
import { jsonRowReader } from '../../../platform/db/json-rows.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { Platform } from '../../../platform/platform.js';
import { emitTicketUpdateCoalesced } from '../../messages/coalesce-ticket-events.js';
import { fillVariables, variablesOf } from '../../messages/message-variables.js';
import { logTicket } from '../../tickets/ticket-log.js';
import { patchTicket } from '../../tickets/tickets.mutate.js';
import type { TicketRow } from '../../tickets/tickets.presenter.js';
import { applyOutcome, distribute } from '../apply-outcome.js';
import { jobPorts } from '../bot-ports.js';
import { decideFlow } from '../decide-flow.js';
import { flowFor } from '../flow-cache.js';
import { configOf } from '../engine/turn-context.js';
import { runTurn } from '../engine/run-turn.js';
import type { EngineState, TurnResult } from '../engine/types.js';
import { flowMedia } from '../flow-media.js';
import { lastBodyOf, patchAndRecordReplies, type Outgoing } from '../record-replies.js';
import { absenceDue, botConfig } from '../tenant-bot-config.js';

/** Messages handled per run; more wait for the next run (the job enqueues itself again). */
const BATCH = 50;

export interface StepReport {
  turns: number;
  more: boolean;
}

export async function runBotStep(
  platform: Platform,
  scope: TenantScope,
  ticketId: number,
  opts: { due?: boolean; created?: boolean; recovered?: boolean; now?: Date } = {},
): Promise<StepReport> {
  const config = await botConfig(scope);
  const now = opts.now ?? new Date();
  return scope.transaction(async (tx) => {
    // The ticket locked, with its contact and its flow's version (the graph comes from the
    // cache, flow-cache.ts), in one round trip: built once (runMemo), rows read from JSON.
    // The same statement sets this transaction's commit not to wait for the WAL flush
    // (`set_config(..., true)` is SET LOCAL), a tenth to a fifth more steps a second in
    // bench/chatbot.ts. Nothing is lost by it: a step runs in a job, and the job's completion
    // is a later, synchronous commit, which flushes the WAL up to it and so this one first; a
    // database crash before that loses the step and the job's end together, and the job runs
    // again (the step repeats nothing, see above). Nor can a reply leave and then be lost: its
    // send claims it first in a synchronous commit of its own (messages/commands/deliver-message.ts).
    const [raw] = await tx.runMemo('chatbot.step.lock', (value) => lockedTicketSql(tx, value), { ticketId });
    const row = raw ? readLocked(raw) : undefined;
    if (!row || row.ticket.status === 'closed') return { turns: 0, more: false };
    // With a queue integration (handed to it on arrival, or since): the integration answers, not the bot.
    if (row.ticket.integrationId !== null) return { turns: 0, more: false };
    const { ticket, contact } = row;
    let flowId = ticket.chatFlowId;
    let state = (ticket.botState as EngineState | null) ?? null;
    // The unhandled messages read with the lock. The row returned is the locked version (after a
    // concurrent step's commit); the filter below holds them to its lastMessageId, so a message is
    // never handled twice. One committed while this step waited for the lock is not in them: its
    // own step job (or the recovery sweep) handles it.
    const seen = state?.lastMessageId ?? 0;
    const prefetched = state ? row.pending.filter((m) => m.id > seen) : null;
    const patch: Parameters<typeof patchTicket>[2] = {};
    const out: Outgoing[] = [];
    let turns = 0;
    let more = false;
    let released = false;
    let startedAt: number | null = null;

    // A new ticket: which bot (if any) runs, decided here and not in the webhook path.
    // A repeated job of a new ticket (a crash after commit) must not start its flow again.
    if (opts.created && flowId === null && state === null && !(await botStarted(tx, ticket.id))) {
      const choice = await decideFlow(tx, ticket, contact, config.defaultFlowId);
      if (choice.flowId !== null) {
        flowId = choice.flowId;
        await logTicket(tx, ticket.id, 'chatBot', { queueId: ticket.queueId, payload: { chatFlowId: flowId, source: choice.source } });
      } else if (ticket.userId === null && choice.reason !== 'agent' && choice.reason !== 'group') {
        Object.assign(patch, await distribute(tx, ticket.id, ticket.queueId, config.distribution, now));
      }
    }

    const flow = flowId === null ? undefined : await flowFor(tx, flowId, flowId === row.flowHead?.id ? row.flowHead.updatedAt : null);
    if (flowId !== null && !flow) {
      // The flow was deleted under the ticket: the bot lets it go where it is.
      Object.assign(patch, { chatFlowId: null, botState: null, botDueAt: null });
      released = true;
    }
    if (flow) {
      const ports = await jobPorts({ tx, ticket, contact, flow: flow.flow, config, now, allowPrivate: platform.config.webhookAllowPrivate, out });
      const finish = async (r: TurnResult) => {
        turns++;
        state = r.state;
        if (r.outcome) {
          Object.assign(patch, await applyOutcome(tx, ticket, { ...r, outcome: r.outcome }, { flowId, distribution: configOf(flow.flow).autoDistributeTickets, now }));
          released = true;
        }
      };
      if (state === null) {
        // Entering the flow: the message that opened the ticket (or, for a ticket an agent moved
        // into the bot, the latest one) starts it; later ones are answers.
        const [edge] = await tx
          .select(messages, and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, false)))
          .orderBy(opts.created ? asc(messages.id) : desc(messages.id))
          .limit(1);
        startedAt = edge?.id ?? 0;
        await finish(await runTurn(flow.flow, null, { kind: 'start' }, ports));
        if (state) state = { ...(state as EngineState), lastMessageId: startedAt };
      }
      const pending = released
        ? []
        : startedAt === null && prefetched
          ? prefetched
          : await tx
              .select(messages, and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, false), gt(messages.id, (state as EngineState | null)?.lastMessageId ?? 0)))
              .orderBy(asc(messages.id))
              .limit(BATCH + 1);
      more = pending.length > BATCH || (startedAt === null && row.pending.length > BATCH);
      for (const m of pending.slice(0, BATCH)) {
        if (!state) break;
        const before: EngineState = state;
        await finish(await runTurn(flow.flow, before, { kind: 'message', text: m.body }, ports));
        if (state) state = { ...(state as EngineState), lastMessageId: m.id };
      }
      if (opts.due && state && pending.length === 0) await finish(await runTurn(flow.flow, state, { kind: 'noResponse' }, ports));
      if (!released) {
        const s = state as EngineState | null;
        Object.assign(patch, { chatFlowId: flowId, botState: s, botDueAt: s?.dueAt ? new Date(s.dueAt) : null });
      }
    }

    const inBot = flow !== undefined && !released;
    // An agent took the ticket out of the bot (accept, transfer): its old deadline goes too.
    if (!inBot && ticket.botDueAt !== null) patch.botDueAt = null;
    let absence = 0;
    // A new ticket's step remade by the recovery sweep: the absence message as it was due when the
    // ticket was born, and only if the lost step did not send it.
    const absenceNow =
      opts.recovered && opts.created
        ? ticket.absenceSent === 0 && absenceDue(config, 0, ticket.createdAt)
        : absenceDue(config, ticket.absenceSent, now);
    if (!inBot && !opts.due && patch.status !== 'closed' && absenceNow) {
      out.push({ reply: { kind: 'text', body: absenceText(config, ticket, contact, now) }, delay: 0 });
      absence = 1;
    }
    const lastBody = lastBodyOf(out);
    if (lastBody !== null) Object.assign(patch, { lastMessage: lastBody.slice(0, 255), lastMessageAt: now });
    if (absence) patch.absenceSent = ticket.absenceSent + absence;
    // The patch and the replies in one statement (record-replies.ts).
    await patchAndRecordReplies(tx, ticket, patch, out, now, (reply) =>
      flowMedia(platform.db, tx.tenantId, reply.mediaUrl, reply.name, platform.config.webhookAllowPrivate),
    );
    if (Object.keys(patch).length > 0) emitTicketUpdateCoalesced(tx, ticket.id, 'update');
    return { turns, more };
  });
}

const readTicket = jsonRowReader(tickets);
const readContact = jsonRowReader(contacts);

/** The ticket (locked), its contact, its flow's head and the unhandled messages, as JSON. */
const lockedTicketSql = (tx: TenantScope, value: (name: string) => SQL) =>
  tx.query(
    async (_db, owns) => sql`select row_to_json(${tickets}) as "ticket", row_to_json(${contacts}) as "contact",
      case when ${chatFlows.id} is null then null else json_build_object('id', ${chatFlows.id}, 'updatedAt', ${chatFlows.updatedAt}) end as "flowHead",
      ${pendingOf()} as "pending", set_config('synchronous_commit', 'off', true) as "commit"
    from ${tickets}
    join ${contacts} on ${owns(contacts, eq(contacts.id, tickets.contactId))}
    left join ${chatFlows} on ${owns(chatFlows, eq(chatFlows.id, tickets.chatFlowId))}
    where ${owns(tickets, eq(tickets.id, value('ticketId')))}
    for update of ${tickets}`,
  );

function readLocked(raw: Record<string, unknown>) {
  const head = raw.flowHead as { id: number; updatedAt: string } | null;
  return {
    ticket: readTicket(raw.ticket as Record<string, unknown>),
    contact: readContact(raw.contact as Record<string, unknown>),
    flowHead: head ? { id: head.id, updatedAt: chatFlows.updatedAt.mapFromDriverValue(head.updatedAt) as Date } : null,
    pending: raw.pending as { id: number; body: string }[],
  };
}

/**
 * The customer's messages after the ticket's bot_state.lastMessageId (id and text, in order, at
 * most BATCH + 1), for a ticket inside a flow; none for the others.
 */
const pendingOf = () =>
  sql<{ id: number; body: string }[]>`(case when ${tickets.botState} is null then '[]'::json else (
    select coalesce(json_agg(json_build_object('id', p.id, 'body', p.body) order by p.id), '[]'::json) from (
      select m.id, m.body from ${messages} m
      where m.tenant_id = ${tickets.tenantId} and m.ticket_id = ${tickets.id} and not m.from_me
        and m.id > coalesce((${tickets.botState}->>'lastMessageId')::bigint, 0)
      order by m.id limit ${BATCH + 1}) p) end)`;

const botStarted = async (tx: TenantScope, ticketId: number) =>
  (await tx.count(ticketLogs, and(eq(ticketLogs.ticketId, ticketId), eq(ticketLogs.type, 'chatBot')))) > 0;

function absenceText(config: Parameters<typeof absenceDue>[0], ticket: TicketRow, contact: typeof contacts.$inferSelect, now: Date) {
  return fillVariables(
    config.absenceMessage,
    variablesOf({
      contact: { name: contact.name, number: contact.number, email: contact.email, extraInfo: contact.extraInfo ?? [] },
      ticket: { id: ticket.id, protocol: ticket.protocol },
      queueName: null,
      user: null,
      timezone: config.timezone,
      now,
    }),
  );
}
