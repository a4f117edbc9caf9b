import type { Channel, ChannelSessionEvent } from '@prosa/contracts';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applySessionEvent, CHANNELS_KEY } from './channel-cache';

const channel = (id: number, status: Channel['status'], updatedAt: string) =>
  ({ id, name: `c${id}`, type: 'waba', status, qrcode: '', retries: 0, number: '', updatedAt }) as unknown as Channel;
const event = (id: number, status: Channel['status'], updatedAt: string): ChannelSessionEvent => ({
  id,
  status,
  qrcode: '',
  retries: 0,
  number: '',
  updatedAt,
});

describe('live session updates on /sessoes', () => {
  it('patch a cached channel in place, without reading the list again', async () => {
    const qc = new QueryClient();
    let reads = 0;
    await qc.fetchQuery({
      queryKey: CHANNELS_KEY,
      queryFn: async () => (reads++, [channel(1, 'OPENING', '2026-01-01T00:00:00Z')]),
    });
    applySessionEvent(qc, event(1, 'CONNECTED', '2026-01-01T00:00:01Z'));
    expect(qc.getQueryData<Channel[]>(CHANNELS_KEY)?.[0]?.status).toBe('CONNECTED');
    expect(reads).toBe(1);
  });

  it('an update that arrives while the list is being read again is not lost to that older reply', async () => {
    const qc = new QueryClient();
    // What the server answers: nothing yet, then the new channel still OPENING (slowly), then CONNECTED.
    let server: Channel['status'] | 'none' = 'none';
    let release: () => void = () => undefined;
    const observer = new QueryObserver<Channel[]>(qc, {
      queryKey: CHANNELS_KEY,
      queryFn: async () => {
        const at = server;
        if (at === 'none') return [];
        if (at === 'OPENING') await new Promise<void>((r) => (release = r));
        return [channel(1, at, at === 'OPENING' ? '2026-01-01T00:00:00Z' : '2026-01-01T00:00:01Z')];
      },
    });
    const stop = observer.subscribe(() => undefined);
    await expect.poll(() => qc.getQueryData<Channel[]>(CHANNELS_KEY)).toEqual([]);
    // Another admin created the channel: the screen reads the list again (the 'channel' event)...
    server = 'OPENING';
    void qc.invalidateQueries({ queryKey: CHANNELS_KEY });
    await expect.poll(() => qc.isFetching({ queryKey: CHANNELS_KEY })).toBe(1);
    // ...and its session connects before that read answers.
    server = 'CONNECTED';
    applySessionEvent(qc, event(1, 'CONNECTED', '2026-01-01T00:00:01Z'));
    release();
    await expect.poll(() => qc.getQueryData<Channel[]>(CHANNELS_KEY)?.[0]?.status).toBe('CONNECTED');
    stop();
  });
});
