import type { Panel } from '@prosa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../shared/api/client';
import { connectSocket } from '../../shared/realtime/socket';

export const PANEL_KEY = ['panel'] as const;
/** At most one read per this many ms while events stream in (a wall screen during a rush). */
const THROTTLE_MS = 400;

/**
 * The panel, read again when a ticket or a person's presence changes (the socket events the
 * server already sends to admins and supervisors for the tickets they may see) and after a
 * reconnect (what was missed meanwhile). No polling.
 */
export function usePanel() {
  const qc = useQueryClient();
  useEffect(() => {
    const socket = connectSocket();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    const refresh = () => {
      if (timer) return;
      const wait = Math.max(0, last + THROTTLE_MS - Date.now());
      timer = setTimeout(() => {
        timer = null;
        last = Date.now();
        void qc.invalidateQueries({ queryKey: PANEL_KEY });
      }, wait);
    };
    const events = ['ticket', 'user:presence', 'user:online'] as const;
    for (const e of events) socket.on(e, refresh);
    socket.io.on('reconnect', refresh);
    return () => {
      for (const e of events) socket.off(e, refresh);
      socket.io.off('reconnect', refresh);
      if (timer) clearTimeout(timer);
    };
  }, [qc]);
  return useQuery({ queryKey: PANEL_KEY, queryFn: () => http.get<Panel>('/panel') });
}
