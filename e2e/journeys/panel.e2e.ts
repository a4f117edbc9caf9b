/**
 * The attendance panel (/painel-atendimentos) live: a supervisor watches it while, in another
 * browser, a web chat customer writes and an agent accepts the ticket; the agent's card gains the
 * ticket (waiting: the customer wrote last) without a reload, and the queue view and the synthetic
 * variants show the same numbers.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { unique } from '../support/api';
import { go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
import { onTicketTab, openWidget, ticketRow, widgetSend } from '../support/desk';
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

describe('attendance panel', () => {
  it('a supervisor sees an agent accept a ticket live, by user and by queue, in full and synthetic', { timeout: 240_000 }, async () => {
    const sup = await newPage(browser, server.baseUrl);
    const agent = await newPage(browser, server.baseUrl);
    const customer = await newPage(browser, server.baseUrl);
    const visitor = unique('Cliente Painel');

    await login(sup.page, DEMO.supervisor, DEMO_PASSWORD);
    await waitForRoute(sup.page, '/atendimento');
    await sup.page.getByTestId('nav-panel').click();
    await waitForRoute(sup.page, '/painel-atendimentos');
    const diego = sup.page.locator('[data-testid="panel-user"][data-name="Diego Alves"]');
    await diego.waitFor();
    const openBefore = Number(await diego.getAttribute('data-open'));
    await expectAccessibleInBothThemes(sup.page, '/painel-atendimentos');

    // Another browser: a customer writes on the site's chat, the agent accepts.
    await login(agent.page, DEMO.agent, DEMO_PASSWORD);
    await waitForRoute(agent.page, '/atendimento');
    await onTicketTab(agent.page, 'pending');
    await openWidget(customer.page, 'Padaria Central', visitor);
    await widgetSend(customer.page, 'Oi, alguém pode me ajudar?');
    await ticketRow(agent.page, visitor).waitFor();
    await ticketRow(agent.page, visitor).getByTestId('ticket-accept').click();

    // The panel follows the socket event: the agent's card gains the ticket, waiting.
    await expect.poll(async () => Number(await diego.getAttribute('data-open'))).toBe(openBefore + 1);
    const row = diego.locator('[data-testid="panel-ticket"]', { hasText: visitor });
    await row.waitFor();
    expect(await row.getByText(/^há \d+ min$/).count()).toBe(1);

    // The synthetic table says the same; the queue view counts it in its queue.
    await sup.page.getByTestId('panel-synthetic').click();
    const diegoRow = sup.page.locator('tr[data-testid="panel-user"][data-name="Diego Alves"]');
    expect(Number(await diegoRow.getAttribute('data-open'))).toBe(openBefore + 1);
    await sup.page.getByTestId('panel-view').getByText('Por fila', { exact: true }).click();
    await sup.page.locator('tr[data-testid="panel-queue"]').first().waitFor();
    await expectAccessibleInBothThemes(sup.page, '/painel-atendimentos by queue, synthetic');
    await sup.page.getByTestId('panel-synthetic').click();
    await sup.page.locator('[data-testid="panel-queue"]').first().waitFor();

    // An agent does not reach it.
    await go(agent.page, '/painel-atendimentos');
    await waitForRoute(agent.page, '/atendimento');
    await sup.context.close();
    await agent.context.close();
    await customer.context.close();
  });
});
