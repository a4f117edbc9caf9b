/**
 * One turn of a ticket in its flow (DOMAIN.md "Chatbot flows"): the flow starts at the step a line
 * connects from `start`; entering a step runs its interactions and waits; an answer goes, in order,
 * through the close words, the outside-hours destination (when the step does not decide hours
 * itself), the step's conditions (SPEC §4 order), else the not-understood path with its retries.
 * Pure: everything outside goes through `ports`.
 */
import type { FlowCondition, FlowStep } from '@prosa/contracts';
import { decidesHours, firstMatch } from './conditions.js';
import { close, dueAtFrom, hasDestiny, isCloseWord, noResponse, toDestiny, toQueue, toUser } from './configurations.js';
import { runInteractions } from './interactions.js';
import { firstStepOf, stepOf, TurnContext } from './turn-context.js';
import type { EnginePorts, EngineState, Flow, TurnInput, TurnResult } from './types.js';

async function enter(ctx: TurnContext, step: FlowStep, replay = false): Promise<void> {
  ctx.state.stepId = step.id;
  ctx.note('enter', step.id, null, replay ? 'replay' : '');
  await runInteractions(ctx, step, replay);
  ctx.state.dueAt = dueAtFrom(ctx.config, ctx.now, ctx.delay);
}

/** Outside hours with a destination for it: the bot hands the ticket over at once. */
function outOfHours(ctx: TurnContext, step: FlowStep | null): boolean {
  const d = ctx.config.outOpenHours;
  if (!hasDestiny(d) || (step && decidesHours(step)) || ctx.ports.isOpen(ctx.now)) return false;
  ctx.note('outOfHours', step?.id ?? null);
  toDestiny(ctx, d);
  return true;
}

async function start(ctx: TurnContext): Promise<void> {
  const first = firstStepOf(ctx.flow);
  ctx.state.retries = 0;
  if (outOfHours(ctx, first)) return;
  // A flow without a first step has nothing to say: the ticket goes on to its queue.
  if (!first) return toQueue(ctx, null);
  await enter(ctx, first);
}

async function act(ctx: TurnContext, step: FlowStep, c: FlowCondition): Promise<void> {
  ctx.note('condition', step.id, c.id, c.type);
  switch (c.action) {
    case 0: {
      const next = stepOf(ctx.flow, c.nextStepId);
      if (!next) return notUnderstood(ctx, step);
      ctx.state.retries = 0;
      return enter(ctx, next);
    }
    case 1:
      return toQueue(ctx, c.queueId);
    case 2:
      return c.userIdDestination === null ? toQueue(ctx, null) : toUser(ctx, c.userIdDestination);
    case 3:
      return close(ctx, c.message ?? '');
    case 4:
      // A step hands the conversation to a queue integration (validated on save: one of the company's).
      if (c.integrationId == null) return toQueue(ctx, c.queueId);
      ctx.release({ kind: 'integration', integrationId: c.integrationId, queueId: c.queueId });
      return;
  }
}

async function notUnderstood(ctx: TurnContext, step: FlowStep): Promise<void> {
  const retries = ctx.state.retries + 1;
  const limit = ctx.config.maxRetryBotMessage;
  if (limit.number > 0 && retries >= limit.number && hasDestiny(limit)) {
    ctx.note('retriesLimit', step.id, null, String(retries));
    return toDestiny(ctx, limit, true);
  }
  ctx.state.retries = retries;
  ctx.note('notUnderstood', step.id, null, String(retries));
  ctx.say(ctx.config.notOptionsSelectMessage.message);
  const back = ctx.config.notOptionsSelectMessage.stepReturn === 'S' ? firstStepOf(ctx.flow) : null;
  await enter(ctx, back ?? step, !back || back.id === step.id);
}

export async function runTurn(
  flow: Flow,
  state: EngineState | null,
  input: TurnInput,
  ports: EnginePorts,
): Promise<TurnResult> {
  const ctx = new TurnContext(flow, state, ports);
  const step = stepOf(flow, ctx.state.stepId);
  if (input.kind === 'start' || !step) {
    await start(ctx);
    return ctx.result();
  }
  if (input.kind === 'noResponse') {
    // Only once the time has really run out: a late sweep or a repeated job changes nothing.
    const due = ctx.state.dueAt ? new Date(ctx.state.dueAt) : null;
    if (due && due.getTime() <= ctx.now.getTime()) noResponse(ctx);
    return ctx.result();
  }
  if (isCloseWord(ctx.config, input.text)) {
    ctx.note('closeWord', step.id);
    close(ctx);
    return ctx.result();
  }
  if (outOfHours(ctx, step)) return ctx.result();
  const c = firstMatch(step, input.text, ports.isOpen(ctx.now));
  if (c) await act(ctx, step, c);
  else await notUnderstood(ctx, step);
  return ctx.result();
}
