import type { BotState, BotTrace, FlowGraph } from '@prosa/contracts';
import { i18n } from '../../../shared/i18n/i18n';
import { stepNames } from '../builder/graph';

/** One trace entry in words: "Entered Welcome", "Condition of Welcome", "Retry limit". */
export function traceLabel(trace: BotTrace, graph: FlowGraph): string {
  const step = (trace.stepId && stepNames(graph)[trace.stepId]) || trace.stepId || '';
  const t = i18n.t as (key: string, opts?: Record<string, string>) => string;
  return t(`chatbot.simulator.trace.${trace.kind}`, { step });
}

/**
 * What the canvas highlights after a turn: the step the bot now waits on (else the last one it
 * entered) and the last condition that fired.
 */
export function highlightOf(trace: BotTrace[], state: BotState | null): { stepId: string | null; conditionId: string | null } {
  const entered = [...trace].reverse().find((t) => t.kind === 'enter' && t.stepId);
  const fired = [...trace].reverse().find((t) => t.kind === 'condition' && t.conditionId);
  return { stepId: state?.stepId ?? entered?.stepId ?? null, conditionId: fired?.conditionId ?? null };
}
