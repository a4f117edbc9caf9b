import type { Channel, ChannelSessionEvent } from '@prosa/contracts';
import type { QueryClient } from '@tanstack/react-query';

export const CHANNELS_KEY = ['channels'] as const;

/** A session update onto a cached channel, unless the cache already holds a newer state. */
export function withSession(channel: Channel, e: ChannelSessionEvent): Channel {
  if (channel.id !== e.id || Date.parse(e.updatedAt) < Date.parse(channel.updatedAt)) return channel;
  return {
    ...channel,
    status: e.status,
    qrcode: e.qrcode,
    retries: e.retries,
    number: e.number,
    updatedAt: e.updatedAt,
  };
}

/**
 * Patches the cached channel. When the list does not hold it yet, or is being read (a reply read
 * before this update would overwrite the patch with an older state), the list is read again:
 * `invalidateQueries` cancels a read under way and starts a fresh one.
 */
export function applySessionEvent(qc: QueryClient, e: ChannelSessionEvent): void {
  const list = qc.getQueryData<Channel[]>(CHANNELS_KEY);
  qc.setQueryData<Channel[]>(CHANNELS_KEY, (cached) => cached?.map((c) => withSession(c, e)));
  if (!list?.some((c) => c.id === e.id) || qc.isFetching({ queryKey: CHANNELS_KEY }) > 0) {
    void qc.invalidateQueries({ queryKey: CHANNELS_KEY, refetchType: 'all' });
  }
}

/** A channel answered by the server (session action, save) replaces its cached copy. */
export function upsertChannel(qc: QueryClient, channel: Channel): void {
  qc.setQueryData<Channel[]>(CHANNELS_KEY, (list) => {
    if (!list) return list;
    const found = list.some((c) => c.id === channel.id);
    return found ? list.map((c) => (c.id === channel.id ? channel : c)) : [...list, channel];
  });
}

export function removeChannel(qc: QueryClient, id: number): void {
  qc.setQueryData<Channel[]>(CHANNELS_KEY, (list) => list?.filter((c) => c.id !== id));
}
