/** Flows and ports for the engine's tests: a flow from a few steps, ports that record. */
import { ZFlowGraph, type BotReply, type FlowGraph } from '@prosa/contracts';
import { runTurn } from './run-turn.js';
import type { EnginePorts, EngineState, TurnInput, TurnResult, WebhookAnswer, WebhookCall } from './types.js';

type StepIn = { id: string; interactions?: unknown[]; conditions?: unknown[] };

/** A flow whose first step is the first given; `config` goes into the configurations node. */
export function flowOf(steps: StepIn[], config: Record<string, unknown> = {}): FlowGraph {
  return ZFlowGraph.parse({
    nodeList: [
      { id: 'start', type: 'start' },
      { id: 'configurations', type: 'configurations', configurations: config },
      ...steps.map((s) => ({ type: 'node', name: s.id, interactions: [], conditions: [], ...s })),
    ],
    lineList: [{ from: 'start', to: steps[0]!.id }],
  });
}

let seq = 0;
export const text = (message: string) => ({ id: `i${++seq}`, type: 'MessageField', data: { message } });
export const cond = (type: string, condition: string[], action = 1, to: Record<string, unknown> = {}) => ({
  id: `c${++seq}`,
  type,
  condition,
  action,
  ...to,
});

export interface TestPorts extends EnginePorts {
  sent: { reply: BotReply; delay: number }[];
  tagged: number[];
  laned: number[];
  calls: WebhookCall[];
  clock: { at: Date };
}

export function testPorts(
  opts: { open?: (at: Date) => boolean; at?: Date; webhook?: (c: WebhookCall) => WebhookAnswer | null } = {},
): TestPorts {
  const sent: TestPorts['sent'] = [];
  const tagged: number[] = [];
  const laned: number[] = [];
  const calls: WebhookCall[] = [];
  const clock = { at: opts.at ?? new Date('2026-03-02T14:00:00Z') };
  return {
    sent,
    tagged,
    laned,
    calls,
    clock,
    now: () => clock.at,
    isOpen: opts.open ?? (() => true),
    send: (reply, delay) => sent.push({ reply, delay }),
    addTag: async (id) => {
      tagged.push(id);
    },
    moveToLane: async (id) => {
      laned.push(id);
    },
    webhook: async (c) => {
      calls.push(c);
      return opts.webhook ? opts.webhook(c) : null;
    },
    variables: (target) => ({
      name: 'Ana',
      fila: target?.queueId ? `Fila ${target.queueId}` : 'Atual',
      user: target?.userId ? `Agente ${target.userId}` : '',
    }),
  };
}

/** Runs a conversation: start, then each answer; every turn's result in order. */
export async function converse(flow: FlowGraph, ports: EnginePorts, answers: (string | TurnInput)[]) {
  const turns: TurnResult[] = [];
  let state: EngineState | null = null;
  let last = await runTurn(flow, state, { kind: 'start' }, ports);
  turns.push(last);
  state = last.state;
  for (const a of answers) {
    if (!state) break;
    last = await runTurn(flow, state, typeof a === 'string' ? { kind: 'message', text: a } : a, ports);
    turns.push(last);
    state = last.state;
  }
  return { turns, last, state };
}

export const bodies = (r: TurnResult) => r.replies.map((x) => ('body' in x ? x.body : x.caption));
