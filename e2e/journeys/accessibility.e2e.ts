import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
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
      ['/sessoes', TITLE],
      ['/usuarios', TITLE],
      ['/filas', '[data-testid="queue-row"]'],
      ['/etiquetas', TITLE],
      ['/horario-atendimento', TITLE],
      ['/configuracoes', TITLE],
      ['/financeiro', TITLE],
      ['/chat-flow', TITLE],
      ['/chatbot', TITLE],
      ['/integracoes', TITLE],
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
    for (const route of ['/empresas', '/planos', '/configuracoes-plataforma']) {
      await visit(page, route, TITLE);
      await expectAccessibleInBothThemes(page, route);
    }
    await context.close();
  });
});
