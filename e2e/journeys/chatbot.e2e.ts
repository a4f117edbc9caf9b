import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, unique } from '../support/api';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
import { dragBetween, openWidgetByKey, pick, stepNode, waitSaved } from '../support/chatbot';
import { onTicketTab, siteWidgetKey, ticketRow, widgetMessage, widgetSend } from '../support/desk';
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

/** Queue A and B of the journey: the demo's Vendas (the channel's default) and Encomendas. */
const QUEUE_A = 'Vendas';
const QUEUE_B = 'Encomendas';
/** Carla Dias: supervisor of Encomendas only (apps/server/src/seed/demo.ts). */
const QUEUE_B_AGENT = 'fila@padaria.demo';
const WELCOME = 'Olá! Responda 1 para Vendas ou 2 para Encomendas.';

/** Adds a condition "answer -> queue" to the selected step, by mouse and keyboard. */
async function addQueueCondition(page: Page, answer: string, queue: string): Promise<void> {
  await page.getByTestId('condition-add').click();
  const condition = page.getByTestId('condition').last();
  await condition.getByTestId('condition-answers').fill(answer);
  await pick(page, condition.getByTestId('condition-action'), 'Enviar para a fila');
  await pick(page, condition.getByTestId('condition-queue'), queue);
}

describe('chatbot: a flow built by mouse answers a web chat customer and routes the ticket', () => {
  it(
    'welcome with 2 buttons, "1" to queue A, "2" to queue B; the customer answers 2 and the ticket is pending in B, live',
    { timeout: 300_000 },
    async () => {
      const admin = await newPage(browser, server.baseUrl);
      const agent = await newPage(browser, server.baseUrl);
      const customer = await newPage(browser, server.baseUrl);
      const { page } = admin;
      const flowName = unique('Boas-vindas');
      const visitor = unique('Cliente Bot');
      const token = await apiLogin(server.baseUrl, DEMO.admin, DEMO_PASSWORD);
      const widgetKey = await siteWidgetKey(server.baseUrl, token);

      // The agent of queue B waits on the Pending tab: the ticket must arrive there live.
      await login(agent.page, QUEUE_B_AGENT, DEMO_PASSWORD);
      await waitForRoute(agent.page, '/atendimento');
      await onTicketTab(agent.page, 'pending');

      // The admin creates the flow and lands in the builder.
      await login(page, DEMO.admin, DEMO_PASSWORD);
      await waitForRoute(page, '/');
      await page.getByTestId('nav-chat-flows').click();
      await waitForRoute(page, '/chat-flow');
      await page.getByTestId('flow-add').click();
      await page.getByTestId('flow-name').fill(flowName);
      await page.getByTestId('flow-submit').click();
      await waitForRoute(page, '/chat-flow/builder');
      await page.getByTestId('node-start').waitFor();

      // A step: its name, a button message with 2 buttons (a third would be allowed, a fourth not).
      await page.getByTestId('step-add').click();
      await page.getByTestId('step-name').fill('Boas-vindas');
      await stepNode(page, 'Boas-vindas').waitFor();
      await page.getByTestId('interaction-add').click();
      await page.getByTestId('interaction-add-ButtonsField').click();
      await page.getByTestId('interaction-message').fill(WELCOME);
      const labels = page.getByTestId('button-label');
      await expect.poll(() => labels.count()).toBe(2);
      // SPEC §5, shown where the user types: an empty button is refused, and nothing is saved.
      await page.locator('[data-testid="save-state"][data-state="invalid"]').waitFor();
      await labels.nth(0).fill('1 Vendas');
      await labels.nth(1).fill('2 Encomendas');

      await addQueueCondition(page, '1', QUEUE_A);
      await addQueueCondition(page, '2', QUEUE_B);
      await expect
        .poll(() => stepNode(page, 'Boas-vindas').getByTestId('node-condition').allTextContents())
        .toEqual([`"1" → ${QUEUE_A}`, `"2" → ${QUEUE_B}`]);

      // The first step: a line drawn by mouse from the start to the step.
      await dragBetween(
        page,
        page.getByTestId('handle-start-source'),
        stepNode(page, 'Boas-vindas').getByTestId('handle-step-target'),
      );
      await page.locator('.react-flow__edge').first().waitFor();
      await waitSaved(page);
      await expectAccessibleInBothThemes(page, '/chat-flow/builder');

      // Undo removes the line, redo puts it back; both are saved.
      await page.getByTestId('undo').click();
      await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(0);
      await page.keyboard.press('Control+Shift+Z');
      await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(1);
      await waitSaved(page);

      // The web chat channel runs the flow.
      await go(page, '/chatbot');
      const row = page.locator('[data-testid="chatbot-channel-row"][data-name="Site"]');
      await pick(page, row.getByTestId('chatbot-channel-flow'), flowName);
      await expect.poll(() => row.getByTestId('chatbot-channel-flow').inputValue()).toBe(flowName);

      // The admin watches the Chatbot tab of the service screen.
      await go(page, '/atendimento');
      await page.getByTestId('ticket-tab-chatbot').click();
      await page.locator('header [data-testid="socket-status"][data-status="online"]').waitFor();

      // The customer writes, gets the welcome; the ticket shows in the Chatbot tab, live.
      await openWidgetByKey(customer.page, widgetKey, visitor);
      await widgetSend(customer.page, 'Oi, bom dia');
      await widgetMessage(customer.page, WELCOME).waitFor({ timeout: 30_000 });
      await ticketRow(page, visitor).waitFor({ timeout: 30_000 });

      // The customer answers 2: queue B's agent sees it pending, without a reload, and it leaves
      // the Chatbot tab.
      await widgetSend(customer.page, '2');
      const ticket = ticketRow(agent.page, visitor);
      await ticket.waitFor({ timeout: 30_000 });
      await expect.poll(() => ticket.textContent()).toContain(QUEUE_B);
      await ticketRow(page, visitor).waitFor({ state: 'detached' });

      // The ticket's history tells what the bot did, in words.
      await ticket.click();
      const logsTab = agent.page.getByTestId('side-tab-logs');
      if (!(await logsTab.isVisible())) await agent.page.getByTestId('chat-panel').click();
      await logsTab.click();
      await expect
        .poll(() => agent.page.getByTestId('side-logs').textContent())
        .toMatch(/Chatbot iniciado[\s\S]*Chatbot definiu a fila|Chatbot definiu a fila[\s\S]*Chatbot iniciado/);

      // "Send to chatbot" from the ticket's menu: the demo's flow available for transfer takes it
      // back; it leaves the agent's pending list and the bot greets the customer again.
      // The side panel is a drawer at this width: closed first.
      if (await agent.page.getByRole('dialog').isVisible()) {
        await agent.page.keyboard.press('Escape');
        await agent.page.getByTestId('side-logs').waitFor({ state: 'hidden' });
      }
      await agent.page.getByTestId('chat-more').click();
      await agent.page.getByTestId('chat-send-to-bot').click();
      await pick(agent.page, agent.page.getByTestId('send-to-bot-flow'), 'Atendimento inicial');
      await agent.page.getByTestId('send-to-bot-submit').click();
      await ticketRow(page, visitor).waitFor({ timeout: 30_000 });

      // That flow now runs the ticket: deleting it is refused, and the dialog says why.
      await go(page, '/chat-flow');
      const flowRow = page.locator('[data-testid="flow-row"][data-name="Atendimento inicial"]');
      await flowRow.getByTestId('flow-delete').click();
      await page.getByTestId('confirm-button').click();
      await expect
        .poll(() => page.getByTestId('confirm-error').textContent())
        .toBe('Fluxo em uso não pode ser excluído.');

      await admin.context.close();
      await agent.context.close();
      await customer.context.close();
    },
  );
});
