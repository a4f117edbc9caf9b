/**
 * The chatbot engine's types: a pure core (no database, no I/O of its own) that everything else
 * reaches through ports. The inbound job (jobs/chatbot-step.job.ts) and the simulator
 * (simulate-flow.ts) run the SAME `runTurn`, with different ports: that is what makes the
 * simulator's transcript the customer's transcript.
 */
import type { BotOutcome, BotReply, BotState, BotTrace, FlowGraph } from '@prosa/contracts';

/** The bot's state as kept on the ticket (tickets.bot_state): the contract's, plus the engine's own. */
export interface EngineState extends BotState {
  /** The last customer message the bot handled (the job reads only the ones after it). */
  lastMessageId?: number;
  /** When the time without answer runs out (ISO), while the bot waits on a step. */
  dueAt?: string | null;
}

/** A webhook interaction's HTTP call, variables already filled in. */
export interface WebhookCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body: string;
}
export type WebhookAnswer = { ok: true; status: number; json: unknown } | { ok: false; status: number | null; error: string };

export interface EnginePorts {
  /** The clock: business hours, {{hour}}, the time without answer. */
  now(): Date;
  /** Whether `at` is inside the tenant's business hours (tenant hours + time zone). */
  isOpen(at: Date): boolean;
  /** Collects one reply; `delaySeconds` is the wait the step's delays put before it. */
  send(reply: BotReply, delaySeconds: number): void;
  /** Adds a tag to the ticket's contact. */
  addTag(tagId: number): Promise<void>;
  /** Puts the ticket's contact on a CRM lane (modules/kanban). */
  moveToLane(laneId: number): Promise<void>;
  /** One HTTP call; null when this runner does not call out (the simulator reports it instead). */
  webhook(call: WebhookCall): Promise<WebhookAnswer | null>;
  /**
   * The text variables of SPEC §9 for the ticket ({{name}}, {{greeting}}, ... contact extra info),
   * as they read when the ticket is at `target` (a transfer's welcome names its new queue).
   */
  variables(target?: Target): Record<string, string>;
}

/** Where a transfer sends the ticket; absent fields: where it is now. */
export interface Target {
  queueId?: number | null;
  userId?: number | null;
}

export type TurnInput =
  /** The ticket enters the flow: the first step runs. */
  | { kind: 'start' }
  /** A customer's message (its text; a button or list answer comes as its label or number). */
  | { kind: 'message'; text: string }
  /** The time without answer ran out. */
  | { kind: 'noResponse' };

/** A ticket log event the bot causes (modules/tickets/ticket-log.ts names). */
export type BotLog = 'queue' | 'userDefine' | 'retriesLimitQueue' | 'retriesLimitUserDefine';

export interface TurnResult {
  replies: BotReply[];
  trace: BotTrace[];
  /** null once the bot lets the ticket go. */
  state: EngineState | null;
  outcome: BotOutcome;
  effects: { logs: { type: BotLog; queueId: number | null; userId: number | null }[]; tags: number[] };
}

export type Flow = FlowGraph;
