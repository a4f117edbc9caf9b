import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../support/api';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { go, launchBrowser, login, newPage, PHONE, placement, waitForRoute } from '../support/browser';
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

const FAREWELL_WAIT_MS = 20_000;

describe('service desk loop (web chat customer and agent)', () => {
  it(
    'a customer writes on the demo site; the agent sees it live, accepts, replies and closes with a farewell; the customer rates',
    { timeout: 240_000 },
    async () => {
      const agent = await newPage(browser, server.baseUrl);
      const customer = await newPage(browser, server.baseUrl);
      const { page } = agent;
      const visitor = unique('Cliente Web');

      // The agent is on the Pending tab before the customer writes: the ticket must arrive live.
      await login(page, DEMO.agent, DEMO_PASSWORD);
      await waitForRoute(page, '/atendimento');
      await onTicketTab(page, 'pending');

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
      // Polled: the menu column collapses with a transition after the resize, and the name's
      // width grows as it does.
      await expect
        .poll(async () => {
          const name = await placement(page, '[data-testid="chat-contact-name"]');
          return name.inWindow && (!name.clipped || name.width > 100);
        })
        .toBe(true);
      await expect
        .poll(() => placement(page, '[data-testid="chat-protocol"]'))
        .toMatchObject({ inWindow: true, clipped: false });
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
      // The reply is labelled with the agent's name (the signature), not "Atendente".
      await expect(widgetMessage(customer.page, 'Qual é o seu bairro?').textContent()).resolves.toContain(
        'Diego Alves',
      );

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
      // The widget's end state: the conversation ended, the demo channel asks for a 1-5 rating,
      // the customer taps 5 and is thanked.
      await widgetMessage(customer.page, 'Como você avalia nosso atendimento?').waitFor({ timeout: FAREWELL_WAIT_MS });
      await customer.page.getByTestId('prosa-webchat-ended').waitFor();
      await customer.page.getByTestId('prosa-webchat-rate-5').click();
      await widgetMessage(customer.page, 'Obrigado pela sua avaliação!').waitFor({ timeout: FAREWELL_WAIT_MS });
      await customer.page.getByTestId('prosa-webchat-ended').waitFor();
      await expect(customer.page.getByTestId('prosa-webchat-rating').count()).resolves.toBe(0);

      // The closed ticket is listed on the Closed tab.
      await go(page, '/atendimento');
      await page.getByTestId('ticket-tab-closed').click();
      await ticketRow(page, visitor).waitFor();
      await agent.context.close();
      await customer.context.close();
    },
  );

  it(
    'an agent opens a waiting ticket without asking for what it may not read; a transfer shows as a line in the conversation',
    { timeout: 240_000 },
    async () => {
      const agent = await newPage(browser, server.baseUrl);
      const admin = await newPage(browser, server.baseUrl);
      const customer = await newPage(browser, server.baseUrl);
      const visitor = unique('Cliente Encomenda');
      const refused: string[] = [];
      agent.page.on('response', (r) => {
        if (r.status() === 403) refused.push(r.url());
      });

      await login(agent.page, DEMO.agent, DEMO_PASSWORD);
      await waitForRoute(agent.page, '/atendimento');
      await agent.page.getByTestId('ticket-tab-pending').click();
      await openWidget(customer.page, 'Padaria Central', visitor);
      await widgetSend(customer.page, 'Queria encomendar um bolo para sábado.');

      // Opened before accepting, without peek (the demo's default): the screen says so and the
      // messages are not requested (no 403 in the console).
      await ticketRow(agent.page, visitor).getByTestId('ticket-row-name').click();
      await agent.page.getByTestId('chat-accept-to-read').waitFor();
      await agent.page.getByTestId('chat-accept').click();
      await chatMessage(agent.page, 'bolo para sábado', false).waitFor();
      expect(refused).toEqual([]);
      const ticketId = Number(await agent.page.getByTestId('chat').getAttribute('data-ticket-id'));

      // The admin hands it to the orders queue's agent; the conversation keeps the line.
      await login(admin.page, DEMO.admin, DEMO_PASSWORD);
      await waitForRoute(admin.page, '/');
      await go(admin.page, `/atendimento/${ticketId}`);
      await chatMessage(admin.page, 'bolo para sábado', false).waitFor();
      await admin.page.getByTestId('chat-transfer').click();
      await admin.page.getByTestId('transfer-queue').click();
      await admin.page.getByRole('option', { name: 'Encomendas' }).click();
      await admin.page.getByTestId('transfer-user').click();
      await admin.page.getByRole('option', { name: 'Carla Dias' }).click();
      await admin.page.getByTestId('transfer-confirm').click();
      await waitForRoute(admin.page, '/atendimento');
      await go(admin.page, `/atendimento/${ticketId}`);
      const line = admin.page.locator('[data-testid="chat-event"][data-type="transfered"]');
      await expect
        .poll(() => line.textContent())
        .toContain('Transferido de Vendas (Diego Alves) para Encomendas (Carla Dias) por Ana Souza');
      for (const c of [agent, admin, customer]) await c.context.close();
    },
  );
});
