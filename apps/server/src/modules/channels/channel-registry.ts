/**
 * The channel adapters of Prosa, one per channel type (HOUSE.md, Channels). Each adapter module
 * calls `registerChannelAdapter` once; the outbound job looks the adapter up by `channel.type`.
 */
import type { ChannelAdapter, ChannelRow } from './channel-adapter.js';

export type ChannelType = ChannelRow['type'];

export const channelAdapters: Partial<Record<ChannelType, ChannelAdapter>> = {};

/** Registers (or replaces) the adapter of `adapter.type`. */
export function registerChannelAdapter(adapter: ChannelAdapter): void {
  channelAdapters[adapter.type] = adapter;
}
