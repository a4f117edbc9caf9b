/**
 * The dashboard (/ and /home, SPEC §2): a supervisor reaches it from the menu and sees the
 * figures of what it may see, without the admin's bulk actions; the admin closes two open or
 * pending tickets at once and deletes another, and the "open now" and "pending now" totals follow.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const total = async (page: Page, key: 'open' | 'pending') =>
  Number(await page.getByTestId(`dashboard-${key}-value`).textContent());

/** The open and pending totals once the figures have loaded. */
async function totals(page: Page) {
  await expect.poll(() => page.getByTestId('dashboard-open-value').textContent()).toMatch(/^\d+$/);
  return { open: await total(page, 'open'), pending: await total(page, 'pending') };
}

const rowOf = (page: Page, id: string) => page.locator(`[data-testid="dashboard-ticket"][data-id="${id}"]`);

/** The ids and statuses of the first `n` rows of the bulk table, read at one moment. */
async function firstRows(page: Page, n: number) {
  await expect.poll(() => page.getByTestId('dashboard-ticket').count()).toBeGreaterThanOrEqual(n);
  const rows = await page
    .getByTestId('dashboard-ticket')
    .evaluateAll((els) => els.map((e) => ({ id: e.getAttribute('data-id')!, status: e.getAttribute('data-status')! })));
  return rows.slice(0, n) as { id: string; status: 'open' | 'pending' }[];
}

describe('dashboard', () => {
  it('a supervisor opens it from the menu and sees the figures, without bulk actions', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.supervisor, DEMO_PASSWORD);
    // Supervisors still land on the service screen.
    await waitForRoute(page, '/atendimento');
    await page.getByTestId('nav-home').click();
    await waitForRoute(page, '/');
    await expect.poll(() => page.getByTestId('dashboard-created-value').textContent()).toMatch(/^\d+$/);
    const mine = await totals(page);
    expect(mine.open + mine.pending).toBeGreaterThan(0);
    expect(await page.getByTestId('dashboard-sla').isVisible()).toBe(true);
    // The admin's company cards and the bulk actions are not a supervisor's.
    expect(await page.getByTestId('stat-users').count()).toBe(0);
    expect(await page.getByTestId('dashboard-tickets').count()).toBe(0);
    await context.close();
  });

  it('the admin closes two tickets at once, then deletes one, and the totals follow', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(page, '/');
    const before = await totals(page);
    const rows = page.getByTestId('dashboard-ticket');
    await rows.first().waitFor();
    await expectAccessibleInBothThemes(page, '/ with the bulk actions');

    // Two tickets: each is open or pending now, and leaves that total when closed. Their ids and
    // statuses are read in one go, and each is then checked by its id: a refetch of the list
    // between two reads by position could reorder it and hand back the same ticket twice.
    const picked = await firstRows(page, 2);
    const was = { open: 0, pending: 0 };
    for (const { id, status } of picked) {
      was[status]++;
      await rowOf(page, id).getByTestId('dashboard-ticket-check').check();
    }
    const ids = picked.map((r) => r.id);
    // A page lists each ticket once.
    expect(new Set(ids).size).toBe(2);
    await page.getByTestId('dashboard-bulk-close').click();
    await page.getByTestId('confirm-button').click();
    await expect.poll(() => total(page, 'open')).toBe(before.open - was.open);
    await expect.poll(() => total(page, 'pending')).toBe(before.pending - was.pending);
    for (const id of ids) {
      await rowOf(page, id).waitFor({ state: 'detached' });
    }

    // One more, deleted after the confirmation.
    const after = await totals(page);
    const { id, status } = (await firstRows(page, 1))[0]!;
    await rowOf(page, id).getByTestId('dashboard-ticket-check').check();
    await page.getByTestId('dashboard-bulk-delete').click();
    await page.getByTestId('confirm-button').click();
    await rowOf(page, id).waitFor({ state: 'detached' });
    await expect.poll(() => total(page, status)).toBe(after[status] - 1);
    await context.close();
  });
});
