import type { BotState, FlowGraph, FlowSimulateResponse } from '@prosa/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/client';

export interface SimulateTurn {
  flow: FlowGraph;
  state: BotState | null;
  message?: string;
  noResponse?: boolean;
  /** ISO date-time with offset: the simulated clock (business hours). */
  at?: string;
}

/** One customer turn against the builder's graph (POST /chat-flow/simulate). */
export function useSimulate() {
  return useMutation({
    mutationFn: (turn: SimulateTurn) => http.post<FlowSimulateResponse>('/chat-flow/simulate', turn),
  });
}
