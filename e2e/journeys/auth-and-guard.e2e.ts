import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { currentRoute, go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
import { api, apiLogin, unique } from '../support/api';
import { DEMO, DEMO_PASSWORD, OPERATOR, startServer, type RunningServer } from '../support/server';

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

describe('login and landing pages', () => {
  it('an admin lands on the dashboard (home-dashboard) with the company totals', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(page, '/');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toContain('Ana Souza');
    await expect.poll(() => page.getByTestId('stat-users-value').textContent()).toMatch(/^\d+$/);
    // The company's service figures (GET /dashboard) for the last 7 days, then for 30.
    await expect.poll(() => page.getByTestId('dashboard-created-value').textContent()).toMatch(/^\d+$/);
    const week = Number(await page.getByTestId('dashboard-created-value').textContent());
    await page.getByTestId('dashboard-period').getByText('30').click();
    await expect
      .poll(async () => Number(await page.getByTestId('dashboard-created-value').textContent()))
      .toBeGreaterThanOrEqual(week);
    expect(await page.getByTestId('dashboard-sla').isVisible()).toBe(true);
    expect(await page.getByTestId('nav-users').isVisible()).toBe(true);
    // The session is kept as the login response names it (SPEC §3).
    const stored = await page.evaluate(() =>
      ['token', 'username', 'profile', 'userId', 'tenantId', 'queues', 'email', 'configs'].map((k) =>
        localStorage.getItem(k),
      ),
    );
    expect(stored.every((v) => v !== null)).toBe(true);
    await context.close();
  });

  it('an agent lands on the service screen (atendimento) and sees only what it may use', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.agent, DEMO_PASSWORD);
    await waitForRoute(page, '/atendimento');
    await expect.poll(() => page.getByTestId('attendance-welcome').textContent()).toContain('Diego Alves');
    await expect(page.getByTestId('attendance-queues').textContent()).resolves.toContain('Vendas');
    // Connected to the socket: the header's presence badge turns online.
    await page.locator('header [data-testid="socket-status"][data-status="online"]').waitFor();
    expect(await page.getByTestId('nav-users').count()).toBe(0);
    expect(await page.getByTestId('nav-companies').count()).toBe(0);
    await context.close();
  });

  it('wrong credentials keep the user on the login page with the error text', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.admin, 'not-the-password');
    await page.getByTestId('login-error').waitFor();
    expect(currentRoute(page)).toBe('/login');
    // The failure is also told by a 500 ms warning toast (SPEC §8); the page is checked once it has
    // gone, not while it fades (a half-faded toast reads as low contrast: CI caught one mid-exit).
    await page.locator('.mantine-Notification-root').waitFor({ state: 'detached' });
    await expectAccessibleInBothThemes(page, '/login with an error');
    await context.close();
  });
});

