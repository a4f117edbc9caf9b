import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWavoipStandIn, type WavoipStandIn } from '../../apps/server/src/channels/wavoip/stand-in/stand-in';
import { api, apiLogin, unique } from '../support/api';
import { FAKE_MICROPHONE, go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { DEMO, DEMO_PASSWORD, startServer, type RunningServer } from '../support/server';

/**
 * Voice calls (issue 17) against the Wavoip stand-in: its device socket is what the browser
 * speaks to (WAVOIP_URL), its webhook reaches Prosa, its storage serves the recordings
 * (WAVOIP_STORAGE_URL). Chromium's fake microphone gives the call media without a prompt.
 */
let standIn: WavoipStandIn;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  standIn = await startWavoipStandIn();
  server = await startServer({ env: { WAVOIP_URL: standIn.url, WAVOIP_STORAGE_URL: standIn.url } });
  browser = await launchBrowser(FAKE_MICROPHONE);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await standIn?.close();
});

const lineRow = (page: Page, name: string) => page.locator(`[data-testid="call-line-row"][data-name="${name}"]`);

/** Adds a call line through the admin screen; answers its webhook URL as the screen shows it. */
async function addLine(page: Page, name: string, token: string, channel: string | null): Promise<string> {
  await page.getByTestId('call-line-add').click();
  await page.getByTestId('call-line-name').fill(name);
  await page.getByTestId('call-line-token').fill(token);
  if (channel) {
    await page.getByTestId('call-line-channelId').click();
    await page.getByRole('option', { name: channel, exact: true }).click();
  }
  await page.getByTestId('call-line-save').click();
  await page.getByTestId('call-line-save').waitFor({ state: 'detached' });
  const url = await lineRow(page, name).getByTestId('call-line-row-webhook').inputValue();
  expect(url).toMatch(new RegExp(`^${server.baseUrl}/webhooks/wavoip/[A-Za-z0-9_-]{20,}$`));
  return url;
}

/** The stand-in's record of the calls on a device, and what the browser signalled on each. */
const signalsOf = (token: string, callId: string) =>
  standIn
    .calls(token)
    .find((c) => c.id === callId)
    ?.signals.filter((s) => s.answer.type === 'success')
    // call.mute carries its switch: call.mute:true / call.mute:false.
    .map((s) => (s.event === 'call.mute' ? `${s.event}:${String(s.args[1])}` : s.event)) ?? [];

async function audioLoaded(audio: Locator): Promise<void> {
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState >= 1 && a.duration > 0 && a.src.startsWith('blob:')))
    .toBe(true);
}

