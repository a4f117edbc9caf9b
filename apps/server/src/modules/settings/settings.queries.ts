import { SETTING_DEFAULTS, SETTING_KEYS, type SettingKey } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { settings } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';

/** Every known setting of the tenant; keys never saved answer their default. */
export async function listSettings(scope: TenantScope): Promise<{ key: SettingKey; value: string }[]> {
  const rows = await scope.select(settings);
  const saved = new Map(rows.map((r) => [r.key, r.value]));
  return SETTING_KEYS.map((key) => ({ key, value: saved.get(key) ?? SETTING_DEFAULTS[key] }));
}

export async function getSetting(scope: TenantScope, key: SettingKey): Promise<string> {
  const row = await scope.first(settings, eq(settings.key, key));
  return row?.value ?? SETTING_DEFAULTS[key];
}

export async function isSettingEnabled(scope: TenantScope, key: SettingKey): Promise<boolean> {
  return (await getSetting(scope, key)) === 'enabled';
}
