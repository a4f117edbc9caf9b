import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramStandIn, type TelegramStandIn } from '../../apps/server/src/channels/telegram/stand-in/stand-in';
import { api, apiLogin, unique } from '../support/api';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
import { pick } from '../support/chatbot';
import { DEMO, DEMO_PASSWORD, startServer, type RunningServer } from '../support/server';

let telegram: TelegramStandIn;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  telegram = await startTelegramStandIn();
  // CAMPAIGN_DELAY_OFF: the test-only switch (README "Campaigns") that drops the 20 s between sends;
  // CAMPAIGN_MIN_LEAD_OFF: the test-only switch that drops the 15-minute lead of a start.
  server = await startServer({
    env: { TELEGRAM_API_ROOT: telegram.url, CAMPAIGN_DELAY_OFF: '1', CAMPAIGN_MIN_LEAD_OFF: '1' },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await telegram?.close();
});

interface ContactPage {
  contacts: { id: number; name: string }[];
}

/** The connected Telegram channel of the stand-in's one bot, made once (its token is taken after). */
let connected: Promise<number> | undefined;
function telegramChannel(token: string, name: string): Promise<number> {
  connected ??= connectTelegram(token, name);
  return connected;
}

/** A connected Telegram bot (the /sessoes form is telegram.e2e.ts's part). */
async function connectTelegram(token: string, name: string): Promise<number> {
  const channel = await api<{ id: number }>(server.baseUrl, token, 'POST', '/channels', {
    name,
    type: 'telegram',
    token: telegram.token,
    config: {},
  });
  await api(server.baseUrl, token, 'POST', `/channels/${channel.id}/session`);
  await expect
    .poll(
      async () =>
        (await api<{ id: number; status: string }[]>(server.baseUrl, token, 'GET', '/channels')).find(
          (c) => c.id === channel.id,
        )?.status,
      { timeout: 30_000 },
    )
    .toBe('CONNECTED');
  return channel.id;
}

/** Three customers write to the bot (a bot cannot start a chat), then get one tag. */
async function taggedCustomers(
  token: string,
  prefix: string,
  tagName: string,
  chats = [778_101, 778_102, 778_103],
): Promise<number[]> {
  for (const [i, chatId] of chats.entries())
    await telegram.userSends({
      chatId,
      text: 'Oi, quero novidades',
      from: { first_name: prefix, last_name: `N${i + 1}` },
    });
  const found = async () =>
    (
      await api<ContactPage>(
        server.baseUrl,
        token,
        'GET',
        `/contacts?searchParam=${encodeURIComponent(prefix)}&pageSize=40`,
      )
    ).contacts;
  await expect.poll(async () => (await found()).length, { timeout: 30_000 }).toBe(3);
  const tag = await api<{ id: number }>(server.baseUrl, token, 'POST', '/tags', { name: tagName, color: '#1c7ed6' });
  for (const c of await found())
    await api(server.baseUrl, token, 'PUT', `/contacts/${c.id}`, { name: c.name, tags: [tag.id] });
  return chats;
}

const campaignRow = (page: Page, name: string) => page.locator(`[data-testid="campaign-row"][data-name="${name}"]`);

