// White label: the operator's branding, kept as platform-owned rows of `platform_settings` under
// keys of its own (`branding.*`), apart from PLATFORM_SETTING_KEYS: an image's value names a media
// key, so it is written only by the upload route, never by PUT /admin/settings.
import {
  BRANDING_IMAGE_TYPES,
  BRANDING_MEDIA_REFS,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_PRODUCT_NAME,
  type Branding,
  type BrandingImage,
  type BrandingMediaRef,
} from '@prosa/contracts';
import { like } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../platform/db/client.js';
import { platformSettings } from '../../platform/db/schema.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import { isValidKey } from '../../platform/storage/storage.js';

export const BRANDING_KEY = {
  productName: 'branding.productName',
  primaryColor: 'branding.primaryColor',
  media: (ref: BrandingMediaRef) => `branding.media.${ref}`,
} as const;

/** What an image's row holds: where the bytes are and what they are. */
export const ZStoredBrandingImage = z.object({
  key: z.string().refine(isValidKey),
  type: z.enum(BRANDING_IMAGE_TYPES),
  width: z.number().int(),
  height: z.number().int(),
});
export type StoredBrandingImage = z.infer<typeof ZStoredBrandingImage>;

/** Changes with every upload (the key's random part): the URL may be cached for long. */
export const versionOf = (stored: StoredBrandingImage) => stored.key.split('/').pop()!.replace(/\..*$/, '').slice(0, 12);

function parseStored(value: string | undefined): StoredBrandingImage | null {
  if (!value) return null;
  try {
    const parsed = ZStoredBrandingImage.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function brandingRows(db: Database): Promise<Map<string, string>> {
  const rows = await unsafeSystemDb(db).select().from(platformSettings).where(like(platformSettings.key, 'branding.%'));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** One image's stored row, or null when the operator uploaded none. */
export async function storedBrandingImage(db: Database, ref: BrandingMediaRef): Promise<StoredBrandingImage | null> {
  return parseStored((await brandingRows(db)).get(BRANDING_KEY.media(ref)));
}

const present = (ref: BrandingMediaRef, stored: StoredBrandingImage | null): BrandingImage | null =>
  stored && {
    url: `/platform/branding/${ref}?v=${versionOf(stored)}`,
    type: stored.type,
    width: stored.width,
    height: stored.height,
  };

/** The branding in force: the operator's, with Prosa's name and colour where they set none. */
export async function readBranding(db: Database): Promise<Branding> {
  const rows = await brandingRows(db);
  const name = rows.get(BRANDING_KEY.productName)?.trim() ?? '';
  const color = rows.get(BRANDING_KEY.primaryColor)?.trim() ?? '';
  const images = Object.fromEntries(
    BRANDING_MEDIA_REFS.map((ref) => [ref, present(ref, parseStored(rows.get(BRANDING_KEY.media(ref))))]),
  ) as Record<BrandingMediaRef, BrandingImage | null>;
  return {
    productName: name || DEFAULT_PRODUCT_NAME,
    primaryColor: color || DEFAULT_PRIMARY_COLOR,
    custom: !!(name || color),
    ...images,
  };
}
