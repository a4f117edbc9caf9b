import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramStandIn, type TelegramStandIn } from '../../apps/server/src/channels/telegram/stand-in/stand-in';
import { unique } from '../support/api';
import { go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { chatMessage, ticketRow } from '../support/desk';
import { DEMO, DEMO_PASSWORD, startServer, type RunningServer } from '../support/server';

let telegram: TelegramStandIn;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The Bot API is a local stand-in: the server talks to it exactly as to api.telegram.org.
  telegram = await startTelegramStandIn();
  server = await startServer({ env: { TELEGRAM_API_ROOT: telegram.url } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await telegram?.close();
});

describe('a Telegram channel, end to end', () => {
  it(
    'an admin connects a bot in /sessoes; a customer writes on Telegram, the agent sees it and the reply reaches Telegram',
    { timeout: 240_000 },
    async () => {
      const { page, context } = await newPage(browser, server.baseUrl);
      const name = unique('Bot Padaria');
      const customer = unique('Cliente Telegram').replace(/\s+/g, ' ');
      await login(page, DEMO.admin, DEMO_PASSWORD);
      await waitForRoute(page, '/');

      // /sessoes: a Telegram channel needs its token (the form says so before saving).
      await go(page, '/sessoes');
      await page.getByTestId('channel-add').click();
      await page.getByTestId('channel-type-telegram').click();
      await page.getByTestId('channel-name-input').fill(name);
      await page.getByTestId('channel-save').click();
      const token = page.getByTestId('channel-token');
      await expect.poll(() => token.getAttribute('data-invalid')).toBe('true');
      await expectAccessibleInBothThemes(page, 'channel form with an error');
      await token.fill(telegram.token);
      await page.getByTestId('channel-save').click();

      // It connects (long polling: no public URL here) and shows the bot's username, live.
      const card = page.locator(`[data-testid="channel-card"][data-name="${name}"]`);
      await card.waitFor();
      await expect.poll(() => card.getAttribute('data-status'), { timeout: 30_000 }).toBe('CONNECTED');
      await expect.poll(() => card.textContent()).toContain(`@${telegram.bot.username}`);
      expect(telegram.calls()).toContain('getMe');
      await expectAccessibleInBothThemes(page, '/sessoes with a connected channel');

      // A customer writes to the bot on Telegram; the ticket shows up in /atendimento.
      await go(page, '/atendimento');
      await page.getByTestId('ticket-tab-pending').click();
      const [first, ...last] = customer.split(' ');
      await telegram.userSends({
        chatId: 777001,
        text: 'Oi! Tem bolo de cenoura hoje?',
        from: { first_name: first!, last_name: last.join(' ') },
      });
      await ticketRow(page, customer).waitFor({ timeout: 30_000 });
      await ticketRow(page, customer).getByTestId('ticket-accept').click();
      await page.waitForFunction(() => /^#\/atendimento\/\d+/.test(window.location.hash));
      await chatMessage(page, 'bolo de cenoura', false).waitFor();

      // The reply goes out through the Bot API to the customer's chat.
      await page.getByTestId('composer-input').fill('Temos sim, saiu do forno agora!');
      await page.getByTestId('composer-input').press('Enter');
      await chatMessage(page, 'saiu do forno', true).waitFor();
      await expectAccessibleInBothThemes(page, 'Telegram chat with both sides');
      await expect
        .poll(
          () =>
            telegram
              .sent()
              .filter((m) => m.chatId === 777001)
              .map((m) => m.text),
          { timeout: 30_000 },
        )
        // Signed with the agent's name (userDisableSignature off), bold in the customer's app.
        .toEqual(['*Ana Souza*:\nTemos sim, saiu do forno agora!']);
      await context.close();
    },
  );
});
