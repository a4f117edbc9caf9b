import { useSyncExternalStore } from 'react';

/**
 * The loading overlay (SPEC §7, §9): shown for a request that asks for it only if the previous call
 * started more than 2 s earlier, hidden 1 s after the request settles.
 */
export const LOADING_QUIET_MS = 2000;
export const LOADING_HIDE_AFTER_MS = 1000;

let visible = false;
let pending = 0;
let lastCallAt = 0;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (visible === next) return;
  visible = next;
  listeners.forEach((l) => l());
}

/** Called at the start of every request; returns whether this request shows the overlay. */
export function beginCall(wantsOverlay: boolean, now = Date.now()): boolean {
  const quietEnough = now - lastCallAt > LOADING_QUIET_MS;
  lastCallAt = now;
  if (!wantsOverlay || !quietEnough) return false;
  pending += 1;
  if (hideTimer) clearTimeout(hideTimer);
  set(true);
  return true;
}

export function endCall(showedOverlay: boolean): void {
  if (!showedOverlay) return;
  pending = Math.max(0, pending - 1);
  if (pending > 0) return;
  if (hideTimer) clearTimeout(hideTimer);
  hideTimer = setTimeout(() => set(false), LOADING_HIDE_AFTER_MS);
}

export function useLoadingOverlay(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => visible,
  );
}
