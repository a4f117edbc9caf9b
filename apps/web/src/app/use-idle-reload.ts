import { useEffect } from 'react';

/** SPEC §4/§9: 1800 s without a click, mouse move or key press reloads the page. */
export const IDLE_RELOAD_MS = 1800 * 1000;
const ACTIVITY_EVENTS = ['click', 'mousemove', 'keypress'] as const;

export function useIdleReload(timeoutMs = IDLE_RELOAD_MS): void {
  useEffect(() => {
    let timer = setTimeout(() => window.location.reload(), timeoutMs);
    const reset = () => {
      clearTimeout(timer);
      timer = setTimeout(() => window.location.reload(), timeoutMs);
    };
    ACTIVITY_EVENTS.forEach((e) => window.addEventListener(e, reset, { passive: true }));
    return () => {
      clearTimeout(timer);
      ACTIVITY_EVENTS.forEach((e) => window.removeEventListener(e, reset));
    };
  }, [timeoutMs]);
}
