import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../support/api';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { go, launchBrowser, login, newPage, PHONE, placement, waitForRoute } from '../support/browser';
import { chatMessage, openWidget, ticketRow, widgetMessage, widgetSend } from '../support/desk';
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

const FAREWELL_WAIT_MS = 20_000;

describe('service desk loop (web chat customer and agent)', () => {
  it(
    'a customer writes on the demo site; the agent sees it live, accepts, replies and closes with a farewell',
    { timeout: 240_000 },
    async () => {
      const agent = await newPage(browser, server.baseUrl);
      const customer = await newPage(browser, server.baseUrl);
      const { page } = agent;
      const visitor = unique('Cliente Web');

      // The agent is on the Pending tab before the customer writes: the ticket must arrive live.
      await login(page, DEMO.agent, DEMO_PASSWORD);
      await waitForRoute(page, '/atendimento');
      await page.getByTestId('ticket-tab-pending').click();
      await page.locator('header [data-testid="socket-status"][data-status="online"]').waitFor();

      await openWidget(customer.page, 'Padaria Central', visitor);
      await widgetSend(customer.page, 'Olá! Vocês entregam pão de queijo?');

      await ticketRow(page, visitor).waitFor();
      await expect(ticketRow(page, visitor).getByTestId('ticket-row-last').textContent()).resolves.toContain(
        'pão de queijo',
      );
      await ticketRow(page, visitor).getByTestId('ticket-accept').click();
      await page.waitForFunction(() => /^#\/atendimento\/\d+/.test(window.location.hash));
      await expect.poll(() => page.getByTestId('chat-status').textContent()).toBe('Em atendimento');
      await chatMessage(page, 'pão de queijo', false).waitFor();
      await expectAccessibleInBothThemes(page, 'open chat');

      // On a phone: the header keeps the contact's name and protocol in sight, and the menu drawer
      // covers the ticket list (its channel icons included).
      await page.setViewportSize(PHONE);
      // A long name may end in an ellipsis, but keeps a readable width; the protocol shows whole.
      const name = await placement(page, '[data-testid="chat-contact-name"]');
      expect(name.inWindow).toBe(true);
      expect(name.clipped ? name.width : Number.POSITIVE_INFINITY).toBeGreaterThan(100);
      expect(await placement(page, '[data-testid="chat-protocol"]')).toMatchObject({ inWindow: true, clipped: false });
      await page.getByRole('button', { name: 'Voltar à lista' }).click();
      await page.getByTestId('ticket-tab-open').click();
      const icon = ticketRow(page, visitor).getByTestId('channel-icon');
      await icon.waitFor();
      await page.getByRole('button', { name: 'Abrir ou fechar o menu' }).click();
      await page.getByTestId('nav-contacts').waitFor();
      await expect
        .poll(() =>
          icon.evaluate((el) => {
            const b = el.getBoundingClientRect();
            const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
            return !!top?.closest('nav, .mantine-AppShell-navbar');
          }),
        )
        .toBe(true);
      await expectAccessibleInBothThemes(page, 'menu drawer on a phone');
      await page.getByRole('button', { name: 'Abrir ou fechar o menu' }).click();
      await page.setViewportSize({ width: 1360, height: 860 });
      await ticketRow(page, visitor).click();
      await page.getByTestId('composer-input').waitFor();

      // Enter sends.
      await page.getByTestId('composer-input').fill('Entregamos sim! Qual é o seu bairro?');
      await page.getByTestId('composer-input').press('Enter');
      await chatMessage(page, 'Qual é o seu bairro?', true).waitFor();
      await widgetMessage(customer.page, 'Qual é o seu bairro?').waitFor();

      // The customer answers; it shows in the open chat without a reload.
      await widgetSend(customer.page, 'Moro no Centro.');
      await chatMessage(page, 'Moro no Centro.', false).waitFor();

      // Close with a farewell: the customer gets it, then the ticket closes.
      await page.getByTestId('chat-close').click();
      await page.getByTestId('close-farewell').fill('Obrigado pelo contato, até logo!');
      await page.getByTestId('close-confirm').click();
      await expect.poll(() => page.getByTestId('chat-status').textContent(), { timeout: 20_000 }).toBe('Fechado');
      await page.getByTestId('composer-disabled').waitFor();
      // The server records the farewell as pending; until it hands it to the sender at once, the
      // outbox sweeper (messages.resend-stuck, every minute for messages older than 60 s) sends it.
      await widgetMessage(customer.page, 'Obrigado pelo contato, até logo!').waitFor({ timeout: FAREWELL_WAIT_MS });

      // The closed ticket is listed on the Closed tab.
      await go(page, '/atendimento');
      await page.getByTestId('ticket-tab-closed').click();
      await ticketRow(page, visitor).waitFor();
      await agent.context.close();
      await customer.context.close();
    },
  );
});
