import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
import {
  startMercadoPagoStandIn,
  type MercadoPagoStandIn,
} from '../../apps/server/src/modules/billing/gateways/stand-ins/mercadopago/stand-in';
import { DEMO, DEMO_PASSWORD, OPERATOR, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let mp: MercadoPagoStandIn;

beforeAll(async () => {
  // Mercado Pago is a local stand-in: the server talks to it exactly as to api.mercadopago.com.
  mp = await startMercadoPagoStandIn();
  server = await startServer({ env: { MERCADOPAGO_API_URL: mp.url } });
  mp.webhookUrl = `${server.baseUrl}/subscription/payment/webhook/mercadopago`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mp?.close();
});

describe('billing (/financeiro)', () => {
  it("a company pays its invoice by Pix; the operator confirms it and the company's page shows it paid, live", async () => {
    const company = await newPage(browser, server.baseUrl);
    const page = company.page;
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(page, '/');
    await go(page, '/financeiro');
    const row = page.getByTestId('invoice-row').first();
    await row.waitFor();
    expect(await row.getByTestId('invoice-status').getAttribute('data-status')).toBe('open');
    const dueBefore = await page.getByTestId('financial-due-date').textContent();

    await row.getByTestId('invoice-pay').click();
    await page.getByTestId('pix-qrcode').waitFor();
    const code = await page.getByTestId('pix-code').inputValue();
    expect(code.startsWith('000201')).toBe(true);
    expect(code).toContain('financeiro@prosa.demo');
    await expectAccessibleInBothThemes(page, '/financeiro, paying by Pix');
    await page.keyboard.press('Escape');
    await page.getByTestId('pix-pay').waitFor({ state: 'detached' });

    // The operator confirms the payment on /empresas.
    const op = await newPage(browser, server.baseUrl);
    await login(op.page, OPERATOR.email, OPERATOR.password);
    await waitForRoute(op.page, '/');
    await go(op.page, '/empresas');
    const companyRow = op.page.locator('[data-testid="tenant-row"][data-name="Padaria Central"]');
    await companyRow.getByTestId('tenant-menu').click();
    await op.page.getByTestId('tenant-invoices').click();
    const invoice = op.page.getByTestId('tenant-invoice').first();
    await invoice.getByTestId('invoice-mark-paid').click();
    await op.page.getByTestId('confirm-button').click();
    await expect.poll(() => invoice.getByTestId('invoice-status').getAttribute('data-status')).toBe('paid');
    await expectAccessibleInBothThemes(op.page, '/empresas, invoices');
    await op.context.close();

    // The company's page follows without a reload: paid, and the due date renewed.
    await expect.poll(() => row.getByTestId('invoice-status').getAttribute('data-status')).toBe('paid');
    await expect.poll(() => page.getByTestId('financial-due-date').textContent()).not.toBe(dueBefore);
    expect(await row.getByTestId('invoice-pay').count()).toBe(0);
    await company.context.close();
  });
});

describe('paying through a gateway (Mercado Pago stand-in)', () => {
  it(
    'the operator sets Mercado Pago up; a company pays its invoice by its Pix and the page shows it paid, live',
    { timeout: 180_000 },
    async () => {
      const op = await newPage(browser, server.baseUrl);
      await login(op.page, OPERATOR.email, OPERATOR.password);
      await waitForRoute(op.page, '/');
      await go(op.page, '/configuracoes-plataforma');
      await op.page.getByTestId('platform-paymentGateway').click();
      // The gateways without an adapter are listed, not selectable.
      expect(await op.page.getByRole('option', { name: /Owen/ }).getAttribute('data-combobox-disabled')).toBe('true');
      // EFI's panel: its credentials, and the webhook URL carrying the secret typed (hmac).
      await op.page.getByRole('option', { name: 'EFI' }).click();
      await op.page.getByTestId('platform-efiCertificate').waitFor();
      await op.page.getByTestId('platform-efiWebhookSecret').fill('efi_secret_0123456789');
      expect(await op.page.getByTestId('platform-webhook-url').inputValue()).toBe(
        `${server.baseUrl}/subscription/payment/webhook/efi?hmac=efi_secret_0123456789&ignorar=`,
      );
      await op.page.getByTestId('platform-efiWebhookSecret').fill('');
      await op.page.getByTestId('platform-paymentGateway').click();
      await op.page.getByRole('option', { name: 'Mercado Pago' }).click();
      await op.page.getByTestId('platform-mercadopagoAccessToken').fill(mp.accessToken);
      await op.page.getByTestId('platform-mercadopagoWebhookSecret').fill(mp.webhookSecret);
      expect(await op.page.getByTestId('platform-webhook-url').inputValue()).toBe(mp.webhookUrl);
      await op.page.getByTestId('platform-save').click();
      // Answered masked: the last 4 characters only.
      await expect
        .poll(() => op.page.getByTestId('platform-mercadopagoAccessToken').inputValue())
        .toBe(`••••${mp.accessToken.slice(-4)}`);
      await expectAccessibleInBothThemes(op.page, 'platform settings, a gateway');
      await op.context.close();

      const company = await newPage(browser, server.baseUrl);
      const page = company.page;
      await login(page, 'admin@clinica.demo', DEMO_PASSWORD);
      await waitForRoute(page, '/');
      await go(page, '/financeiro');
      const row = page.getByTestId('invoice-row').first();
      await row.waitFor();
      expect(await row.getByTestId('invoice-status').getAttribute('data-status')).toBe('open');
      const dueBefore = await page.getByTestId('financial-due-date').textContent();
      await row.getByTestId('invoice-pay').click();
      await page.getByTestId('pix-qrcode').waitFor();
      const code = await page.getByTestId('pix-code').inputValue();
      const payment = mp.payments().at(-1)!;
      expect(code).toBe(payment.qrCode);
      await expectAccessibleInBothThemes(page, '/financeiro, paying through Mercado Pago');

      // The payer pays in the bank app: Mercado Pago approves and notifies Prosa (signed).
      expect(await mp.approve(payment.id)).toBe(200);
      await page.getByTestId('gateway-paid').waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => row.getByTestId('invoice-status').getAttribute('data-status')).toBe('paid');
      await expect.poll(() => page.getByTestId('financial-due-date').textContent()).not.toBe(dueBefore);
      await company.context.close();
    },
  );
});

