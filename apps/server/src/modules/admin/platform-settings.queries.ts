// Platform settings (SaaS-wide: trial, notice banner, sign-up, SMTP, gateway) are platform-owned
// rows without a tenant, so they are read on the unscoped handle. Other modules read one value
// through `getPlatformSetting` and never the table.
import { PLATFORM_SETTING_KEYS, type PlatformSettingKey, type PlatformSettings } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { platformSettings } from '../../platform/db/schema.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import { open } from '../../platform/security/secret-box.js';

/** The value of every key never saved. */
export const PLATFORM_SETTING_DEFAULTS: PlatformSettings = {
  trialDays: '7',
  graceDays: '0',
  noticeBanner: '',
  noticeBannerTenants: '',
  allowSignup: 'true',
  signupNeedsToken: 'false',
  smtpHost: '',
  smtpPort: '587',
  smtpSecure: 'false',
  smtpUser: '',
  smtpPassword: '',
  smtpFrom: '',
  paymentGateway: '',
  pixKey: '',
  pixName: '',
  pixCity: '',
  mercadopagoAccessToken: '',
  mercadopagoWebhookSecret: '',
  stripeSecretKey: '',
  stripeWebhookSecret: '',
  asaasApiKey: '',
  asaasWebhookToken: '',
  efiClientId: '',
  efiClientSecret: '',
  efiCertificate: '',
  efiWebhookSecret: '',
  efiPixKey: '',
  owenUser: '',
  owenPassword: '',
  owenSecretKey: '',
  owenWebhookToken: '',
};

/** What a stored secret is answered as; sent back unchanged, it means "keep the stored one". */
export const MASKED_SECRET = '********';

export async function getPlatformSetting(db: Database, key: PlatformSettingKey): Promise<string> {
  const [row] = await unsafeSystemDb(db).select().from(platformSettings).where(eq(platformSettings.key, key));
  return row?.value ?? PLATFORM_SETTING_DEFAULTS[key];
}

/**
 * Sign-up is open only when the setting says exactly "true": a value written before it was
 * validated ("disabled", "False", "0"...) closes it rather than leaving it open (issue 9, L8).
 */
export const signupAllowed = (s: Pick<PlatformSettings, 'allowSignup'>): boolean => s.allowSignup === 'true';
/** Sign-up needs a reseller's token only when the setting says exactly "true". */
export const signupNeedsToken = (s: Pick<PlatformSettings, 'signupNeedsToken'>): boolean =>
  s.signupNeedsToken === 'true';

/** Every known key, saved value or default, unmasked: present it with `presentPlatformSettings`. */
export async function readPlatformSettings(db: Database): Promise<PlatformSettings> {
  const rows = await unsafeSystemDb(db).select().from(platformSettings);
  const saved = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(
    PLATFORM_SETTING_KEYS.map((k) => [k, saved.get(k) ?? PLATFORM_SETTING_DEFAULTS[k]]),
  ) as PlatformSettings;
}

/**
 * A sealed setting (SEALED_PLATFORM_SETTINGS: the gateways' credentials) in plain text, '' when
 * not set. A value that does not open (sealed under another ENCRYPTION_SECRET) reads as not set.
 */
export async function getSealedPlatformSetting(
  db: Database,
  key: PlatformSettingKey,
  encryptionSecret: string,
): Promise<string> {
  const sealed = await getPlatformSetting(db, key);
  if (!sealed) return '';
  try {
    return open(sealed, encryptionSecret);
  } catch {
    return '';
  }
}
