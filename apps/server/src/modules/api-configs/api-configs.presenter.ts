import type { ApiConfig } from '@prosa/contracts';
import type { ApiConfigRow, ChannelRef } from './api-configs.queries.js';

export function presentApiConfig(row: ApiConfigRow, channel: ChannelRef | null): ApiConfig {
  return {
    id: row.id,
    name: row.name,
    channelId: row.channelId,
    channel: channel ? { id: channel.id, name: channel.name, type: channel.type } : null,
    statusUrl: row.statusUrl,
    active: row.active,
    tokenLast4: row.tokenLast4,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
