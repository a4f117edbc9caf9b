// The expired-plan block (SPEC §6, issue "SaaS operation"): a year and a week after the demo data
// was written (the server's clock moved on, e2e/support/clock-shift.mjs), Clínica Sorriso's plan is
// past its due date. Its admin is sent to /financeiro with the renewal notice and every desk route
// answers 402; paying the open invoice through a gateway (the Mercado Pago stand-in) lifts the
// block at once, without signing in again, and the desk opens.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startMercadoPagoStandIn,
  type MercadoPagoStandIn,
} from '../../apps/server/src/modules/billing/gateways/stand-ins/mercadopago/stand-in';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { api, apiLogin } from '../support/api';
import { go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
import { DEMO_PASSWORD, OPERATOR, startServer, type RunningServer } from '../support/server';

const CLINIC = 'admin@clinica.demo';
/** The demo companies are due a year after the first start; a week past that, with 0 grace days. */
const A_YEAR_AND_A_WEEK = 372 * 86_400_000;

let server: RunningServer;
let browser: Browser;
let mp: MercadoPagoStandIn;

beforeAll(async () => {
  mp = await startMercadoPagoStandIn();
  server = await startServer({ env: { MERCADOPAGO_API_URL: mp.url }, clockShiftMs: A_YEAR_AND_A_WEEK });
  mp.webhookUrl = `${server.baseUrl}/subscription/payment/webhook/mercadopago`;
  browser = await launchBrowser();
  server.shiftClock();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mp?.close();
});

/** The company's own view of its plan, signed in after the clock moved (older tokens are expired). */
async function planState(): Promise<{ expired: boolean } | null> {
  try {
    const token = await apiLogin(server.baseUrl, CLINIC, DEMO_PASSWORD);
    return await api<{ expired: boolean }>(server.baseUrl, token, 'GET', '/tenants/date/');
  } catch {
    return null;
  }
}

describe('an expired plan', () => {
  it('sends the admin to /financeiro and blocks the desk until an invoice is paid through the gateway', async () => {
    await expect.poll(async () => (await planState())?.expired).toBe(true);
    const operator = await apiLogin(server.baseUrl, OPERATOR.email, OPERATOR.password);
    await api(server.baseUrl, operator, 'PUT', '/admin/settings', {
      paymentGateway: 'mercadopago',
      mercadopagoAccessToken: mp.accessToken,
      mercadopagoWebhookSecret: mp.webhookSecret,
    });
    // The server refuses the desk's routes to the company, whatever the web app does.
    const clinic = await apiLogin(server.baseUrl, CLINIC, DEMO_PASSWORD);
    const tickets = await fetch(`${server.baseUrl}/tickets`, { headers: { Authorization: `Bearer ${clinic}` } });
    expect(tickets.status).toBe(402);
    expect(((await tickets.json()) as { error: string }).error).toBe('ERR_PLAN_EXPIRED');

    const { page, context } = await newPage(browser, server.baseUrl);
    await login(page, CLINIC, DEMO_PASSWORD);
    await waitForRoute(page, '/financeiro');
    await page.getByText('Seu plano venceu', { exact: false }).first().waitFor();
    // The desk is out of reach: the guard sends it back.
    await go(page, '/atendimento');
    await waitForRoute(page, '/financeiro');
    const row = page.getByTestId('invoice-row').first();
    await row.waitFor();
    await expectAccessibleInBothThemes(page, '/financeiro, plan expired');

    // Pay: the gateway's Pix; the payer's bank approves and Mercado Pago notifies Prosa (signed).
    await row.getByTestId('invoice-pay').click();
    await page.getByTestId('pix-qrcode').waitFor();
    const payment = mp.payments().at(-1)!;
    expect(await page.getByTestId('pix-code').inputValue()).toBe(payment.qrCode);
    expect(await mp.approve(payment.id)).toBe(200);
    await page.getByTestId('gateway-paid').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => row.getByTestId('invoice-status').getAttribute('data-status')).toBe('paid');

    // Unblocked at once, in the same session: the desk opens and its routes answer.
    await go(page, '/atendimento');
    await waitForRoute(page, '/atendimento');
    await page.getByTestId('ticket-tab-open').waitFor();
    const after = await fetch(`${server.baseUrl}/tickets`, { headers: { Authorization: `Bearer ${clinic}` } });
    expect(after.status).toBe(200);
    expect((await planState())?.expired).toBe(false);
    await context.close();
  });
});
