import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { unique } from '../support/api';
import { go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
import { chatMessage, onTicketTab, openWidget, ticketRow, widgetMessage, widgetSend } from '../support/desk';
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

const SEND_WAIT_MS = 20_000;
// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('quick messages and farewell messages', () => {
  it(
    'an agent saves a quick message and a farewell, answers with /key (the name filled in) and closes with the farewell',
    { timeout: 240_000 },
    async () => {
      const agent = await newPage(browser, server.baseUrl);
      const customer = await newPage(browser, server.baseUrl);
      const { page } = agent;
      const visitor = unique('Cliente Rápido');
      const key = `saud${Date.now().toString(36)}`;
      const farewellTitle = unique('Até logo');
      const fileKey = `foto${Date.now().toString(36)}`;

      await login(page, DEMO.agent, DEMO_PASSWORD);
      await waitForRoute(page, '/atendimento');

      // /mensagens-rapidas from the menu: a private quick message with a variable.
      await page.getByTestId('nav-quick-messages').click();
      await waitForRoute(page, '/mensagens-rapidas');
      await page.getByTestId('quick-add').click();
      await page.getByTestId('quick-key').fill(key);
      await page.getByTestId('quick-message').fill('Olá {{name}}, já vejo o seu pedido!');
      await page.getByTestId('quick-save').click();
      await page.locator(`[data-testid="quick-row"][data-key="${key}"]`).waitFor();
      // And one that is only a file (message or file: SPEC §5), uploaded with the form.
      await page.getByTestId('quick-add').click();
      await page.getByTestId('quick-key').fill(fileKey);
      await page.getByTestId('quick-save').click();
      await expect.poll(() => page.getByText('Campo obrigatório').count()).toBeGreaterThan(0);
      await page
        .locator('.mantine-Modal-content input[type="file"]')
        .setInputFiles({ name: 'cardapio.png', mimeType: 'image/png', buffer: PNG });
      await page.getByTestId('quick-save').click();
      await page.locator(`[data-testid="quick-row"][data-key="${fileKey}"]`, { hasText: 'cardapio.png' }).waitFor();
      await expectAccessibleInBothThemes(page, '/mensagens-rapidas');

      // /despedida: a farewell with a variable, shared with the company.
      await page.getByTestId('nav-farewells').click();
      await waitForRoute(page, '/despedida');
      await page.getByTestId('farewell-add').click();
      await page.getByTestId('farewell-title').fill(farewellTitle);
      await page.getByTestId('farewell-message').fill('Até logo, {{name}}! Obrigado pela preferência.');
      await page.getByTestId('farewell-showForAll').click();
      await page.getByTestId('farewell-save').click();
      await page.locator('[data-testid="farewell-row"]', { hasText: farewellTitle }).waitFor();
      await expectAccessibleInBothThemes(page, '/despedida');

      // A customer writes; the agent accepts.
      await go(page, '/atendimento');
      await onTicketTab(page, 'pending');
      await openWidget(customer.page, 'Padaria Central', visitor);
      await widgetSend(customer.page, 'Oi, queria saber do meu pedido.');
      await ticketRow(page, visitor).waitFor();
      await ticketRow(page, visitor).getByTestId('ticket-accept').click();
      await page.waitForFunction(() => /^#\/atendimento\/\d+/.test(window.location.hash));
      await chatMessage(page, 'meu pedido', false).waitFor();

      // `/` opens the quick messages; typing filters them by key; Esc closes, `/` again reopens.
      const input = page.getByTestId('composer-input');
      await input.click();
      await input.pressSequentially('/');
      await page.getByTestId('quick-popup').waitFor();
      await input.press('Escape');
      await expect.poll(() => page.getByTestId('quick-popup').count()).toBe(0);
      await input.fill('');
      await input.pressSequentially(`/${key.slice(0, 6)}`);
      const item = page.locator(`[data-testid="quick-popup-item"][data-key="${key}"]`);
      await item.waitFor();
      // Arrow keys move to it, Enter picks it (and does not send).
      const items = page.getByTestId('quick-popup-item');
      const index = await items.evaluateAll((els, k) => els.findIndex((e) => e.getAttribute('data-key') === k), key);
      for (let i = 0; i < index; i++) await input.press('ArrowDown');
      await expect.poll(() => item.getAttribute('data-active')).toBe('true');
      await input.press('Enter');
      await expect.poll(() => input.inputValue()).toBe(`Olá ${visitor}, já vejo o seu pedido!`);
      await expect.poll(() => page.getByTestId('quick-popup').count()).toBe(0);

      // Enter now sends: the conversation and the customer show the name filled in.
      await input.press('Enter');
      await chatMessage(page, `Olá ${visitor}, já vejo o seu pedido!`, true).waitFor();
      await widgetMessage(customer.page, `Olá ${visitor}, já vejo o seu pedido!`).waitFor({ timeout: SEND_WAIT_MS });

      // A quick message with a file attaches it to the composer, like a picked file. (The web chat
      // channel takes no media, so it is not sent here; sending files is covered by the server's
      // messages-media tests.)
      await input.pressSequentially(`/${fileKey}`);
      await page.locator(`[data-testid="quick-popup-item"][data-key="${fileKey}"]`).waitFor();
      await expectAccessibleInBothThemes(page, 'quick message popup');
      await input.press('Enter');
      await page.getByTestId('composer-files').getByText('cardapio.png ·').waitFor();
      await expect.poll(() => input.inputValue()).toBe('');
      await page.getByTestId('composer-files').getByRole('button').click();
      await expect.poll(() => page.getByTestId('composer-files').count()).toBe(0);

      // Close with the saved farewell: picked in the dialog, sent with the name, then closed.
      await page.getByTestId('chat-close').click();
      await page.getByTestId('close-farewell-pick').click();
      await page.getByRole('option', { name: farewellTitle }).click();
      await expect
        .poll(() => page.getByTestId('close-farewell').inputValue())
        .toBe('Até logo, {{name}}! Obrigado pela preferência.');
      await page.getByTestId('close-confirm').click();
      await expect.poll(() => page.getByTestId('chat-status').textContent(), { timeout: 20_000 }).toBe('Fechado');
      await chatMessage(page, `Até logo, ${visitor}! Obrigado pela preferência.`, true).waitFor();
      await widgetMessage(customer.page, `Até logo, ${visitor}! Obrigado pela preferência.`).waitFor({
        timeout: SEND_WAIT_MS,
      });
      await agent.context.close();
      await customer.context.close();
    },
  );
});
