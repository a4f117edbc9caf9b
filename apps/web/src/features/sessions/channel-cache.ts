import type { Channel, ChannelSessionEvent } from '@prosa/contracts';
import type { QueryClient } from '@tanstack/react-query';

export const CHANNELS_KEY = ['channels'] as const;

/** A session update onto a cached channel, unless the cache already holds a newer state. */
export function withSession(channel: Channel, e: ChannelSessionEvent): Channel {
  if (channel.id !== e.id || Date.parse(e.updatedAt) < Date.parse(channel.updatedAt)) return channel;
  return { ...channel, status: e.status, qrcode: e.qrcode, retries: e.retries, number: e.number, updatedAt: e.updatedAt };
}

export function applySessionEvent(qc: QueryClient, e: ChannelSessionEvent): void {
  qc.setQueryData<Channel[]>(CHANNELS_KEY, (list) => list?.map((c) => withSession(c, e)));
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
