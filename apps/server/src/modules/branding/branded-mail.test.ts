import { DEFAULT_PRIMARY_COLOR, type Branding } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { brandedMail, mailBrandingOf } from './branded-mail.js';

const branding: Branding = {
  productName: 'Atende <+>',
  primaryColor: DEFAULT_PRIMARY_COLOR,
  custom: true,
  logo: { url: '/platform/branding/logo?v=abc', type: 'image/png', width: 481, height: 186 },
  logoDark: null,
  favicon: null,
  appIcon: null,
};
const mail = { to: 'a@b.c', subject: 'Assunto', text: 'Olá, Ana.\n\nSeu código: 123456\nVale 15 minutos.' };

describe('branded mails', () => {
  it('with PUBLIC_URL and a logo, adds an HTML version with the logo above the escaped text', () => {
    const brand = mailBrandingOf(branding, 'https://atende.example/');
    expect(brand.logoUrl).toBe('https://atende.example/platform/branding/logo?v=abc');
    const out = brandedMail(brand, mail);
    expect(out.text).toBe(mail.text);
    expect(out.html).toContain('<img src="https://atende.example/platform/branding/logo?v=abc" alt="Atende &lt;+&gt;"');
    expect(out.html).toContain('<p>Seu código: 123456<br>Vale 15 minutos.</p>');
  });

  it('without PUBLIC_URL or without a logo, the text mail only', () => {
    expect(brandedMail(mailBrandingOf(branding, undefined), mail).html).toBeUndefined();
    expect(brandedMail(mailBrandingOf({ ...branding, logo: null }, 'https://x.example'), mail).html).toBeUndefined();
  });
});