describe('sign-up (SPEC §2 /signup)', () => {
  it('an empty plan is "required"; after signing up the login page confirms it with the email filled in', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    const email = `nova-${Date.now().toString(36)}@exemplo.com`;
    await go(page, '/signup');
    await page.getByTestId('signup-name').fill(unique('Empresa Nova'));
    await page.getByTestId('signup-responsible').fill('Rita Lima');
    await page.getByTestId('signup-whatsapp').fill('5511987650000');
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-password').fill('123');
    await page.getByTestId('signup-confirm-password').fill('123');
    await page.getByTestId('signup-submit').click();
    // The password names its minimum; the plan left empty is "required", not "invalid value".
    await page.getByText('Use pelo menos 6 caracteres').waitFor();
    const planError = await page.getByTestId('signup-plan').evaluate((el) => {
      const id = el
        .getAttribute('aria-describedby')
        ?.split(' ')
        .find((x) => x.endsWith('-error'));
      return id ? document.getElementById(id)?.textContent : null;
    });
    expect(planError).toBe('Campo obrigatório');
    expect(await page.getByText('Valor inválido').count()).toBe(0);
    await expectAccessibleInBothThemes(page, '/signup with errors');

    await page.getByTestId('signup-password').fill('segredo-novo');
    await page.getByTestId('signup-confirm-password').fill('segredo-novo');
    await page.getByTestId('signup-plan').click();
    await page.getByRole('option', { name: /Básico/ }).click();
    await page.getByTestId('signup-submit').click();
    await waitForRoute(page, '/login');
    await expect.poll(() => page.getByTestId('login-signed-up').textContent()).toContain(email);
    expect(await page.getByTestId('login-email').inputValue()).toBe(email);
    await expectAccessibleInBothThemes(page, '/login after sign-up');
    await page.getByTestId('login-password').fill('segredo-novo');
    await page.getByTestId('login-submit').click();
    await waitForRoute(page, '/');
    await context.close();
  });

  it("through a reseller: the operator makes a token, a sign-up without it is refused, the reseller's link passes, /empresas names the reseller", async () => {
    const op = await newPage(browser, server.baseUrl);
    await login(op.page, OPERATOR.email, OPERATOR.password);
    await waitForRoute(op.page, '/');
    await op.page.getByTestId('nav-resellers').click();
    await waitForRoute(op.page, '/revendedores');
    const reseller = unique('Revenda Sul');
    await op.page.getByTestId('reseller-add').click();
    await op.page.getByTestId('reseller-form-name').fill(reseller);
    await op.page.getByTestId('reseller-form-save').click();
    const row = op.page.locator(`[data-testid="reseller-row"][data-name="${reseller}"]`);
    await row.getByTestId('reseller-tokens-open').click();
    await op.page.getByTestId('reseller-token-new').click();
    const token = await op.page.getByTestId('reseller-token-value').inputValue();
    const link = await op.page.getByTestId('reseller-token-link').inputValue();
    expect(link).toContain(`#/signup?setup-token=${token}`);
    await expect.poll(() => op.page.getByTestId('reseller-token-row').count()).toBe(1);
    await expectAccessibleInBothThemes(op.page, "/revendedores, a reseller's tokens");
    await op.page.keyboard.press('Escape');

    // The operator requires a reseller's token from now on (the platform settings' switch).
    const opToken = await apiLogin(server.baseUrl, OPERATOR.email, OPERATOR.password);
    await api(server.baseUrl, opToken, 'PUT', '/admin/settings', { signupNeedsToken: 'true' });
    const company = unique('Loja da Revenda');
    try {
      const fill = async (page: typeof op.page, email: string) => {
        await page.getByTestId('signup-name').fill(company);
        await page.getByTestId('signup-responsible').fill('Rita Lima');
        await page.getByTestId('signup-whatsapp').fill('5511987650001');
        await page.getByTestId('signup-email').fill(email);
        await page.getByTestId('signup-password').fill('segredo-novo');
        await page.getByTestId('signup-confirm-password').fill('segredo-novo');
        await page.getByTestId('signup-plan').click();
        await page.getByRole('option', { name: /Básico/ }).click();
      };
      const email = `revenda-${Date.now().toString(36)}@exemplo.com`;
      const first = await newPage(browser, server.baseUrl);
      await go(first.page, '/signup');
      await fill(first.page, email);
      await first.page.getByTestId('signup-submit').click();
      await first.page.getByText('Tokens disponíveis apenas para revendedores autorizados.').first().waitFor();
      expect(currentRoute(first.page)).toBe('/signup');
      await first.context.close();

      // The reseller's link fills the token in.
      const second = await newPage(browser, server.baseUrl);
      await second.page.goto(link);
      await expect.poll(() => second.page.getByTestId('signup-setup-token').inputValue()).toBe(token);
      await fill(second.page, email);
      await second.page.getByTestId('signup-submit').click();
      await waitForRoute(second.page, '/login');
      await second.context.close();
    } finally {
      await api(server.baseUrl, opToken, 'PUT', '/admin/settings', { signupNeedsToken: 'false' });
    }

    await go(op.page, '/empresas');
    const companyRow = op.page.locator(`[data-testid="tenant-row"][data-name="${company}"]`);
    await expect.poll(() => companyRow.getByTestId('tenant-reseller').textContent()).toBe(reseller);
    await op.context.close();
  });
});

describe('navigation guard (SPEC §6)', () => {
  it('without a token a protected screen sends to /login with "login required"', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await go(page, '/usuarios');
    await waitForRoute(page, '/login');
    await page.getByText('Faça login para continuar.').waitFor();
    await context.close();
  });

  it('the public screens open without a token', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await go(page, '/signup');
    await page.getByTestId('signup-name').waitFor();
    await go(page, '/recuperar-senha');
    await page.getByTestId('recover-email').waitFor();
    expect(currentRoute(page)).toBe('/recuperar-senha');
    await context.close();
  });

  it('an agent opening /empresas is told "unauthorized" and sent home', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.agent, DEMO_PASSWORD);
    await waitForRoute(page, '/atendimento');
    await go(page, '/empresas');
    await page.getByText('Você não tem acesso a esta página.').waitFor();
    await waitForRoute(page, '/atendimento');
    await context.close();
  });

  it('a company admin (not the operator) cannot open /empresas either', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(page, '/');
    await go(page, '/empresas');
    await page.getByText('Você não tem acesso a esta página.').waitFor();
    await waitForRoute(page, '/');
    await context.close();
  });

  it('a company admin typing /empresas into the address bar (a fresh load) is told "unauthorized"', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(page, '/');
    // A new document: the guard runs before the app has rendered anything.
    await page.goto('about:blank');
    await go(page, '/empresas');
    await page.getByText('Você não tem acesso a esta página.').waitFor();
    await waitForRoute(page, '/');
    await context.close();
  });

  it('an unknown path shows the 404 page', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await go(page, '/nao-existe-mesmo');
    await page.getByTestId('not-found-code').waitFor();
    await context.close();
  });
});