describe("the operator's notice banner", () => {
  it("a notice for one company shows on its users' screens only", async () => {
    const text = `Manutenção programada ${Date.now().toString(36)}`;
    const op = await newPage(browser, server.baseUrl);
    await login(op.page, OPERATOR.email, OPERATOR.password);
    await waitForRoute(op.page, '/');
    await go(op.page, '/configuracoes-plataforma');
    await op.page.getByTestId('platform-noticeBanner').fill(text);
    await op.page.getByTestId('platform-noticeBannerTenants').click();
    await op.page.getByRole('option', { name: 'Padaria Central' }).click();
    await op.page.keyboard.press('Escape');
    await op.page.getByTestId('platform-save').click();
    await expect.poll(() => op.page.getByTestId('platform-save').isDisabled()).toBe(true);
    await op.context.close();

    const padaria = await newPage(browser, server.baseUrl);
    await login(padaria.page, DEMO.agent, DEMO_PASSWORD);
    await waitForRoute(padaria.page, '/atendimento');
    await expect.poll(() => padaria.page.getByTestId('notice-banner').textContent()).toContain(text);
    await padaria.context.close();

    const clinica = await newPage(browser, server.baseUrl);
    await login(clinica.page, 'admin@clinica.demo', DEMO_PASSWORD);
    await waitForRoute(clinica.page, '/');
    await clinica.page.getByTestId('page-title').waitFor();
    await clinica.page.waitForLoadState('networkidle');
    expect(await clinica.page.getByTestId('notice-banner').count()).toBe(0);
    await clinica.context.close();
  });
});
