import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../../apps/server/src/modules/branding/branding.test-support';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
import { DEMO, DEMO_PASSWORD, OPERATOR, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('white label (/white-label)', () => {
  it('the operator uploads a logo and names the product; a fresh login page shows both, and the browser title', async () => {
    const op = await newPage(browser, server.baseUrl);
    const page = op.page;
    await login(page, OPERATOR.email, OPERATOR.password);
    await waitForRoute(page, '/');
    await page.getByTestId('nav-white-label').click();
    await waitForRoute(page, '/white-label');
    const logoSlot = page.getByTestId('white-label-logo');
    await logoSlot.waitFor();
    expect(await logoSlot.getAttribute('data-uploaded')).toBe('false');

    // A logo of the wrong size is refused with the catalogue's text, and nothing changes.
    await page.getByTestId('white-label-logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(400, 186) });
    await page.getByText('Dimensões da imagem não aceitas.').first().waitFor();
    expect(await logoSlot.getAttribute('data-uploaded')).toBe('false');

    await page
      .getByTestId('white-label-logo-file')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(481, 186, '#1e5aa8') });
    await expect.poll(() => logoSlot.getAttribute('data-uploaded')).toBe('true');
    const preview = page.getByTestId('white-label-logo-preview');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(481);
    await page.getByTestId('white-label-favicon-file').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: png(32, 32, '#1e5aa8') });
    await expect.poll(() => page.getByTestId('white-label-favicon').getAttribute('data-uploaded')).toBe('true');

    await page.getByTestId('white-label-productName').fill('Atende Mais');
    // A light colour: the theme darkens it for its filled buttons (the accessibility check below).
    await page.getByTestId('white-label-primaryColor').fill('#4dabf7');
    await page.getByTestId('white-label-save').click();
    await page.getByText('Marca salva.').waitFor();
    // The shell follows at once: the header shows the logo, the tab the name.
    await page.locator('header [data-testid="brand-logo"]').waitFor();
    await expect.poll(() => page.title()).toBe('Atende Mais');
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-prosa-9').trim()))
      .not.toBe('#08734f');
    await expectAccessibleInBothThemes(page, '/white-label');
    await op.context.close();

    // Someone who never signed in: the login page with the operator's logo, name and favicon.
    const visitor = await newPage(browser, server.baseUrl);
    await go(visitor.page, '/login');
    const logo = visitor.page.locator('[data-testid="brand-logo"]:visible').first();
    await logo.waitFor();
    expect(await logo.getAttribute('alt')).toBe('Atende Mais');
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(481);
    await expect.poll(() => visitor.page.title()).toBe('Atende Mais');
    const favicon = await visitor.page.locator('link[rel="icon"]').getAttribute('href');
    expect(favicon).toMatch(/^\/platform\/branding\/favicon\?v=/);

    // A company's admin signs in: the header has the logo and the texts name the product.
    await login(visitor.page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(visitor.page, '/');
    await visitor.page.locator('header [data-testid="brand-logo"]').waitFor();
    await visitor.page.getByText('Um resumo da sua empresa no Atende Mais.').waitFor();

    // The installed app reads the same branding.
    const manifest = await (await fetch(`${server.baseUrl}/manifest.json`)).json();
    expect(manifest).toMatchObject({ name: 'Atende Mais', theme_color: '#4dabf7', icons: [{ sizes: '32x32', type: 'image/png' }] });
    expect(await (await fetch(`${server.baseUrl}/title`)).json()).toEqual({ title: 'Atende Mais' });
    await visitor.context.close();
  });
});
