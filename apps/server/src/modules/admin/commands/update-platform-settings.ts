// SECURITY-CRITICAL: platform operator command: SaaS-wide settings (SMTP credentials among them),
// platform-owned rows written on `unsafeSystemDb`; only routes declared `auth: 'operator'` reach this.
import {
  isMaskedSecret,
  PLATFORM_SETTING_KEYS,
  SEALED_PLATFORM_SETTINGS,
  type PlatformSettingKey,
  type PlatformSettingsUpdate,
} from '@prosa/contracts';
import type { Database } from '../../../platform/db/client.js';
import { platformSettings } from '../../../platform/db/schema.js';
import { unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { forgetGraceDays } from '../../../platform/http/plan-expiry.js';
import { seal } from '../../../platform/security/secret-box.js';
import { MASKED_SECRET, readPlatformSettings } from '../platform-settings.queries.js';

const sealed = (key: PlatformSettingKey) => (SEALED_PLATFORM_SETTINGS as readonly string[]).includes(key);

/**
 * Upserts the keys sent; a masked secret the screen got back means "keep the stored one". The
 * gateways' credentials are sealed (platform/security/secret-box.ts) before they are written.
 */
export async function updatePlatformSettings(db: Database, input: PlatformSettingsUpdate, encryptionSecret: string) {
  const changes = PLATFORM_SETTING_KEYS.flatMap((key) => {
    const value = input[key];
    if (value === undefined || (key === 'smtpPassword' && value === MASKED_SECRET)) return [];
    if (sealed(key)) {
      if (isMaskedSecret(value)) return [];
      return [{ key, value: value.trim() ? seal(value.trim(), encryptionSecret) : '' }];
    }
    return [{ key, value }];
  });
  await unsafeSystemDb(db).transaction(async (tx) => {
    for (const { key, value } of changes) {
      await tx
        .insert(platformSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedAt: new Date() } });
    }
  });
  forgetGraceDays(db);
  return readPlatformSettings(db);
}
