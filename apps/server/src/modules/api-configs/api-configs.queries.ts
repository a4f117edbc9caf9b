import { asc, eq } from 'drizzle-orm';
import { apiConfigs, channels } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';

export type ApiConfigRow = typeof apiConfigs.$inferSelect;
export type ChannelRef = { id: number; name: string; type: string };

export async function listApiConfigs(scope: TenantScope) {
  const rows = await scope.select(apiConfigs).orderBy(asc(apiConfigs.name), asc(apiConfigs.id));
  const refs = await channelRefs(scope);
  return rows.map((row) => ({ row, channel: refs.get(row.channelId) ?? null }));
}

export async function channelRefs(scope: TenantScope): Promise<Map<number, ChannelRef>> {
  const list = await scope.query((db, owns) =>
    db.select({ id: channels.id, name: channels.name, type: channels.type }).from(channels).where(owns(channels)),
  );
  return new Map(list.map((c) => [c.id, c]));
}

export async function getApiConfig(scope: TenantScope, id: number): Promise<ApiConfigRow> {
  const row = await scope.first(apiConfigs, eq(apiConfigs.id, id));
  if (!row) throw new AppError('ERR_API_CONFIG_NOT_FOUND');
  return row;
}
