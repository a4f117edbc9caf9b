import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, unique } from '../support/api';
import { go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
import { openWidget, ticketRow, widgetSend } from '../support/desk';
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

/** GET /tickets/{id} as the admin: its status code. */
async function adminSees(token: string, id: number): Promise<boolean> {
  try {
    await api(server.baseUrl, token, 'GET', `/tickets/${id}`);
    return true;
  } catch (err) {
    if (String(err).includes('404')) return false;
    throw err;
  }
}

describe('private tickets and the audit log', () => {
  it(
    'the agent makes its ticket private from the chat menu; the admin loses it, and in audit mode opening it is logged',
    { timeout: 240_000 },
    async () => {
      const agent = await newPage(browser, server.baseUrl);
      const customer = await newPage(browser, server.baseUrl);
      const { page } = agent;
      const visitor = unique('Cliente Privado');
      const adminToken = await apiLogin(server.baseUrl, DEMO.admin, DEMO_PASSWORD);

      await login(page, DEMO.agent, DEMO_PASSWORD);
      await waitForRoute(page, '/atendimento');
      await page.getByTestId('ticket-tab-pending').click();
      await openWidget(customer.page, 'Padaria Central', visitor);
      await widgetSend(customer.page, 'Assunto delicado, por favor.');
      await ticketRow(page, visitor).waitFor();
      await ticketRow(page, visitor).getByTestId('ticket-accept').click();
      await page.waitForFunction(() => /^#\/atendimento\/\d+/.test(window.location.hash));
      const id = Number(/atendimento\/(\d+)/.exec(page.url())![1]);

      // Private: the menu offers it because the server says so; the admin no longer finds it.
      await page.getByTestId('chat-more').click();
      await expect(page.getByTestId('chat-private').textContent()).resolves.toBe('Tornar privado');
      await page.getByTestId('chat-private').click();
      await expect.poll(() => adminSees(adminToken, id)).toBe(false);
      await expect(page.getByTestId('chat-private-badge').textContent()).resolves.toBe('Privado');
      await page.getByTestId('chat-more').click();
      await expect(page.getByTestId('chat-private').textContent()).resolves.toBe('Tornar público');

      // Public again, in audit mode: the admin opening it leaves a row on the settings page.
      await api(server.baseUrl, adminToken, 'PUT', '/settings/auditMode', { value: 'enabled' });
      await page.getByTestId('chat-private').click();
      await expect.poll(() => adminSees(adminToken, id)).toBe(true);

      const admin = await newPage(browser, server.baseUrl);
      await login(admin.page, DEMO.admin, DEMO_PASSWORD);
      // Signed in (the app has left the login screen) before going to the settings.
      await admin.page.waitForFunction(() => !window.location.hash.startsWith('#/login'));
      await go(admin.page, '/configuracoes');
      const row = admin.page.getByTestId('audit-row').filter({ hasText: visitor });
      await row.first().waitFor();
      await expect(row.first().textContent()).resolves.toContain('Abriu');

      await api(server.baseUrl, adminToken, 'PUT', '/settings/auditMode', { value: 'disabled' });
      await agent.context.close();
      await customer.context.close();
      await admin.context.close();
    },
  );
});
