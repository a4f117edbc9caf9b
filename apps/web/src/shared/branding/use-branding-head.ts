import { LANGUAGES } from '@prosa/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranding } from './use-branding';

function setLink(rel: string, href: string, type?: string) {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.appendChild(link);
  }
  link.href = href;
  if (type) link.type = type;
  else link.removeAttribute('type');
}

/**
 * The browser's title, favicon and theme colour follow the branding (Prosa's own by default), and
 * so do the texts that name the product (`$t(common.appName)` in the catalogues).
 */
export function useBrandingHead(): void {
  const branding = useBranding();
  const { i18n } = useTranslation();
  useEffect(() => {
    for (const lang of LANGUAGES) i18n.addResource(lang, 'translation', 'common.appName', branding.productName);
    document.title = branding.productName;
    const icon = branding.favicon ?? branding.appIcon;
    setLink('icon', icon?.url ?? './favicon.svg', icon?.type ?? 'image/svg+xml');
    setLink('apple-touch-icon', (branding.appIcon ?? branding.favicon)?.url ?? './favicon.svg');
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'theme-color';
      document.head.appendChild(meta);
    }
    meta.content = branding.primaryColor;
  }, [branding, i18n]);
}
