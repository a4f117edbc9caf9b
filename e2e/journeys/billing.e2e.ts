import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { apiLogin } from '../support/api';
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
      // Owen's panel: its credentials, and the webhook URL carrying the token typed (token=).
      await op.page.getByTestId('platform-paymentGateway').click();
      await op.page.getByRole('option', { name: 'Owen' }).click();
      await op.page.getByTestId('platform-owenWebhookToken').fill('owen_token_0123456789abcdef0123456789');
      expect(await op.page.getByTestId('platform-webhook-url').inputValue()).toBe(
        `${server.baseUrl}/subscription/payment/webhook/owen?token=owen_token_0123456789abcdef0123456789`,
      );
      await op.page.getByTestId('platform-owenWebhookToken').fill('');
      await op.page.getByTestId('platform-paymentGateway').click();
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

describe("the operator's companies and plans", () => {
  it('creates, edits and deletes a plan on /planos and a company on /empresas', async () => {
    const { page, context } = await newPage(browser, server.baseUrl);
    await login(page, OPERATOR.email, OPERATOR.password);
    await waitForRoute(page, '/');
    const stamp = Date.now().toString(36);

    // A plan: created, renamed with a new value, and (unused) deleted at the end.
    await go(page, '/planos');
    const planName = `Plano E2E ${stamp}`;
    await page.getByTestId('plan-add').click();
    await page.getByTestId('plan-name').fill(planName);
    await page.getByTestId('plan-maxUsers').fill('3');
    await page.getByTestId('plan-maxConnections').fill('2');
    await page.getByTestId('plan-value').fill('99,90');
    await page.getByTestId('plan-save').click();
    const plan = (name: string) => page.locator(`[data-testid="plan-row"][data-name="${name}"]`);
    await plan(planName).waitFor();
    const renamedPlan = `${planName} Plus`;
    await plan(planName).getByTestId('plan-edit').click();
    await expect.poll(() => page.getByTestId('plan-name').inputValue()).toBe(planName);
    await page.getByTestId('plan-name').fill(renamedPlan);
    await page.getByTestId('plan-value').fill('149,90');
    await page.getByTestId('plan-save').click();
    await plan(renamedPlan).waitFor();
    expect(await plan(renamedPlan).textContent()).toMatch(/R\$\s149,90/);

    // A company on that plan, with its first admin, who can then sign in.
    await go(page, '/empresas');
    const companyName = `Empresa E2E ${stamp}`;
    const adminEmail = `admin-${stamp}@empresa-e2e.com`;
    await page.getByTestId('tenant-add').click();
    await page.getByTestId('tenant-name').fill(companyName);
    await page.getByTestId('tenant-plan').click();
    await page.getByRole('option', { name: renamedPlan }).click();
    await page.getByTestId('tenant-admin-name').fill('Admin E2E');
    await page.getByTestId('tenant-admin-email').fill(adminEmail);
    await page.getByTestId('tenant-admin-password').fill('segredo-e2e-1');
    await page.getByTestId('tenant-save').click();
    const company = (name: string) => page.locator(`[data-testid="tenant-row"][data-name="${name}"]`);
    await company(companyName).waitFor();
    expect(await company(companyName).textContent()).toContain(renamedPlan);
    expect(await apiLogin(server.baseUrl, adminEmail, 'segredo-e2e-1')).toBeTruthy();

    const renamedCompany = `${companyName} Ltda`;
    await company(companyName).getByTestId('tenant-edit').click();
    await expect.poll(() => page.getByTestId('tenant-name').inputValue()).toBe(companyName);
    await page.getByTestId('tenant-name').fill(renamedCompany);
    await page.getByTestId('tenant-save').click();
    await company(renamedCompany).waitFor();
    await expectAccessibleInBothThemes(page, '/empresas with a new company');

    await company(renamedCompany).getByTestId('tenant-menu').click();
    await page.getByTestId('tenant-delete').click();
    await page.getByTestId('confirm-button').click();
    await company(renamedCompany).waitFor({ state: 'detached' });

    // The plan has no company left: it can go too; both stay gone after a reload.
    await go(page, '/planos');
    await plan(renamedPlan).getByTestId('plan-delete').click();
    await page.getByTestId('confirm-button').click();
    await plan(renamedPlan).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('plan-table').waitFor();
    expect(await plan(renamedPlan).count()).toBe(0);
    await go(page, '/empresas');
    await page.getByTestId('tenant-table').waitFor();
    expect(await company(renamedCompany).count()).toBe(0);
    await context.close();
  });
});
