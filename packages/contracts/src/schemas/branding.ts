/**
 * White label (issue 16, SPEC §9 "Logos 481x186", "Icons 16 to 512 px"): the platform operator's
 * product name, primary colour, logos and icons. Read by anyone (the login page, the installed
 * app's manifest), written by the operator only.
 */
import { z } from 'zod';
import { V } from './common.js';

/** The images the operator uploads through `POST /admin/media-upload?ref={ref}`. */
export const BRANDING_MEDIA_REFS = ['logo', 'logoDark', 'favicon', 'appIcon'] as const;
export type BrandingMediaRef = (typeof BRANDING_MEDIA_REFS)[number];

/** Raster only: an SVG can carry scripts and is refused, not sanitised. */
export const BRANDING_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type BrandingImageType = (typeof BRANDING_IMAGE_TYPES)[number];

/** One image at most this big (a 481x186 logo or a 512x512 icon is far smaller). */
export const BRANDING_MAX_BYTES = 1024 * 1024;

/**
 * SPEC §9: a logo is exactly 481 x 186 px (the header and the login page lay it out at that size);
 * an icon is square, 16 to 512 px a side.
 */
export const BRANDING_LOGO_SIZE = { width: 481, height: 186 } as const;
export const BRANDING_ICON_SIDE = { min: 16, max: 512 } as const;

export function brandingImageFits(ref: BrandingMediaRef, width: number, height: number): boolean {
  if (ref === 'logo' || ref === 'logoDark') {
    return width === BRANDING_LOGO_SIZE.width && height === BRANDING_LOGO_SIZE.height;
  }
  return width === height && width >= BRANDING_ICON_SIDE.min && width <= BRANDING_ICON_SIDE.max;
}

/** The product's name and colour when the operator set none. */
export const DEFAULT_PRODUCT_NAME = 'Prosa';
export const DEFAULT_PRIMARY_COLOR = '#08734f';

export const ZBrandingImage = z.object({
  /** Same-origin path of the file; it changes with every upload, so it may be cached for long. */
  url: z.string(),
  type: z.enum(BRANDING_IMAGE_TYPES),
  width: z.number().int(),
  height: z.number().int(),
});
export type BrandingImage = z.infer<typeof ZBrandingImage>;

/** `GET /platform/branding` (public) and the operator's routes. */
export const ZBranding = z.object({
  productName: z.string(),
  primaryColor: z.string(),
  /** Whether the operator set a name or a colour of their own (the screen shows "default"). */
  custom: z.boolean(),
  logo: ZBrandingImage.nullable(),
  logoDark: ZBrandingImage.nullable(),
  favicon: ZBrandingImage.nullable(),
  appIcon: ZBrandingImage.nullable(),
});
export type Branding = z.infer<typeof ZBranding>;

/** `PUT /admin/branding`: '' puts the default back. */
export const ZBrandingUpdate = z.object({
  productName: z.string({ error: V.required }).trim().max(60, V.max).optional(),
  primaryColor: z
    .string({ error: V.required })
    .trim()
    .regex(/^(#[0-9a-fA-F]{6})?$/, V.color)
    .optional(),
});
export type BrandingUpdate = z.infer<typeof ZBrandingUpdate>;

export const ZBrandingMediaQuery = z.object({ ref: z.enum(BRANDING_MEDIA_REFS, { error: V.invalidValue }) });
export const ZBrandingMediaParams = ZBrandingMediaQuery;

/** `GET /title`: the installed app's title. */
export const ZAppTitle = z.object({ title: z.string() });
