import { SETTING_DEFAULTS, SETTING_KEYS, type SettingKey } from '@prosa/contracts';
import { settings } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';

/**
 * The company's saved settings, key -> value: read on most requests (rules, queues, bots), so
 * kept in memory until one of them changes (TenantScope.cached, change-feed.ts).
 */
function savedSettings(scope: TenantScope): Promise<ReadonlyMap<string, string>> {
  return scope.cached('settings', async () => new Map((await scope.select(settings)).map((r) => [r.key, r.value])));
}

/** Every known setting of the tenant; keys never saved answer their default. */
export async function listSettings(scope: TenantScope): Promise<{ key: SettingKey; value: string }[]> {
  const saved = await savedSettings(scope);
  return SETTING_KEYS.map((key) => ({ key, value: saved.get(key) ?? SETTING_DEFAULTS[key] }));
}

export async function getSetting(scope: TenantScope, key: SettingKey): Promise<string> {
  return (await savedSettings(scope)).get(key) ?? SETTING_DEFAULTS[key];
}

export async function isSettingEnabled(scope: TenantScope, key: SettingKey): Promise<boolean> {
  return (await getSetting(scope, key)) === 'enabled';
}