describe('campaigns', () => {
  it(
    'an admin creates a campaign with a live preview, adds three contacts by tag on a Telegram channel and schedules it',
    { timeout: 300_000 },
    async () => {
      const token = await apiLogin(server.baseUrl, DEMO.admin, DEMO_PASSWORD);
      const botName = unique('Bot Campanha');
      await telegramChannel(token, botName);
      const prefix = unique('Cliente Camp').replace(/\s+/g, '');
      const tagName = unique('Campanha VIP');
      await taggedCustomers(token, prefix, tagName);

      const { page, context } = await newPage(browser, server.baseUrl);
      await login(page, DEMO.admin, DEMO_PASSWORD);
      await waitForRoute(page, '/');
      await page.getByTestId('nav-campaigns').click();
      await waitForRoute(page, '/campanhas');

      // The form: the preview fills {{name}} with the sample contact while typing.
      const name = unique('Promo Natal');
      await page.getByTestId('campaign-add').click();
      await page.getByTestId('campaign-name').fill(name);
      await page.getByTestId('campaign-message1').fill('{{greeting}}, {{name}}! Panetone com 20% hoje.');
      await page.getByTestId('campaign-message2').fill('Olá {{name}}, chegou o panetone!');
      await expect
        .poll(() => page.getByTestId('campaign-preview-1-text').textContent())
        .toMatch(/, Maria Silva! Panetone com 20% hoje\.$/);
      await expect
        .poll(() => page.getByTestId('campaign-preview-2-text').textContent())
        .toBe('Olá Maria Silva, chegou o panetone!');
      // SPEC §5: the delay is at least 20 s; the input takes no less.
      await page.getByTestId('campaign-delaySeconds').fill('5');
      await page.getByTestId('campaign-delaySeconds').press('Tab');
      await expect.poll(() => page.getByTestId('campaign-delaySeconds').inputValue()).toBe('20');
      await pick(page, page.getByTestId('campaign-channelId'), `${botName} (telegram)`);
      await expectAccessibleInBothThemes(page, 'campaign form');
      await page.getByTestId('campaign-save').click();
      const row = campaignRow(page, name);
      await row.waitFor();
      expect(await row.getAttribute('data-status')).toBe('pending');

      // The contacts: all of the tag.
      await row.getByTestId('campaign-contacts').click();
      await page.waitForFunction(() => /^#\/campanhas\/\d+$/.test(window.location.hash));
      await page.getByTestId('campaign-add-contacts-open').click();
      await page.getByTestId('campaign-add-mode').getByText('Etiqueta', { exact: true }).click();
      await pick(page, page.getByTestId('campaign-add-tag'), tagName);
      await page.getByTestId('campaign-add-confirm').click();
      await expect.poll(() => page.getByTestId('campaign-total').textContent()).toBe('3');
      await expect.poll(() => page.getByTestId('campaign-total-send-pending').textContent()).toBe('3');
      await expect.poll(() => page.getByTestId('campaign-contact-row').count()).toBe(3);
      await expectAccessibleInBothThemes(page, '/campanhas/{id}');

      // Scheduled: the default start is a minute past the server's least lead (15 minutes).
      await go(page, '/campanhas');
      await campaignRow(page, name).getByTestId('campaign-start').click();
      await page.getByTestId('campaign-start-confirm').click();
      await expect.poll(() => campaignRow(page, name).getAttribute('data-status')).toBe('scheduled');
      expect(await campaignRow(page, name).getByTestId('campaign-progress').getAttribute('data-progress')).toBe('0');
      await expectAccessibleInBothThemes(page, '/campanhas with a scheduled campaign');

      // Cancel is at hand while it is scheduled; the list follows the server's event.
      await campaignRow(page, name).getByTestId('campaign-cancel').click();
      await expect.poll(() => campaignRow(page, name).getAttribute('data-status')).toBe('cancelled');
      await context.close();
    },
  );

  // CAMPAIGN_MIN_LEAD_OFF (given to the server above) lets the journey schedule a start a few
  // seconds ahead instead of 15 minutes: the clock set, as the issue asks.
  it(
    'the scheduled campaign sends: the progress reaches 100% live and the three deliveries show',
    { timeout: 300_000 },
    async () => {
      const token = await apiLogin(server.baseUrl, DEMO.admin, DEMO_PASSWORD);
      const botName = unique('Bot Envio');
      const channelId = await telegramChannel(token, botName);
      const prefix = unique('Cliente Envio').replace(/\s+/g, '');
      const tagName = unique('Envio VIP');
      const chats = await taggedCustomers(token, prefix, tagName, [779_201, 779_202, 779_203]);
      const name = unique('Envio');
      const campaign = await api<{ id: number }>(server.baseUrl, token, 'POST', '/campaigns', {
        name,
        channelId,
        delaySeconds: 20,
        message1: 'Oi {{name}}, novidade!',
      });
      const tags = await api<{ id: number; name: string }[]>(server.baseUrl, token, 'GET', '/tags');
      await api(server.baseUrl, token, 'POST', `/campaigns/contacts/${campaign.id}`, {
        tagId: tags.find((t) => t.name === tagName)!.id,
      });
      const { page, context } = await newPage(browser, server.baseUrl);
      await login(page, DEMO.admin, DEMO_PASSWORD);
      await waitForRoute(page, '/');
      await go(page, `/campanhas/${campaign.id}`);
      await expect.poll(() => page.getByTestId('campaign-total').textContent()).toBe('3');
      await api(server.baseUrl, token, 'POST', `/campaigns/start/${campaign.id}`, {
        startAt: new Date(Date.now() + 3000).toISOString(),
      });
      await expect
        .poll(() => page.getByTestId('campaign-progress').getAttribute('data-progress'), { timeout: 90_000 })
        .toBe('100');
      await expect
        .poll(() =>
          page
            .locator(
              '[data-testid="campaign-contact-row"][data-state="delivery-pending"], [data-testid="campaign-contact-row"][data-state="received"]',
            )
            .count(),
        )
        .toBe(3);
      expect(telegram.sent().filter((m) => chats.includes(m.chatId)).length).toBe(3);
      await context.close();
    },
  );
});
