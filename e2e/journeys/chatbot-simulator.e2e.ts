import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, unique } from '../support/api';
import { go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { dragBetween, stepNode } from '../support/chatbot';
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

/** A flow with a welcome (2 buttons) that routes "Encomendas" to that queue and closes on silence. */
function graph(encomendas: number, vendas: number) {
  return {
    nodeList: [
      { id: 'start', type: 'start', left: 40, top: 120 },
      {
        id: 'configurations',
        type: 'configurations',
        left: 40,
        top: 320,
        configurations: {
          notOptionsSelectMessage: { message: 'Não entendi, escolha uma opção.', stepReturn: 'A' },
          notResponseMessage: { time: 5, type: 3, destiny: null, message: 'Encerrando por falta de resposta.' },
          maxRetryBotMessage: { number: 3, type: 1, destiny: vendas },
        },
      },
      {
        id: 'welcome',
        type: 'node',
        name: 'Boas-vindas',
        left: 320,
        top: 80,
        interactions: [
          {
            id: 'b1',
            type: 'ButtonsField',
            data: { message: 'Olá {{name}}! Com o que podemos ajudar?', buttons: [{ label: 'Vendas' }, { label: 'Encomendas' }] },
          },
        ],
        conditions: [
          { id: 'c-vendas', type: 'R', condition: ['1', 'Vendas'], action: 1, queueId: vendas },
          { id: 'c-encomendas', type: 'R', condition: ['2', 'Encomendas'], action: 1, queueId: encomendas },
        ],
      },
    ],
    lineList: [{ from: 'start', to: 'welcome' }],
  };
}

describe('chatbot simulator in the builder', () => {
  it('chats with the flow as a customer, shows the replies, the condition that fired and the outcome', { timeout: 180_000 }, async () => {
    const token = await apiLogin(server.baseUrl, DEMO.admin, DEMO_PASSWORD);
    const queues = await api<{ id: number; name: string }[]>(server.baseUrl, token, 'GET', '/queue');
    const id = (name: string) => queues.find((q) => q.name === name)!.id;
    const flow = await api<{ id: number }>(server.baseUrl, token, 'POST', '/chat-flow', {
      name: unique('Simulado'),
      flow: graph(id('Encomendas'), id('Vendas')),
    });

    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(page, '/');
    await go(page, `/chat-flow/builder?flowId=${flow.id}`);
    await stepNode(page, 'Boas-vindas').waitFor();

    // SPEC §5: a line from a step to itself is refused, in words.
    const welcome = stepNode(page, 'Boas-vindas');
    await dragBetween(page, welcome.getByTestId('handle-step-source'), welcome.getByTestId('handle-step-target'));
    await page.getByText('Um elemento não pode se conectar a si mesmo').waitFor();
    await expect(page.locator('.react-flow__edge').count()).resolves.toBe(1);

    await page.getByTestId('tab-simulator').click();

    // The first message: the welcome with its two buttons; the canvas marks the step.
    await page.getByTestId('sim-input').fill('Oi');
    await page.getByTestId('sim-send').click();
    const bot = page.getByTestId('sim-bot');
    await bot.filter({ hasText: 'Com o que podemos ajudar?' }).waitFor();
    await expect.poll(() => page.getByTestId('sim-button').allTextContents()).toEqual(['Vendas', 'Encomendas']);
    await stepNode(page, 'Boas-vindas').and(page.locator('[data-active="true"]')).waitFor();

    // An answer no condition knows: the unrecognised-answer message, and the bot still waits.
    await page.getByTestId('sim-input').fill('talvez');
    await page.getByTestId('sim-send').click();
    await bot.filter({ hasText: 'Não entendi, escolha uma opção.' }).waitFor();

    // A button click answers with its label: Encomendas fires, the ticket would go to that queue.
    await page.getByTestId('sim-button').filter({ hasText: 'Encomendas' }).last().click();
    await expect.poll(() => page.getByTestId('sim-outcome').textContent()).toBe('Enviado à fila Encomendas');
    await page.locator('[data-testid="node-condition"][data-fired="true"]', { hasText: 'Encomendas' }).waitFor();
    await expect(page.getByTestId('sim-input').isDisabled()).resolves.toBe(true);
    await expectAccessibleInBothThemes(page, 'simulator');

    // Restart, then no answer: the time-without-answer path closes with its message.
    await page.getByTestId('sim-restart').click();
    await expect.poll(() => page.getByTestId('sim-bot').count()).toBe(0);
    await page.getByTestId('sim-input').fill('Olá');
    await page.getByTestId('sim-send').click();
    await bot.filter({ hasText: 'Com o que podemos ajudar?' }).waitFor();
    await page.getByTestId('sim-no-response').click();
    await bot.filter({ hasText: 'Encerrando por falta de resposta.' }).waitFor();
    await expect.poll(() => page.getByTestId('sim-outcome').textContent()).toBe('Atendimento encerrado');


    // The list: search, duplicate, export as a file, import that file back.
    await go(page, '/chat-flow');
    await page.getByTestId('flow-search').fill('Simulado');
    await expect.poll(() => page.getByTestId('flow-row').count()).toBe(1);
    await page.getByTestId('flow-duplicate').click();
    await expect.poll(() => page.getByTestId('flow-row').count()).toBe(2);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('flow-export').first().click()]);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as { name: string; nodeList: unknown[] };
    expect(exported.nodeList.length).toBe(3);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'fluxo.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ ...exported, name: `${exported.name} importado` })),
    });
    await page.getByText('Fluxo importado.').waitFor();
    await expect.poll(() => page.getByTestId('flow-row').count()).toBe(3);

    // Its own fields are edited from the list: available for transfer shows as a badge.
    const row = page.getByTestId('flow-row').first();
    await row.getByTestId('flow-edit').click();
    await page.getByTestId('flow-transfer').click();
    await page.getByTestId('flow-submit').click();
    await row.getByText('Disponível para transferência').waitFor();

    await context.close();
  });
});
