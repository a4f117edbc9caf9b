// The platform's mails in the operator's branding: the product's name is in the texts (the caller
// passes it from `mailBranding`), and with PUBLIC_URL known and a logo uploaded, an HTML version
// shows the logo above the same text.
import type { Branding } from '@prosa/contracts';
import type { Mail } from '../../platform/mail/mailer.js';
import type { Platform } from '../../platform/platform.js';
import { readBranding } from './branding.queries.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface MailBranding {
  productName: string;
  /** The logo's absolute URL, when PUBLIC_URL is set and the operator uploaded one. */
  logoUrl: string | null;
}

export function mailBrandingOf(branding: Branding, publicUrl: string | undefined): MailBranding {
  const base = publicUrl?.replace(/\/+$/, '');
  return { productName: branding.productName, logoUrl: base && branding.logo ? `${base}${branding.logo.url}` : null };
}

export async function mailBranding(platform: Platform): Promise<MailBranding> {
  return mailBrandingOf(await readBranding(platform.db), platform.config.publicUrl);
}

/** The mail with its HTML version when there is a logo to show. */
export function brandedMail(brand: MailBranding, mail: Omit<Mail, 'html'>): Mail {
  if (!brand.logoUrl) return mail;
  const paragraphs = mail.text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<p><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.productName)}" width="240" height="93"></p>
${paragraphs}
</body></html>`;
  return { ...mail, html };
}
