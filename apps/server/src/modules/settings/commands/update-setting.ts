import { settingValueSchema, SETTING_KEYS, V, type SettingKey } from '@prosa/contracts';
import { settings } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { publish } from '../../../platform/realtime/publish.js';
import { findActiveFlow } from '../../chat-flows/chat-flows.queries.js';
import { requirePlanFeature } from '../../tenants/plan-features.js';

export async function updateSetting(scope: TenantScope, key: string, value: string) {
  if (!(SETTING_KEYS as readonly string[]).includes(key)) throw new AppError('ERR_NO_SETTING_FOUND');
  const parsed = settingValueSchema(key as SettingKey).safeParse(value);
  if (!parsed.success) {
    throw new AppError('ERR_VALIDATION', { value: parsed.error.issues[0]?.message ?? 'validation.invalidValue' });
  }
  // The company's default bot must be an active flow of the company, or none ('').
  if (key === 'botTicketActive' && parsed.data !== '' && !(await findActiveFlow(scope, Number(parsed.data)))) {
    throw new AppError('ERR_VALIDATION', { value: V.flowUnavailable });
  }
  // Taking group messages in is a feature of the plan (SPEC §6 "Plan flags gate ... groups").
  if (key === 'ignoreGroupMsg' && parsed.data === 'disabled') await requirePlanFeature(scope, 'group');
  const row = await scope.query((db) =>
    db
      .insert(settings)
      .values({ tenantId: scope.tenantId, key, value: parsed.data })
      .onConflictDoUpdate({ target: [settings.tenantId, settings.key], set: { value: parsed.data, updatedAt: new Date() } })
      .returning(),
  );
  scope.touched(settings);
  const saved = { key: key as SettingKey, value: row[0]!.value };
  publish(scope, { kind: 'tenant' }, 'settings', { action: 'update', setting: saved });
  return saved;
}
