import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
import { DEMO, DEMO_PASSWORD, startServer, type RunningServer } from '../support/server';

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

describe('interface language (pt, en, es; pt fallback)', () => {
  it('switches pt -> en -> es on the login page and keeps the choice after a reload', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await go(page, '/login');
    const title = page.getByTestId('page-title');
    await expect.poll(() => title.textContent()).toBe('Entrar');

    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-option-en').click();
    await page.getByText('Log in', { exact: true }).first().waitFor();
    await expect.poll(() => title.textContent()).toBe('Log in');

    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-option-es').click();
    await expect.poll(() => title.textContent()).toBe('Iniciar sesión');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('es');

    await page.reload();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Iniciar sesión');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es-ES');
    await expectAccessibleInBothThemes(page, '/login (es)');
    await context.close();
  });

  it('a signed-in user switches the language in the header; the menu follows and it persists', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.supervisor, DEMO_PASSWORD);
    await waitForRoute(page, '/atendimento');
    const nav = page.getByTestId('nav-attendance');
    await expect.poll(() => nav.textContent()).toContain('Atendimento');

    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-option-en').click();
    await expect.poll(() => nav.textContent()).toContain('Service desk');

    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-option-es').click();
    await expect.poll(() => nav.textContent()).toContain('Atención');

    await page.reload();
    await expect.poll(() => page.getByTestId('nav-attendance').textContent()).toContain('Atención');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Atención');
    await expectAccessibleInBothThemes(page, '/atendimento (es)');
    await context.close();
  });
});
