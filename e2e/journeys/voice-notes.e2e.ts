import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramStandIn, type TelegramStandIn } from '../../apps/server/src/channels/telegram/stand-in/stand-in';
import { api, apiLogin, unique } from '../support/api';
import { FAKE_MICROPHONE, go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { chatMessage, openWidget, ticketRow, widgetSend } from '../support/desk';
import { DEMO, DEMO_PASSWORD, startServer, type RunningServer } from '../support/server';

let telegram: TelegramStandIn;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  telegram = await startTelegramStandIn();
  server = await startServer({ env: { TELEGRAM_API_ROOT: telegram.url } });
  // Chromium's fake microphone (a beeping test tone), granted without a prompt.
  browser = await launchBrowser(FAKE_MICROPHONE);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await telegram?.close();
});

/** The running time of the recording, in seconds. */
async function elapsedSeconds(page: Page): Promise<number> {
  const [m, s] = ((await page.getByTestId('voice-elapsed').textContent()) ?? '0:00').split(':').map(Number);
  return m! * 60 + s!;
}

describe('voice notes', () => {
  it(
    'an agent records a note in /atendimento: Telegram gets it as a voice (OGG/Opus), and it plays inline at 1.5x',
    { timeout: 240_000 },
    async () => {
      // A Telegram bot connected through the API (the /sessoes form is telegram.e2e.ts's part).
      const token = await apiLogin(server.baseUrl, DEMO.admin, DEMO_PASSWORD);
      const name = unique('Bot Voz');
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

      const { page, context } = await newPage(browser, server.baseUrl);
      await login(page, DEMO.admin, DEMO_PASSWORD);
      await waitForRoute(page, '/');
      await go(page, '/atendimento');
      await page.getByTestId('ticket-tab-pending').click();
      const customer = unique('Cliente Voz').replace(/\s+/g, ' ');
      const chatId = 777_321;
      await telegram.userSends({ chatId, text: 'Pode me mandar um áudio?', from: { first_name: customer } });
      await ticketRow(page, customer).waitFor({ timeout: 30_000 });
      await ticketRow(page, customer).getByTestId('ticket-accept').click();
      await page.waitForFunction(() => /^#\/atendimento\/\d+/.test(window.location.hash));
      await chatMessage(page, 'mandar um áudio', false).waitFor();
      const voices = () => telegram.sent().filter((m) => m.chatId === chatId && m.method === 'sendVoice');

      // A recording cancelled goes nowhere.
      await page.getByTestId('voice-record').click();
      await page.getByTestId('voice-elapsed').waitFor();
      await page.getByTestId('voice-cancel').click();
      await page.getByTestId('voice-record').waitFor();

      // Recorded for a couple of seconds (the running time shows), then sent.
      await page.getByTestId('voice-record').click();
      await expect.poll(() => elapsedSeconds(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      await expectAccessibleInBothThemes(page, 'composer while recording a voice note');
      await page.getByTestId('voice-send').click();

      // Telegram receives a voice (sendVoice), an OGG file with Opus inside.
      await expect.poll(() => voices().length, { timeout: 30_000 }).toBe(1);
      const file = voices()[0]!.file!;
      expect(file.data.subarray(0, 4).toString('latin1')).toBe('OggS');
      expect(file.data.subarray(0, 200).includes('OpusHead')).toBe(true);
      expect(file.data.length).toBeGreaterThan(1000);

      // The note plays inline in the conversation, marked as a voice note, at the chosen speed.
      const note = page.locator('[data-testid="message"][data-from-me="true"] [data-testid="audio-player"]').last();
      await note.waitFor();
      expect(await note.getAttribute('data-voice')).toBe('true');
      await note.getByText('1.5x').click();
      const audio = note.getByTestId('message-audio');
      await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1.5);
      await audio.evaluate((a: HTMLAudioElement) => {
        a.muted = true;
        return a.play();
      });
      await expect
        .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 })
        .toBeGreaterThan(0);
      expect(await audio.evaluate((a: HTMLAudioElement) => a.duration)).toBeGreaterThan(1);
      await expectAccessibleInBothThemes(page, 'conversation with a voice note');
      expect(voices()).toHaveLength(1); // the cancelled one never went
      await context.close();
    },
  );

  it(
    'a visitor records a note in the web chat widget: the desk plays it; the agent answers with a note the widget plays',
    { timeout: 240_000 },
    async () => {
      const agent = await newPage(browser, server.baseUrl);
      const customer = await newPage(browser, server.baseUrl);
      const visitor = unique('Visitante Voz');
      await login(agent.page, DEMO.admin, DEMO_PASSWORD);
      await waitForRoute(agent.page, '/');
      await go(agent.page, '/atendimento');
      await agent.page.getByTestId('ticket-tab-pending').click();

      await openWidget(customer.page, 'Padaria Central', visitor);
      await widgetSend(customer.page, 'Vou mandar um áudio.');
      await customer.page.getByTestId('prosa-webchat-record').click();
      await expect
        .poll(async () => (await customer.page.getByTestId('prosa-webchat-elapsed').textContent()) ?? '', {
          timeout: 15_000,
        })
        .toMatch(/^0:0[2-9]/);
      await customer.page.getByTestId('prosa-webchat-send-voice').click();
      // The visitor's own note plays in the widget.
      const mine = customer.page.locator('[data-testid="prosa-webchat-message"] [data-testid="prosa-webchat-audio"]');
      await mine.first().waitFor();

      // On the desk: the note is the customer's audio, a voice note (OGG/Opus) that plays inline.
      await ticketRow(agent.page, visitor).waitFor({ timeout: 30_000 });
      await ticketRow(agent.page, visitor).getByTestId('ticket-accept').click();
      await agent.page.waitForFunction(() => /^#\/atendimento\/\d+/.test(window.location.hash));
      const received = agent.page.locator('[data-testid="message"][data-from-me="false"] [data-testid="audio-player"]');
      await received.waitFor();
      expect(await received.getAttribute('data-voice')).toBe('true');
      await received.getByText('2x').click();
      const audio = received.getByTestId('message-audio');
      await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(2);
      await expect
        .poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 10_000 })
        .toBeGreaterThan(1);

      // The agent answers with a note of their own: the widget shows it and can speed it up.
      await agent.page.getByTestId('voice-record').click();
      await expect.poll(() => elapsedSeconds(agent.page), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
      await agent.page.getByTestId('voice-send').click();
      const reply = customer.page.locator('[data-testid="prosa-webchat-message"] [data-testid="prosa-webchat-audio"]');
      await expect.poll(() => reply.count(), { timeout: 30_000 }).toBe(2);
      const speed = customer.page.getByTestId('prosa-webchat-speed').last();
      await speed.click();
      expect(await speed.textContent()).toBe('1.5x');
      await expect.poll(() => reply.last().evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1.5);
      await expect
        .poll(() => reply.last().evaluate((a: HTMLAudioElement) => a.duration), { timeout: 10_000 })
        .toBeGreaterThan(0.5);
      await agent.context.close();
      await customer.context.close();
    },
  );
});
