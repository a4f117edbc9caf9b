import { useEffect } from 'react';

/** SPEC §4/§9: 1800 s without a click, mouse move or key press reloads the page. */
export const IDLE_RELOAD_MS = 1800 * 1000;
export const ACTIVITY_EVENTS = ['click', 'mousemove', 'keypress'] as const;

/**
 * Calls `reload` once `timeoutMs` pass without activity on `target`; each activity starts the
 * wait again. Returns the function that stops watching. Kept apart from the hook so the timing
 * is tested without a browser.
 */
export function watchIdle(target: EventTarget, reload: () => void, timeoutMs = IDLE_RELOAD_MS): () => void {
  let timer = setTimeout(reload, timeoutMs);
  const reset = () => {
    clearTimeout(timer);
    timer = setTimeout(reload, timeoutMs);
  };
  ACTIVITY_EVENTS.forEach((e) => target.addEventListener(e, reset, { passive: true }));
  return () => {
    clearTimeout(timer);
    ACTIVITY_EVENTS.forEach((e) => target.removeEventListener(e, reset));
  };
}

export function useIdleReload(timeoutMs = IDLE_RELOAD_MS): void {
  useEffect(() => watchIdle(window, () => window.location.reload(), timeoutMs), [timeoutMs]);
}
