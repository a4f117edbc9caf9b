import type { CallInfo, CallIntentInput, CallLookup, UserCallLines } from '@prosa/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../shared/api/client';

export const callKeys = {
  myLines: (channelId: number | null) => ['calls', 'my-lines', channelId ?? 'all'] as const,
  ticket: (ticketId: number) => ['calls', 'ticket', ticketId] as const,
};

/** The lines the user may call from: that channel's first, then the others (the fallback order). */
export const fetchMyCallLines = (channelId: number | null) =>
  http.get<UserCallLines>('/user/channelwavoip/', { query: { channelId: channelId ?? undefined } });

export function useMyCallLines(channelId: number | null, enabled = true) {
  return useQuery({
    queryKey: callKeys.myLines(channelId),
    queryFn: () => fetchMyCallLines(channelId),
    enabled,
    staleTime: 60_000,
  });
}

export const lookupCaller = (phone: string) => http.get<CallLookup>('/calls/lookup', { query: { phone } });

export const postCallIntent = (input: CallIntentInput) => http.post<{ id: number }>('/calls/intents', input);

export function useTicketCalls(ticketId: number) {
  return useQuery({
    queryKey: callKeys.ticket(ticketId),
    queryFn: async (): Promise<CallInfo[]> => (await http.get<{ calls: CallInfo[] }>(`/tickets/${ticketId}/calls`)).calls,
  });
}

/** The recording through Prosa's access checks (the bearer token), as a blob URL for <audio>. */
export async function recordingUrl(callLogId: number): Promise<string> {
  return URL.createObjectURL(await http.blob(`/callLogs/${callLogId}/recording`));
}
