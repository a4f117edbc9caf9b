// SECURITY-CRITICAL: platform operator commands (white label). Platform-owned rows written on
// `unsafeSystemDb`; only routes declared `auth: 'operator'` reach these.
import {
  OPERATOR_TENANT_ID,
  type Branding,
  type BrandingImageType,
  type BrandingMediaRef,
  type BrandingUpdate,
} from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.js';
import { platformSettings } from '../../../platform/db/schema.js';
import { unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { storageOf } from '../../../platform/storage/storage.js';
import { BRANDING_KEY, readBranding, storedBrandingImage, type StoredBrandingImage } from '../branding.queries.js';

const EXTENSION: Record<BrandingImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

async function put(db: Database, key: string, value: string) {
  await unsafeSystemDb(db)
    .insert(platformSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedAt: new Date() } });
}

/** Name and colour; '' puts Prosa's back. */
export async function updateBranding(db: Database, input: BrandingUpdate): Promise<Branding> {
  if (input.productName !== undefined) await put(db, BRANDING_KEY.productName, input.productName);
  if (input.primaryColor !== undefined) await put(db, BRANDING_KEY.primaryColor, input.primaryColor.toLowerCase());
  return readBranding(db);
}

export interface CheckedImage {
  data: Buffer;
  type: BrandingImageType;
  width: number;
  height: number;
}

/**
 * Stores an image already checked (type, size, dimensions) in the media storage, under the
 * operator's tenant, then points the branding at it; the image it replaces is deleted after.
 */
export async function saveBrandingImage(db: Database, ref: BrandingMediaRef, image: CheckedImage): Promise<Branding> {
  const storage = storageOf(db);
  const previous = await storedBrandingImage(db, ref);
  const key = await storage.put(OPERATOR_TENANT_ID, image.data, image.type, `${ref}.${EXTENSION[image.type]}`);
  const stored: StoredBrandingImage = { key, type: image.type, width: image.width, height: image.height };
  try {
    await put(db, BRANDING_KEY.media(ref), JSON.stringify(stored));
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
  if (previous) await storage.delete(previous.key).catch(() => undefined);
  return readBranding(db);
}

/** Back to Prosa's own image for `ref`. */
export async function removeBrandingImage(db: Database, ref: BrandingMediaRef): Promise<Branding> {
  const previous = await storedBrandingImage(db, ref);
  await unsafeSystemDb(db).delete(platformSettings).where(eq(platformSettings.key, BRANDING_KEY.media(ref)));
  if (previous) await storageOf(db).delete(previous.key).catch(() => undefined);
  return readBranding(db);
}
