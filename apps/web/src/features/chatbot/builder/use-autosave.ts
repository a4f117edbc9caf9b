import type { FlowGraph } from '@prosa/contracts';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/api-error';
import { serverErrors, type FlowErrors } from './validation';

export type SaveState = 'saved' | 'pending' | 'saving' | 'invalid' | 'error';
export const AUTOSAVE_DELAY_MS = 800;

/**
 * Saves the graph a moment after the last change (PUT /chat-flow/{id}), one request at a time:
 * a change made while a save runs is saved right after it. A graph with local faults is not sent
 * (the server would refuse it); the state says so. The server's field faults come back keyed
 * like the local ones.
 */
export function useAutosave(
  graph: FlowGraph,
  localErrorCount: number,
  save: (graph: FlowGraph) => Promise<unknown>,
): { state: SaveState; serverFaults: FlowErrors; failure: unknown } {
  const [state, setState] = useState<SaveState>('saved');
  const [serverFaults, setServerFaults] = useState<FlowErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const saved = useRef(graph);
  const running = useRef(false);
  const latest = useRef(graph);
  const saveRef = useRef(save);
  const faultCount = useRef(localErrorCount);
  saveRef.current = save;
  latest.current = graph;
  faultCount.current = localErrorCount;

  useEffect(() => {
    // Back to what the server has (undo then redo): nothing to send. While a save runs, its end
    // decides (what it sent may differ from this graph).
    if (graph === saved.current) {
      if (!running.current) setState('saved');
      return;
    }
    if (localErrorCount > 0) {
      setState('invalid');
      return;
    }
    setState(running.current ? 'saving' : 'pending');
    const timer = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);

    async function flush(): Promise<void> {
      if (running.current) return;
      const sending = latest.current;
      if (sending === saved.current) return;
      running.current = true;
      setState('saving');
      try {
        await saveRef.current(sending);
        saved.current = sending;
        setServerFaults({});
        setFailure(null);
        setState(latest.current === sending ? 'saved' : 'pending');
      } catch (err) {
        setFailure(err);
        setServerFaults(err instanceof ApiError ? serverErrors(sending, err.fields) : {});
        setState('error');
      } finally {
        running.current = false;
      }
      // What changed during the request goes next.
      if (latest.current !== sending && latest.current !== saved.current && faultCount.current === 0) void flush();
    }
  }, [graph, localErrorCount]);

  return { state, serverFaults, failure };
}
