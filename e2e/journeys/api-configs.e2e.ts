import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../support/api';
import { launchBrowser, login, newPage, waitForRoute } from '../support/browser';
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

describe('API configurations', () => {
  it(
    'an admin creates one, copies the token shown once, renews it and deactivates it; the old tokens stop working',
    { timeout: 180_000 },
    async () => {
      const { page } = await newPage(browser, server.baseUrl);
      const name = unique('ERP');
      /** A call of the external API with a token: 404 for a ticket that does not exist means "let in". */
      const probe = async (apiId: number, token: string) =>
        (await fetch(`${server.baseUrl}/v1/api/external/${apiId}/tickets/999999`, { headers: { authorization: `Bearer ${token}` } }))
          .status;

      await login(page, DEMO.admin, DEMO_PASSWORD);
      await waitForRoute(page, '/');
      await page.getByTestId('nav-api-configs').click();
      await waitForRoute(page, '/configuracoes-api');
      await page.getByTestId('api-config-add').click();
      await page.getByTestId('api-config-name').fill(name);
      await page.getByTestId('api-config-channelId').click();
      await page.getByRole('option').first().click();
      await page.getByTestId('api-config-statusUrl').fill('https://erp.example.com/hooks');
      await page.getByTestId('api-config-save').click();

      // The token, once, with the warning, a copy button and the curl example filled in.
      const dialog = page.getByTestId('api-token-dialog');
      await dialog.waitFor();
      await expect.poll(() => dialog.textContent()).toContain('não serão mostrados de novo');
      const token = await page.getByTestId('api-token').inputValue();
      expect(token).toMatch(/^prosa_/);
      await page.getByTestId('api-token-copy').waitFor();
      const curl = (await page.getByTestId('api-curl').textContent()) ?? '';
      const apiId = Number(/external\/(\d+)\/messages/.exec(curl)?.[1]);
      expect(curl).toContain(`${server.baseUrl}/v1/api/external/${apiId}/messages`);
      expect(curl).toContain('Bearer SEU_TOKEN');
      expect(curl).not.toContain(token);
      expect(await probe(apiId, token)).toBe(404);
      await page.getByTestId('api-token-done').click();

      // Listed with the last 4 characters only.
      const row = page.locator('[data-testid="api-config-row"]', { hasText: name });
      await row.waitFor();
      expect(await row.textContent()).toContain(token.slice(-4));
      expect(await page.content()).not.toContain(token);

      // Renew: a new token shown once; the old one is refused at once.
      await row.getByTestId('api-config-menu').click();
      await page.getByTestId('api-config-renew').click();
      await page.getByTestId('confirm-button').click();
      await dialog.waitFor();
      const renewed = await page.getByTestId('api-token').inputValue();
      expect(renewed).not.toBe(token);
      await page.getByTestId('api-token-done').click();
      expect(await probe(apiId, token)).toBe(401);
      expect(await probe(apiId, renewed)).toBe(404);

      // Deactivate: the current token is refused too.
      await row.getByTestId('api-config-menu').click();
      await page.getByTestId('api-config-toggle').click();
      await expect.poll(() => row.textContent()).toContain('Inativa');
      expect(await probe(apiId, renewed)).toBe(401);
    },
  );
});
