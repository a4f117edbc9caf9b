// /usuarios on the shared list-and-form piece (apps/web/src/shared/crud): the described form with
// the contracts schema, a server field error on its field, search, edit, delete with confirm, and
// the phone layout where every row is a card with its actions on screen.
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

const row = (email: string) => `[data-testid="user-row"][data-email="${email}"]`;

describe('users (/usuarios)', () => {
  it('an admin creates a user (empty and taken e-mail refused first), finds, edits and deletes it', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(page, '/');
    await go(page, '/usuarios');

    const name = unique('Pessoa E2E');
    const email = `e2e-${name.split(' ').pop()}@exemplo.com`;
    await page.getByTestId('user-add').click();
    const dialog = page.getByRole('dialog');
    // The contracts schema runs in the form: nothing typed, nothing sent.
    await page.getByTestId('user-save').click();
    await dialog.getByText('Campo obrigatório').first().waitFor();
    expect(await page.getByTestId('user-name').getAttribute('aria-invalid')).toBe('true');

    // The server's "e-mail taken" lands on the e-mail field.
    await page.getByTestId('user-name').fill(name);
    await page.getByTestId('user-email').fill(DEMO.agent);
    await page.getByTestId('user-password').fill('segredo-e2e-1');
    await page.getByTestId('user-save').click();
    await dialog.getByText('Já existe um usuário com este e-mail.').waitFor();
    expect(await page.getByTestId('user-email').getAttribute('aria-invalid')).toBe('true');
    await expectAccessibleInBothThemes(page, 'user form with a server error');

    await page.getByTestId('user-email').fill(email);
    await page.getByTestId('user-save').click();
    await page.getByText('Usuário criado.').waitFor();
    await page.getByTestId('user-search').fill(name.split(' ').pop()!);
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    await expect(page.locator(row(email)).textContent()).resolves.toContain(name);

    const renamed = `${name} editada`;
    await page.locator(`${row(email)} [data-testid="user-edit"]`).click();
    await expect.poll(() => page.getByTestId('user-name').inputValue()).toBe(name);
    await page.getByTestId('user-name').fill(renamed);
    await page.getByTestId('user-save').click();
    await expect.poll(() => page.locator(row(email)).textContent()).toContain(renamed);

    await page.getByRole('button', { name: `Excluir ${renamed}` }).click();
    await page.getByTestId('confirm-button').click();
    await expect.poll(() => page.locator(row(email)).count()).toBe(0);
    await page.reload();
    await page.getByTestId('user-table').waitFor();
    await expect.poll(() => page.locator(row(email)).count()).toBe(0);
    await context.close();
  });

  it('on a 390 px phone each user is a card with its actions on screen, without a sideways scroll', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.setViewportSize(PHONE);
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(page, '/');
    await go(page, '/usuarios');
    await page.locator(row(DEMO.agent)).scrollIntoViewIfNeeded();
    for (const cell of ['user-edit', 'user-delete']) {
      const at = await placement(page, `${row(DEMO.agent)} [data-testid="${cell}"]`);
      expect(at, cell).toMatchObject({ inWindow: true, clipped: false });
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
