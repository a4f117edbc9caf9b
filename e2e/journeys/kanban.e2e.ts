import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { api, apiLogin, unique } from '../support/api';
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

const lane = (page: Page, name: string) => page.locator(`[data-testid="kanban-lane"][data-name="${name}"]`);
const card = (page: Page, laneName: string, name: string) =>
  lane(page, laneName).locator(`[data-testid="kanban-card"][data-name="${name}"]`);

/** dnd-kit's pointer sensor wants a press on the card's handle, a move past its 5 px threshold, then a release. */
async function drag(page: Page, from: Locator, to: Locator) {
  // The board scrolls sideways (the demo company has lanes of its own): both lanes in sight first.
  await to.scrollIntoViewIfNeeded();
  await from.scrollIntoViewIfNeeded();
  const a = (await from.getByTestId('kanban-card-handle').boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + 80, { steps: 20 });
  await page.mouse.up();
}

async function createLane(page: Page, name: string) {
  await page.getByTestId('lane-add').click();
  await page.getByTestId('lane-name').fill(name);
  await page.getByTestId('lane-save').click();
  await lane(page, name).waitFor();
}

describe('CRM lanes (/kanban)', () => {
  it('an admin creates two lanes; a contact dragged from one to the other stays there after a reload', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(page, '/');
    await page.getByTestId('nav-kanban').click();
    await waitForRoute(page, '/kanban');

    const first = unique('Prospecção');
    const second = unique('Proposta');
    await createLane(page, first);
    await createLane(page, second);

    // A contact on the first lane, with a deal value (through the API: the board is what is tested here).
    const token = await apiLogin(server.baseUrl, DEMO.admin, DEMO_PASSWORD);
    const board = await api<{ lanes: { id: number; name: string }[] }>(server.baseUrl, token, 'GET', '/kanban');
    const firstId = board.lanes.find((l) => l.name === first)!.id;
    const secondId = board.lanes.find((l) => l.name === second)!.id;
    const name = unique('Cliente CRM');
    const number = `55119${String(Date.now()).slice(-8)}`;
    const contact = await api<{ id: number }>(server.baseUrl, token, 'POST', '/contacts', {
      name,
      number,
      dealValue: 1500,
      crmLaneId: firstId,
    });
    await page.reload();
    await card(page, first, name).waitFor();
    // Lanes reorder: the first one a step right, and the order holds after a reload.
    const order = () => page.getByTestId('kanban-lane').evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));
    const before = await order();
    expect(before.indexOf(first)).toBe(before.indexOf(second) - 1);
    await lane(page, first).getByTestId('lane-right').click();
    await expect.poll(async () => (await order()).indexOf(first)).toBe(before.indexOf(second));
    await page.reload();
    await card(page, first, name).waitFor();
    expect((await order()).indexOf(first)).toBe(before.indexOf(second));
    await expect.poll(() => lane(page, first).getByTestId('lane-total').textContent()).toContain('1.500,00');
    await expectAccessibleInBothThemes(page, '/kanban');

    await drag(page, card(page, first, name), lane(page, second));
    await card(page, second, name).waitFor();
    await expect.poll(() => card(page, first, name).count()).toBe(0);
    await expect.poll(() => lane(page, second).getByTestId('lane-total').textContent()).toContain('1.500,00');

    await page.reload();
    await card(page, second, name).waitFor();
    await expect.poll(() => card(page, first, name).count()).toBe(0);
    const saved = await api<{ crmLaneId: number | null }>(server.baseUrl, token, 'GET', `/contacts/${contact.id}`);
    expect(saved.crmLaneId).toBe(secondId);

    // The deal on the card: its value and description; the lane's total follows.
    await card(page, second, name).getByTestId('kanban-card-edit').click();
    await page.getByTestId('card-dealValue').fill('2000');
    await page.getByTestId('card-description').fill('Proposta enviada por e-mail');
    await expectAccessibleInBothThemes(page, '/kanban card form');
    await page.getByTestId('card-save').click();
    await expect.poll(() => lane(page, second).getByTestId('lane-total').textContent()).toContain('2.000,00');
    await card(page, second, name).getByText('Proposta enviada por e-mail').waitFor();
    const edited = await api<{ dealValue: number; description: string }>(server.baseUrl, token, 'GET', `/contacts/${contact.id}`);
    expect(edited).toMatchObject({ dealValue: 2000, description: 'Proposta enviada por e-mail', crmLaneId: secondId });
    await context.close();
  });
});
