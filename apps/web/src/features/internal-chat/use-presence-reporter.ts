import { useEffect } from 'react';
import { getSession } from '../../shared/auth/session';
import { connectSocket } from '../../shared/realtime/socket';

/** Idle (internal-chat presence) after this long without a click, key press, touch or mouse move. */
export const IDLE_AFTER_MS = 5 * 60_000;
const INPUTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel'] as const;
type PresenceEvent = 'setUserIdle' | 'setUserActive';

/**
 * Says `setUserIdle` after IDLE_AFTER_MS without input on `target`, and `setUserActive` at the
 * first input after that; answers the function that stops watching.
 */
export function watchPresence(target: EventTarget, say: (event: PresenceEvent) => void): () => void {
  let idle = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      idle = true;
      say('setUserIdle');
    }, IDLE_AFTER_MS);
  };
  const onInput = () => {
    if (idle) {
      idle = false;
      say('setUserActive');
    }
    arm();
  };
  arm();
  for (const e of INPUTS) target.addEventListener(e, onInput, { passive: true });
  return () => {
    clearTimeout(timer);
    for (const e of INPUTS) target.removeEventListener(e, onInput);
  };
}

/**
 * Tells the server when the user goes idle and comes back; offline is the server's to see (no
 * socket left). Connecting already announces setUserActive (shared/realtime/socket.ts).
 */
export function usePresenceReporter(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    return watchPresence(window, (event) => {
      const tenantId = getSession()?.tenantId;
      if (tenantId) connectSocket().emit(event, tenantId);
    });
  }, [enabled]);
}
