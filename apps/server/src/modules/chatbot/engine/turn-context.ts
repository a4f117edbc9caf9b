/** One turn's working set: what the bot sent, why, and where it leaves the ticket. */
import {
  FLOW_CONFIG_ID,
  FLOW_START_ID,
  ZFlowConfigurations,
  type BotOutcome,
  type BotReply,
  type BotTrace,
  type FlowConfigurations,
  type FlowStep,
} from '@prosa/contracts';
import { fillVariables } from '../../messages/message-variables.js';
import type { BotLog, EnginePorts, EngineState, Flow, Target, TurnResult } from './types.js';

export function configOf(flow: Flow): FlowConfigurations {
  const node = flow.nodeList.find((n) => n.id === FLOW_CONFIG_ID);
  return node && node.type === 'configurations' ? node.configurations : ZFlowConfigurations.parse({});
}

export function stepOf(flow: Flow, id: string | null | undefined): FlowStep | null {
  if (!id) return null;
  const node = flow.nodeList.find((n) => n.id === id);
  return node && node.type === 'node' ? node : null;
}

/** The flow's first step: the one a line connects from `start` (DOMAIN.md). */
export function firstStepOf(flow: Flow): FlowStep | null {
  for (const line of flow.lineList) if (line.from === FLOW_START_ID) {
    const step = stepOf(flow, line.to);
    if (step) return step;
  }
  return null;
}

export class TurnContext {
  readonly replies: BotReply[] = [];
  readonly trace: BotTrace[] = [];
  readonly logs: TurnResult['effects']['logs'] = [];
  readonly tags: number[] = [];
  readonly config: FlowConfigurations;
  readonly now: Date;
  /** Seconds of the step's delays so far: replies after a delay go out that much later. */
  delay = 0;
  state: EngineState;
  outcome: BotOutcome = null;
  released = false;

  constructor(
    readonly flow: Flow,
    state: EngineState | null,
    readonly ports: EnginePorts,
  ) {
    this.config = configOf(flow);
    this.now = ports.now();
    this.state = state
      ? { ...state, variables: { ...state.variables } }
      : { stepId: null, retries: 0, variables: {} };
  }

  /** `text` with its {{variables}}: the ticket's (SPEC §9), then those webhooks mapped. */
  fill(text: string, target?: Target): string {
    if (!text.includes('{{')) return text;
    return fillVariables(text, { ...this.ports.variables(target), ...this.state.variables });
  }

  send(reply: BotReply): void {
    this.replies.push(reply);
    this.ports.send(reply, this.delay);
  }

  /** A text reply, variables filled; nothing for an empty text. */
  say(text: string, target?: Target): void {
    const body = this.fill(text, target).trim();
    if (body) this.send({ kind: 'text', body });
  }

  note(kind: BotTrace['kind'], stepId: string | null = this.state.stepId, conditionId: string | null = null, detail = '') {
    this.trace.push({ kind, stepId, conditionId, detail });
  }

  log(type: BotLog, queueId: number | null, userId: number | null) {
    this.logs.push({ type, queueId, userId });
  }

  /** The bot lets the ticket go with this outcome. */
  release(outcome: NonNullable<BotOutcome>) {
    this.outcome = outcome;
    this.released = true;
  }

  result(): TurnResult {
    return {
      replies: this.replies,
      trace: this.trace,
      state: this.released ? null : this.state,
      outcome: this.outcome,
      effects: { logs: this.logs, tags: this.tags },
    };
  }
}
