import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startOpenAiStandIn,
  type OpenAiStandIn,
} from '../../apps/server/src/modules/integrations/stand-ins/openai/stand-in';
import { api, apiLogin, unique } from '../support/api';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
import { pick, openWidgetByKey } from '../support/chatbot';
import { onTicketTab, siteWidgetKey, ticketRow, widgetMessage, widgetSend } from '../support/desk';
import { DEMO, DEMO_PASSWORD, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let ai: OpenAiStandIn;

beforeAll(async () => {
  ai = await startOpenAiStandIn();
  // The stand-in listens on loopback: a private address Prosa refuses unless told otherwise.
  server = await startServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await ai?.close();
});

/** The web chat channel's default queue (demo.ts) and the queue the assistant hands over to. */
const CHANNEL_QUEUE = 'Vendas';
const TRANSFER_QUEUE = 'Encomendas';
/** Carla Dias: supervisor of Encomendas only (apps/server/src/seed/demo.ts). */
const TRANSFER_AGENT = 'fila@padaria.demo';
const PROMPT = 'Você é a assistente da Padaria Central.';

describe('integrations: an OpenAI-compatible assistant answers first and hands over to a person', () => {
  it(
    'the admin creates it against the stand-in, tests it, puts it on the queue; a web chat customer is answered, asks for a person, and the ticket is pending for the transfer queue',
    { timeout: 300_000 },
    async () => {
      const admin = await newPage(browser, server.baseUrl);
      const agent = await newPage(browser, server.baseUrl);
      const customer = await newPage(browser, server.baseUrl);
      const { page } = admin;
      const name = unique('Assistente');
      const visitor = unique('Cliente IA');
      const token = await apiLogin(server.baseUrl, DEMO.admin, DEMO_PASSWORD);
      const widgetKey = await siteWidgetKey(server.baseUrl, token);

      // The agent of the transfer queue waits on the Pending tab.
      await login(agent.page, TRANSFER_AGENT, DEMO_PASSWORD);
      await waitForRoute(agent.page, '/atendimento');
      await onTicketTab(agent.page, 'pending');

      // The admin creates the integration: the type first, then only that type's fields.
      await login(page, DEMO.admin, DEMO_PASSWORD);
      await waitForRoute(page, '/');
      await page.getByTestId('nav-integrations').click();
      await waitForRoute(page, '/integracoes');
      await page.getByTestId('integration-add').click();
      await page.getByTestId('integration-type-openai').click();
      await page.getByTestId('integration-name').fill(name);
      await expect.poll(() => page.getByTestId('integration-typebotSlug').count()).toBe(0);
      await page.getByTestId('integration-url').fill(ai.url);
      await page.getByTestId('integration-apiKey').fill(ai.apiKey);
      await page.getByTestId('integration-model').fill('gpt-4o-mini');
      await page.getByTestId('integration-prompt').fill(PROMPT);
      await pick(page, page.getByTestId('integration-transferQueueId'), TRANSFER_QUEUE);
      await page.getByTestId('integration-save').click();
      const row = page.locator(`[data-testid="integration-row"][data-name="${name}"]`);
      await row.waitFor();
      // The key is never shown whole.
      expect(await page.content()).not.toContain(ai.apiKey);
      await expectAccessibleInBothThemes(page, '/integracoes');

      // The test button makes one real call and shows the provider's answer.
      const calls = ai.requests.length;
      await row.getByTestId('integration-test').click();
      // (Mantine's modal root has no box of its own: read its text rather than wait for it to show.)
      const result = page.getByTestId('integration-test-result');
      await expect.poll(() => result.textContent(), { timeout: 15_000 }).toContain('200');
      await page.getByRole('dialog').waitFor();
      expect(ai.requests.length).toBe(calls + 1);
      await page.keyboard.press('Escape');

      // The channel's queue hands its new tickets to the integration.
      await go(page, '/filas');
      await page.locator(`[data-testid="queue-row"][data-name="${CHANNEL_QUEUE}"] [data-testid="queue-edit"]`).click();
      await pick(page, page.getByTestId('queue-integrationId'), name);
      await page.getByTestId('queue-save').click();
      await page.getByTestId('queue-save').waitFor({ state: 'detached' });

      // The customer writes and the assistant answers, with the company's prompt.
      await openWidgetByKey(customer.page, widgetKey, visitor);
      await widgetSend(customer.page, 'Vocês têm pão de queijo?');
      await widgetMessage(customer.page, 'Vocês têm pão de queijo?').waitFor();
      await widgetMessage(customer.page, PROMPT).waitFor({ timeout: 30_000 });
      const chat = ai.requests.find(
        (r) => r.path.endsWith('/chat/completions') && JSON.stringify(r.body).includes('pão de queijo'),
      );
      expect(chat?.authorization).toBe(`Bearer ${ai.apiKey}`);

      // Asking for a person: the model's tool call hands the ticket to the transfer queue.
      await widgetSend(customer.page, 'Quero falar com um atendente');
      await ticketRow(agent.page, visitor).waitFor({ timeout: 30_000 });
      const [ticket] = (
        await api<{ tickets: { status: string; queue: { name: string } | null; integration: unknown }[] }>(
          server.baseUrl,
          token,
          'GET',
          `/tickets?searchParam=${encodeURIComponent(visitor)}&showAll=true&status=pending`,
        )
      ).tickets;
      expect(ticket).toMatchObject({ status: 'pending', queue: { name: TRANSFER_QUEUE }, integration: null });
    },
  );
});
