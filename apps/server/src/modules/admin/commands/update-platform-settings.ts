// SECURITY-CRITICAL: platform operator command: SaaS-wide settings (SMTP credentials among them),
// platform-owned rows written on `unsafeSystemDb`; only routes declared `auth: 'operator'` reach this.
import { PLATFORM_SETTING_KEYS, type PlatformSettingsUpdate } from '@prosa/contracts';
import type { Database } from '../../../platform/db/client.js';
import { platformSettings } from '../../../platform/db/schema.js';
import { unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { MASKED_SECRET, readPlatformSettings } from '../platform-settings.queries.js';

/** Upserts the keys sent; the masked SMTP password the screen got back means "keep the stored one". */
export async function updatePlatformSettings(db: Database, input: PlatformSettingsUpdate) {
  const changes = PLATFORM_SETTING_KEYS.flatMap((key) => {
    const value = input[key];
    if (value === undefined || (key === 'smtpPassword' && value === MASKED_SECRET)) return [];
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
  return readPlatformSettings(db);
}
