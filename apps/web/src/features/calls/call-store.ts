import { useSyncExternalStore } from 'react';
import { IDLE, type CallEvent } from './call-machine';
import type { CallController, CallView } from './call-controller';

/**
 * The page's one call controller, installed by the call dock (app layout), reachable from any
 * screen: the ticket's call button dials through it, the dock reads its view.
 */
const NO_CALL: CallView = { state: IDLE, caller: null, online: 0 };
let current: CallController | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function installCallController(c: CallController): () => void {
  current = c;
  const off = c.subscribe(notify);
  notify();
  return () => {
    off();
    if (current === c) current = null;
    notify();
  };
}

export function dispatchCall(event: CallEvent): void {
  current?.dispatch(event);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => current?.getView() ?? NO_CALL;

export function useCallView(): CallView {
  return useSyncExternalStore(subscribe, snapshot);
}
