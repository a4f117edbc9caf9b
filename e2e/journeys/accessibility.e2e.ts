import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
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

/** Opens a screen and waits until its data has arrived (no request in flight, no loader shown). */
async function visit(page: Page, route: string, ready: string): Promise<void> {
  await go(page, route);
  await waitForRoute(page, route);
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page
    .locator('.mantine-Loader-root')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
}

const TITLE = '[data-testid="page-title"]';

describe('accessibility: axe-core WCAG 2 A/AA, light and dark theme', () => {
  it('the public screens', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    for (const [route, ready] of [
      ['/login', '[data-testid="login-email"]'],
      ['/signup', '[data-testid="signup-name"]'],
      ['/recuperar-senha', '[data-testid="recover-email"]'],
    ] as const) {
      await visit(page, route, ready);
      await expectAccessibleInBothThemes(page, route);
    }
    await context.close();
  });

  it("a company admin's screens", { timeout: 240_000 }, async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(page, '/');
    const screens: [string, string][] = [
      ['/', TITLE],
      ['/atendimento', '[data-testid="ticket-tab-open"]'],
      ['/contatos', TITLE],
      ['/kanban', TITLE],
      ['/sessoes', TITLE],
      ['/usuarios', TITLE],
      ['/filas', '[data-testid="queue-row"]'],
      ['/etiquetas', TITLE],
      ['/linhas-chamada', TITLE],
      ['/horario-atendimento', TITLE],
      ['/configuracoes', TITLE],
      ['/financeiro', TITLE],
      ['/chat-flow', TITLE],
      ['/chatbot', TITLE],
      ['/integracoes', TITLE],
      ['/campanhas', TITLE],
      ['/configuracoes-api', TITLE],
    ];
    for (const [route, ready] of screens) {
      await visit(page, route, ready);
      await expectAccessibleInBothThemes(page, route);
    }
    await context.close();
  });

  it("the platform operator's screens", async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, OPERATOR.email, OPERATOR.password);
    await waitForRoute(page, '/');
    // The operator's dashboard: the platform's figures (GET /admin/dashboard).
    await visit(page, '/', '[data-testid="saas-signups"]');
    await expect.poll(() => page.getByTestId('saas-mrr-value').textContent()).toMatch(/R\$/);
    expect(await page.getByTestId('saas-signups-rows').locator('li').count()).toBe(30);
    await expectAccessibleInBothThemes(page, '/ (operator)');
    for (const route of ['/empresas', '/planos', '/revendedores', '/configuracoes-plataforma', '/white-label']) {
      await visit(page, route, TITLE);
      await expectAccessibleInBothThemes(page, route);
    }
    await context.close();
  });

  it('help: the operator writes an article with a video; a company agent finds it on /ajuda', async () => {
    const title = `Como usar as etiquetas ${Date.now().toString(36)}`;
    const op = await newPage(browser, server.baseUrl);
    await login(op.page, OPERATOR.email, OPERATOR.password);
    await waitForRoute(op.page, '/');
    await visit(op.page, '/ajuda/gerenciar', TITLE);
    await expectAccessibleInBothThemes(op.page, '/ajuda/gerenciar');
    await op.page.getByTestId('help-admin-add').click();
    await op.page.getByTestId('help-form-title').fill(title);
    await op.page.getByTestId('help-form-description').fill('Abra o contato e escolha as etiquetas.');
    // A link that is not YouTube's is refused where it is typed, in the user's language.
    await op.page.getByTestId('help-form-video').fill('https://vimeo.com/1');
    await op.page.getByTestId('help-form-save').click();
    await op.page.getByText('Use um link do YouTube ou o código do vídeo').waitFor();
    await op.page.getByTestId('help-form-video').fill('https://youtu.be/dQw4w9WgXcQ');
    await op.page.getByTestId('help-form-save').click();
    await op.page.locator(`[data-name="${title}"]`).waitFor();
    await op.context.close();

    const { context, page } = await newPage(browser, server.baseUrl);
    // The embedded player is served by YouTube; the test answers for it (no test reaches the internet).
    await context.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>player</title><p>player</p></html>' }),
    );
    await login(page, DEMO.agent, DEMO_PASSWORD);
    await waitForRoute(page, '/atendimento');
    await page.getByTestId('nav-help').click();
    await waitForRoute(page, '/ajuda');
    await page.getByTestId('help-item').first().waitFor();
    await page.getByTestId('help-search').fill('ETIQUETAS');
    await expect.poll(() => page.getByTestId('help-item').count()).toBe(1);
    const item = page.locator(`[data-testid="help-item"][data-title="${title}"]`);
    await item.getByRole('button').click();
    await item.getByTestId('help-description').waitFor();
    expect(await item.locator('iframe').getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(await page.getByTestId('help-manage').count()).toBe(0);
    await expectAccessibleInBothThemes(page, '/ajuda');
    await context.close();
  });
});