describe('voice calls', () => {
  it(
    'a call from the stand-in rings anywhere, is accepted and ended by the peer, and shows on the ticket and in the report with its recording; an outgoing call falls back from a busy line',
    { timeout: 90_000 },
    async () => {
      const adminToken = await apiLogin(server.baseUrl, DEMO.admin, DEMO_PASSWORD);
      const channel = (await api<{ id: number; name: string }[]>(server.baseUrl, adminToken, 'GET', '/channels'))[0]!;
      const customer = unique('Cliente Ligação');
      const number = `55119${String(Date.now()).slice(-8)}`;
      const contact = await api<{ id: number }>(server.baseUrl, adminToken, 'POST', '/contacts', { name: customer, number });
      const ticket = await api<{ id: number }>(server.baseUrl, adminToken, 'POST', '/tickets/new', {
        contactId: contact.id,
        whatsappId: channel.id,
      });

      const { page, context } = await newPage(browser, server.baseUrl);
      await login(page, DEMO.admin, DEMO_PASSWORD);
      await waitForRoute(page, '/');

      // The admin registers two lines: the ticket's channel's line (busy at the provider) and another.
      await go(page, '/linhas-chamada');
      await page.getByTestId('empty-state').waitFor();
      await expectAccessibleInBothThemes(page, '/linhas-chamada without lines');
      const suffix = Date.now().toString(36);
      const busy = { name: `Linha Ocupada ${suffix}`, token: `busy-${suffix}` };
      const free = { name: `Linha Livre ${suffix}`, token: `free-${suffix}` };
      const busyHook = await addLine(page, busy.name, busy.token, channel.name);
      const freeHook = await addLine(page, free.name, free.token, null);
      standIn.device(busy.token, { phone: '551130000001', webhookUrl: busyHook, busy: true });
      standIn.device(free.token, { phone: '551130000002', webhookUrl: freeHook });
      await lineRow(page, busy.name).getByTestId('call-line-edit').click();
      expect(await page.getByTestId('call-line-webhook').inputValue()).toBe(busyHook);
      await expectAccessibleInBothThemes(page, 'call line form with its webhook URL');
      await page.getByTestId('call-line-name').press('Escape');
      await page.getByTestId('call-line-save').waitFor({ state: 'detached' });
      await expectAccessibleInBothThemes(page, '/linhas-chamada with two lines');

      // The admin gives itself both lines in the user form.
      await go(page, '/usuarios');
      await page.locator(`[data-testid="user-row"][data-email="${DEMO.admin}"] [data-testid="user-edit"]`).click();
      await page.getByTestId('user-call-lines').click();
      await page.getByRole('option', { name: busy.name, exact: true }).click();
      await page.getByRole('option', { name: free.name, exact: true }).click();
      await page.getByTestId('user-save').click();
      await page.getByTestId('user-save').waitFor({ state: 'detached' });
      // Both device sockets open: a call can ring on any screen now.
      await page.locator('[data-testid="call-dock"][data-online="2"]').waitFor({ state: 'attached' });

      // A customer calls the free line: the window rings over /usuarios, named by the lookup.
      const incoming = await standIn.incoming(free.token, number);
      await page.getByTestId('call-incoming').waitFor();
      await expect.poll(() => page.getByTestId('call-incoming-name').textContent()).toBe(customer);
      await expectAccessibleInBothThemes(page, 'incoming-call window');
      await page.getByTestId('call-accept').click();
      await waitForRoute(page, `/atendimento/${ticket.id}`);
      const bar = page.getByTestId('call-bar');
      await page.locator('[data-testid="call-bar"][data-phase="answered"]').waitFor();
      await page.getByTestId('call-timer').waitFor();
      await expect.poll(() => signalsOf(free.token, incoming.id)).toContain('call.accept');
      expect(standIn.calls(free.token).find((c) => c.id === incoming.id)?.clientSdp).toMatch(/^v=0/);

      // The peer hangs up: the bar says so, then the call resets.
      await standIn.drive(free.token, incoming.id, 'end');
      await page.locator('[data-testid="call-bar"][data-phase="ended"][data-signal="terminate"]').waitFor();
      await bar.waitFor({ state: 'detached', timeout: 8000 });

      // The ticket lists the call, written by the server from the webhook, and plays its recording.
      await page.locator(`[data-testid="chat"][data-ticket-id="${ticket.id}"]`).waitFor();
      const callsTab = page.getByTestId('side-tab-calls');
      if (!(await callsTab.isVisible())) await page.getByTestId('chat-panel').click();
      await callsTab.click();
      const inCall = page.locator('[data-testid="ticket-call"][data-direction="in"]');
      await expect.poll(() => inCall.getAttribute('data-status'), { timeout: 15_000 }).toBe('ended');
      await inCall.getByTestId('call-recording-play').click();
      await audioLoaded(inCall.getByTestId('call-recording-audio'));

      // An outgoing call from the ticket: the channel's line is busy, the other line takes it.
      await page.getByTestId('side-tab-contact').click();
      await page.getByTestId('call-contact').click();
      await page.locator('[data-testid="call-bar"][data-phase="calling"]').waitFor();
      await expect.poll(() => standIn.calls(free.token).filter((c) => c.direction === 'OUTCOMING').length).toBe(1);
      const outgoing = standIn.calls(free.token).find((c) => c.direction === 'OUTCOMING')!;
      expect(outgoing.peer.phone.replace(/\D/g, '')).toBe(number);
      expect(standIn.signals(busy.token).map((s) => [s.event, s.answer.result])).toEqual([['call.start', 'Line busy']]);
      await expect.poll(() => page.getByTestId('call-status').textContent()).toContain(free.name);
      await standIn.drive(free.token, outgoing.id, 'answer');
      await page.locator('[data-testid="call-bar"][data-phase="answered"]').waitFor();
      await page.getByTestId('call-mute').click();
      await expect.poll(() => signalsOf(free.token, outgoing.id)).toContain('call.mute:true');
      await page.getByTestId('call-end').click();
      await expect.poll(() => signalsOf(free.token, outgoing.id)).toContain('call.end');
      await page.locator('[data-testid="call-bar"][data-phase="ended"][data-signal="terminate"]').waitFor();

      // Both calls in /relatorios/ligacoes; a recording plays from the report too.
      await go(page, '/relatorios/ligacoes');
      await page.getByTestId('report-run').click();
      const rows = page.getByTestId('report-row').filter({ hasText: customer });
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
      await rows.getByTestId('call-recording-play').first().click();
      await audioLoaded(rows.getByTestId('call-recording-audio').first());
      await context.close();
    },
  );
});
