import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../support/api';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { go, launchBrowser, login, newPage, PHONE, placement, waitForRoute } from '../support/browser';
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

const row = (name: string) => `[data-testid="contact-row"][data-name="${name}"]`;
/** A phone number nobody in this run has used: 55 + area 11 + 9 digits. */
const phone = () => `55119${String(Date.now()).slice(-4)}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;

describe('contacts (/contatos)', () => {
  it('an admin creates a contact (a bad phone is refused first), finds it, imports a CSV and exports', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(page, '/');
    await page.getByTestId('nav-contacts').click();
    await waitForRoute(page, '/contatos');

    // The contracts schema (ZPhone) runs in the form: country + area code + number.
    const name = unique('Contato E2E');
    const number = phone();
    await page.getByTestId('contact-add').click();
    await page.getByTestId('contact-name').fill(name);
    await page.getByTestId('contact-number').fill('1234');
    await page.getByTestId('contact-save').click();
    await page.getByText('Telefone inválido').first().waitFor();
    await page.getByTestId('contact-number').fill(number);
    await page.getByTestId('contact-email').fill('e2e@exemplo.com');
    await page.getByTestId('contact-save').click();
    await page.locator(row(name)).waitFor();

    // Search needs two letters; the unique part of the name finds just this contact.
    await page.getByTestId('contact-search').fill(name.split(' ').pop()!);
    await expect.poll(() => page.getByTestId('contact-row').count()).toBe(1);
    await expect(page.locator(row(name)).textContent()).resolves.toContain(number);
    await page.getByTestId('contact-search').fill('');

    // Import: two good rows and one with a bad number; the report names the bad row and why.
    const good1 = unique('Importado A');
    const good2 = unique('Importado B');
    const csv = path.join(os.tmpdir(), `contatos-${Date.now()}.csv`);
    writeFileSync(
      csv,
      `Nome;Numero;Email\n${good1};${phone()};\nNúmero Ruim;12345;\n${good2};${phone()};b@exemplo.com\n`,
    );
    await page.getByTestId('contact-import').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('import-pick').click();
    await (await chooser).setFiles(csv);
    await page.getByTestId('import-upload').click();
    await page.getByTestId('import-report').waitFor();
    await expect(page.getByTestId('import-created').textContent()).resolves.toBe('2');
    await expect(page.getByTestId('import-rejected-count').textContent()).resolves.toBe('1');
    const rejected = page.getByTestId('import-rejected-row');
    await expect(rejected.getAttribute('data-row')).resolves.toBe('3');
    await expect(rejected.textContent()).resolves.toContain('Número Ruim');
    // The reason is a key translated on screen, not the raw key.
    await expect(page.getByTestId('import-reason').textContent()).resolves.toContain('Telefone inválido');
    await page.getByTestId('import-close').click();
    await page.locator(row(good1)).waitFor();

    // Export: a CSV download made with the bearer token.
    const download = page.waitForEvent('download');
    await page.getByTestId('contact-export').click();
    const file = await (await download).path();
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(name);
    expect(text).toContain(good2);
    await context.close();
  });

  it('starting a conversation from a contact opens its chat', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(page, '/');
    await go(page, '/contatos');
    const name = unique('Conversa E2E');
    await page.getByTestId('contact-add').click();
    await page.getByTestId('contact-name').fill(name);
    await page.getByTestId('contact-number').fill(phone());
    await page.getByTestId('contact-save').click();
    await page.locator(`${row(name)} [data-testid="contact-start"]`).click();
    await page.waitForFunction(() => /^#\/atendimento\/\d+/.test(window.location.hash));
    await expect.poll(() => page.getByTestId('chat-contact-name').textContent()).toBe(name);
    await expect(page.getByTestId('chat-status').textContent()).resolves.toBe('Em atendimento');
    await page.getByTestId('composer-input').waitFor();
    await context.close();
  });

  it('in an 800 px window a failed save keeps the field in error and Save in sight', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.setViewportSize({ width: 1280, height: 800 });
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(page, '/');
    await go(page, '/contatos');
    await page.getByTestId('contact-add').click();
    await page.getByTestId('contact-name').fill(unique('Alto'));
    await page.getByTestId('contact-number').fill('1234');
    await page.getByTestId('contact-description').fill('Uma nota longa o bastante para rolar o formulário.');
    await page.getByTestId('contact-save').click();
    await page.getByText('Telefone inválido').first().waitFor();
    await expect.poll(() => placement(page, '[data-testid="contact-number"]')).toMatchObject({ inWindow: true });
    await expect.poll(() => placement(page, '[data-testid="contact-save"]')).toMatchObject({ inWindow: true });
    // The form with its errors shown passes axe in both themes (error text included).
    await expectAccessibleInBothThemes(page, 'contact form with errors');
    await context.close();
  });

  it('on a 390 px phone every column of a contact is on screen, without a sideways scroll', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.setViewportSize(PHONE);
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(page, '/');
    await go(page, '/contatos');
    const name = unique('Celular');
    await page.getByTestId('contact-add').click();
    await page.getByTestId('contact-name').fill(name);
    await page.getByTestId('contact-number').fill(phone());
    await page.getByTestId('contact-save').click();
    await page.getByTestId('contact-search').fill(name.split(' ').pop()!);
    await expect.poll(() => page.getByTestId('contact-row').count()).toBe(1);
    for (const cell of ['contact-row-number', 'contact-row-tags', 'contact-start', 'contact-edit', 'contact-delete']) {
      const at = await placement(page, `${row(name)} [data-testid="${cell}"]`);
      expect(at, cell).toMatchObject({ inWindow: true, clipped: false });
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessibleInBothThemes(page, '/contatos (phone)');
    await context.close();
  });
});
