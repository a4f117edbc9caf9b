import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, unique } from '../support/api';
import { expectAccessibleInBothThemes } from '../support/a11y';
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

const card = (column: string, name: string) =>
  `[data-testid="task-column-${column}"] [data-testid="task-card"][data-name="${name}"]`;

/** dnd-kit's pointer sensor wants a press on the card's handle, moves past its 5 px threshold, then a release. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.getByTestId('task-card-handle').boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 20 });
  await page.mouse.up();
}

describe('tasks (/tarefas)', () => {
  it('an agent creates a task in the form, sees it on the board, drags it to finished, and it stays finished', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.agent, DEMO_PASSWORD);
    await waitForRoute(page, '/atendimento');
    await page.getByTestId('nav-tasks').click();
    await waitForRoute(page, '/tarefas');

    const name = unique('Tarefa E2E');
    await page.getByTestId('task-add').click();
    // SPEC §5: everything is required; the contracts schema refuses before any request.
    await page.getByTestId('task-save').click();
    await expect.poll(() => page.getByText('Campo obrigatório').count()).toBeGreaterThanOrEqual(3);
    await page.getByTestId('task-name').fill(name);
    await page.getByTestId('task-description').fill('Ligar para confirmar a encomenda');
    const tomorrow = new Date(Date.now() + 86_400_000);
    const local = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}T10:30`;
    await page.getByTestId('task-limitDate').fill(local);
    await page.getByTestId('task-priority').click();
    await page.getByRole('option', { name: 'Alta' }).click();
    await page.getByTestId('task-save').click();
    const row = page.locator(`[data-testid="task-row"][data-name="${name}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('pending');
    await expectAccessibleInBothThemes(page, '/tarefas list');

    await page.getByTestId('task-view').getByText('Quadro').click();
    const pending = page.locator(card('pending', name));
    await pending.waitFor();
    await expectAccessibleInBothThemes(page, '/tarefas board');
    await drag(page, pending, page.getByTestId('task-column-finished'));
    await page.locator(card('finished', name)).waitFor();
    await expect.poll(() => page.locator(card('pending', name)).count()).toBe(0);

    await page.reload();
    await page.locator(card('finished', name)).waitFor();
    await expect.poll(() => page.locator(card('pending', name)).count()).toBe(0);

    // And back: dropped on "pending" it is reopened.
    await drag(page, page.locator(card('finished', name)), page.getByTestId('task-column-pending'));
    await page.locator(card('pending', name)).waitFor();
    await context.close();
  });

  it("a delayed task of mine shows in the menu badge at once, and the job's notice arrives", async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.agent, DEMO_PASSWORD);
    await waitForRoute(page, '/atendimento');
    // The notice is a live event to the owner's room: it reaches only a socket that is connected.
    await page.locator('header [data-testid="socket-status"][data-status="online"]').waitFor();
    const agent = await fetch(`${server.baseUrl}/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO.agent, password: DEMO_PASSWORD }),
    }).then((r) => r.json() as Promise<{ token: string; userId: number }>);
    const name = unique('Atrasada E2E');
    await api(server.baseUrl, agent.token, 'POST', '/tasks', {
      name,
      description: 'Já passou do prazo',
      limitDate: new Date(Date.now() - 60_000).toISOString(),
      ownerId: agent.userId,
      priority: 'medium',
    });
    // The `task` event refreshes the badge without a reload.
    await expect.poll(() => page.getByTestId('nav-tasks-badge').textContent(), { timeout: 15_000 }).toBe('1');
    // Saving queued the notice job for the limit date (already past): the owner is told at once.
    const notice = page.getByTestId('task-delayed-notice');
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.textContent()).toContain(name);
    await context.close();
  });
});
