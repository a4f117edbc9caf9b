import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../support/api';
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

const row = (name: string) => `[data-testid="queue-row"][data-name="${name}"]`;

describe('queues (/filas)', () => {
  it('an admin creates a queue, edits it, and both survive a reload', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(page, '/');
    await go(page, '/filas');

    const name = unique('Fila E2E');
    await page.getByTestId('queue-add').click();
    // The contracts schema runs in the form: an empty name is refused before any request.
    await page.getByTestId('queue-save').click();
    await page.getByText('Campo obrigatório').waitFor();
    await page.getByTestId('queue-name').fill(name);
    // A colour typed as a word is refused with the format, not silently replaced by another colour.
    await page.getByTestId('queue-color').fill('azul');
    await page.getByTestId('queue-name').click();
    await expect.poll(() => page.getByTestId('queue-color').inputValue()).toBe('azul');
    await page.getByTestId('queue-save').click();
    await page.getByText('Cor inválida. Use o formato #RRGGBB').waitFor();
    await expect.poll(() => page.locator(row(name)).count()).toBe(0);
    await expectAccessibleInBothThemes(page, 'queue form with an error');
    await page.getByTestId('queue-color').fill('#1c7ed6');
    await page.getByTestId('queue-save').click();
    await page.locator(row(name)).waitFor();
    await expectAccessibleInBothThemes(page, '/filas');

    await page.reload();
    await page.locator(row(name)).waitFor();
    expect(await page.locator(`${row(name)} [data-testid="queue-row-active"]`).isChecked()).toBe(true);

    const renamed = `${name} editada`;
    await page.locator(`${row(name)} [data-testid="queue-edit"]`).click();
    await expect.poll(() => page.getByTestId('queue-name').inputValue()).toBe(name);
    await page.getByTestId('queue-name').fill(renamed);
    await page.getByTestId('queue-color').fill('#e64980');
    // Close the colour dropdown first (a click outside it), then flip the switch.
    await page.getByTestId('queue-name').click();
    await page.getByTestId('queue-active').uncheck();
    await page.getByTestId('queue-save').click();
    await page.locator(row(renamed)).waitFor();

    await page.reload();
    await page.locator(row(renamed)).waitFor();
    await expect.poll(() => page.locator(row(name)).count()).toBe(0);
    await expect(page.locator(row(renamed)).textContent()).resolves.toContain('#e64980');
    expect(await page.locator(`${row(renamed)} [data-testid="queue-row-active"]`).isChecked()).toBe(false);
    await context.close();
  });
});
