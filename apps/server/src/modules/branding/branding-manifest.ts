import type { Branding, BrandingImage } from '@prosa/contracts';

export interface WebAppManifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  background_color: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

const icon = (image: BrandingImage) => ({ src: image.url, sizes: `${image.width}x${image.height}`, type: image.type });

/**
 * The web app manifest (W3C Web Application Manifest) of the installed app: the operator's name,
 * colour and icons; Prosa's own icon when they uploaded none.
 */
export function manifestOf(branding: Branding): WebAppManifest {
  const icons = [branding.appIcon, branding.favicon].filter((i): i is BrandingImage => i !== null).map(icon);
  return {
    name: branding.productName,
    short_name: branding.productName.slice(0, 12),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: branding.primaryColor,
    icons: icons.length ? icons : [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
  };
}
