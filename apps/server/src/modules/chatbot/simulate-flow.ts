/**
 * The builder's simulator (POST /chat-flow/simulate): the SAME engine as the inbound job with
 * only the send port and the clock swapped (replies collected in memory, `at` as the clock). No
 * ticket, contact or channel: tags are not added and webhooks are not called, both reported in
 * the trace instead (a builder must not make the server call URLs on every keystroke). Queue and
 * user names come from the company, so every queue or user the flow names must be the company's.
 */
import type { FlowGraph, FlowSimulateResponse } from '@prosa/contracts';
import { z } from 'zod';
import { inArray } from 'drizzle-orm';
import type { ZFlowSimulateRequest } from '@prosa/contracts';
import { queues, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import { variablesOf } from '../messages/message-variables.js';
import { runTurn } from './engine/run-turn.js';
import { configOf } from './engine/turn-context.js';
import type { EnginePorts, EngineState, TurnInput } from './engine/types.js';
import { botConfig, isOpenAt } from './tenant-bot-config.js';

type SimulateRequest = z.output<typeof ZFlowSimulateRequest>;

/** The queues and users a flow names (conditions and configuration destinies). */
export function referencesOf(flow: FlowGraph): { queueIds: number[]; userIds: number[] } {
  const q = new Set<number>();
  const u = new Set<number>();
  for (const n of flow.nodeList) {
    if (n.type === 'node')
      for (const c of n.conditions) {
        if (c.queueId) q.add(c.queueId);
        if (c.userIdDestination) u.add(c.userIdDestination);
      }
    if (n.type === 'configurations') {
      const k = n.configurations;
      for (const d of [k.maxRetryBotMessage, k.notResponseMessage, k.outOpenHours])
        if (d.destiny) (d.type === 1 ? q : d.type === 2 ? u : new Set<number>()).add(d.destiny);
    }
  }
  return { queueIds: [...q], userIds: [...u] };
}

export async function simulateFlow(scope: TenantScope, req: SimulateRequest): Promise<FlowSimulateResponse> {
  const refs = referencesOf(req.flow);
  const queueRows = refs.queueIds.length ? await scope.select(queues, inArray(queues.id, refs.queueIds)) : [];
  if (queueRows.length !== refs.queueIds.length) throw new AppError('ERR_NO_QUEUE_FOUND');
  const userRows = refs.userIds.length ? await scope.select(users, inArray(users.id, refs.userIds)) : [];
  if (userRows.length !== refs.userIds.length) throw new AppError('ERR_NO_USER_FOUND');
  const queueName = new Map(queueRows.map((q) => [q.id, q.name]));
  const people = new Map(userRows.map((x) => [x.id, { name: x.name, email: x.email }]));
  const config = await botConfig(scope);
  const now = req.at ? new Date(req.at) : new Date();
  const ports: EnginePorts = {
    now: () => now,
    isOpen: (at) => isOpenAt(config, at),
    send: () => undefined, // the replies are the turn's result
    addTag: async () => undefined,
    moveToLane: async () => undefined,
    webhook: async () => null,
    variables: (target) =>
      variablesOf({
        contact: { name: req.contactName, number: '', email: '', extraInfo: [] },
        ticket: { id: 0, protocol: '' },
        queueName: target?.queueId ? (queueName.get(target.queueId) ?? null) : null,
        user: target?.userId ? (people.get(target.userId) ?? null) : null,
        timezone: config.timezone,
        now,
      }),
  };
  let state = req.state as EngineState | null;
  let input: TurnInput;
  if (!state) input = { kind: 'start' };
  else if (req.noResponse) {
    // The simulator asks "and if the customer says nothing?": the time is up now, if the flow has one.
    state = { ...state, dueAt: configOf(req.flow).notResponseMessage.time > 0 ? now.toISOString() : null };
    input = { kind: 'noResponse' };
  } else input = { kind: 'message', text: req.message };
  const r = await runTurn(req.flow, state, input, ports);
  return { replies: r.replies, trace: r.trace, state: r.state, outcome: r.outcome };
}
