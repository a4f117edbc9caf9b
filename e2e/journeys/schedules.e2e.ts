import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { api, apiLogin, unique } from '../support/api';
import { go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
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

interface Schedule {
  id: number;
  body: string;
  status: string;
  sendAt: string;
}

describe('scheduled messages', () => {
  it(
    'an agent schedules a message from the composer; the clock shows on the ticket; it is sent in the conversation at its time',
    { timeout: 180_000 },
    async () => {
      const agent = await newPage(browser, server.baseUrl);
      const customer = await newPage(browser, server.baseUrl);
      const { page } = agent;
      const visitor = unique('Cliente Agenda');
      const text = `Lembrete ${unique('pedido')}: seu bolo fica pronto amanhã`;

      await login(page, DEMO.agent, DEMO_PASSWORD);
      await waitForRoute(page, '/atendimento');
      await page.getByTestId('ticket-tab-pending').click();
      await openWidget(customer.page, 'Padaria Central', visitor);
      await widgetSend(customer.page, 'Oi! Podem me avisar quando o bolo ficar pronto?');
      await ticketRow(page, visitor).getByTestId('ticket-accept').click();
      await page.waitForFunction(() => /^#\/atendimento\/\d+/.test(window.location.hash));
      await chatMessage(page, 'bolo ficar pronto', false).waitFor();

      // The composer's text becomes the schedule's message; "in 30 minutes" sets its time.
      await page.getByTestId('composer-input').fill(text);
      await page.getByTestId('composer-schedule').click();
      await page.getByTestId('composer-schedule-30min').click();
      await expect.poll(() => page.getByTestId('schedule-body').inputValue()).toBe(text);
      await expectAccessibleInBothThemes(page, 'schedule form');
      await page.getByTestId('schedule-save').click();
      await page.getByTestId('schedule-save').waitFor({ state: 'detached' });

      // The clock on the ticket in the list, live; the ticket's panel lists it as pending.
      await page.getByTestId('ticket-tab-open').click();
      const clock = ticketRow(page, visitor).getByTestId('ticket-row-scheduled');
      await clock.waitFor();
      const tab = page.getByTestId('side-tab-schedules');
      if (!(await tab.isVisible())) await page.getByTestId('chat-panel').click();
      await tab.click();
      const item = page.getByTestId('side-schedule').filter({ hasText: 'Lembrete' });
      await expect.poll(() => item.getByTestId('schedule-status').getAttribute('data-status')).toBe('pending');
      await expect.poll(() => chatMessage(page, text.slice(0, 20), true).count()).toBe(0);

      // Instead of waiting half an hour, the schedule is moved to a few seconds from now (through
      // the API, as an edit would), and the timer sends it then.
      const token = await apiLogin(server.baseUrl, DEMO.admin, DEMO_PASSWORD);
      const list = await api<{ schedules: Schedule[] }>(server.baseUrl, token, 'GET', '/schedule?status=pending');
      const mine = list.schedules.find((s) => s.body === text);
      expect(mine).toBeDefined();
      const at = new Date(Date.now() + 3_000).toISOString();
      await api(server.baseUrl, token, 'PUT', `/schedule/${mine!.id}`, { body: text, sendAt: at });

      // Sent in the conversation (agent side and customer side), once; the clock goes away.
      await chatMessage(page, text.slice(0, 20), true).waitFor({ timeout: 60_000 });
      await widgetMessage(customer.page, text.slice(0, 20)).waitFor({ timeout: 30_000 });
      await clock.waitFor({ state: 'detached' });
      await expect.poll(() => item.getByTestId('schedule-status').getAttribute('data-status')).toBe('sent');
      expect(await chatMessage(page, text.slice(0, 20), true).count()).toBe(1);

      // /agendamentos lists it as sent (the menu has it).
      await page.getByTestId('nav-schedules').waitFor();
      await go(page, '/agendamentos');
      const row = page.locator('[data-testid="schedule-row"]', { hasText: visitor });
      await row.waitFor();
      expect(await row.getAttribute('data-status')).toBe('sent');
      await expectAccessibleInBothThemes(page, '/agendamentos');
      // And on the calendar, on today's square.
      await page.getByTestId('schedule-view').locator('label').nth(1).click();
      const today = await page.evaluate(() => {
        const d = new Date();
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      });
      await page
        .locator(`[data-testid="schedule-day"][data-day="${today}"] [data-testid="schedule-day-item"]`, { hasText: visitor })
        .waitFor();
      await expectAccessibleInBothThemes(page, '/agendamentos calendar');
      await agent.context.close();
      await customer.context.close();
    },
  );
});
