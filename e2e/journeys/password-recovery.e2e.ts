import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, unique } from '../support/api';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher';
import { DEMO, DEMO_PASSWORD, startServer, type RunningServer } from '../support/server';

let mail: MailCatcher;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ smtpPort: mail.port });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.stop();
});

describe('password recovery', () => {
  it('requests a code, reads it from the mail, sets a new password and logs in with it', async () => {
    // A user of its own, so no other journey's login is affected.
    const email = `${unique('recover').replace(/\s+/g, '-').toLowerCase()}@padaria.demo`;
    const token = await apiLogin(server.baseUrl, DEMO.admin, DEMO_PASSWORD);
    await api(server.baseUrl, token, 'POST', '/users', {
      name: 'Recuperação E2E',
      email,
      password: 'senha-antiga-1',
      profile: 'user',
      queues: [],
    });

    const { context, page } = await newPage(browser, server.baseUrl);
    await go(page, '/login');
    await page.getByTestId('forgot-link').click();
    await waitForRoute(page, '/recuperar-senha');
    await page.getByTestId('recover-email').fill(email);
    await page.getByTestId('recover-send').click();
    await page.getByTestId('recover-code-intro').waitFor();
    await expectAccessibleInBothThemes(page, 'recovery code step');

    const message = await mail.waitFor((m) => m.to.includes(email));
    const code = /\b(\d{6})\b/.exec(message.body)?.[1];
    expect(code, `no 6-digit code in:\n${message.body}`).toBeTruthy();

    await page.locator('[data-testid="recover-code"] input').first().click();
    await page.keyboard.type(code!);
    await page.getByTestId('recover-password').fill('senha-nova-2');
    await page.getByTestId('recover-confirm-password').fill('senha-nova-2');
    await page.getByTestId('recover-submit').click();
    await waitForRoute(page, '/login');

    await login(page, email, 'senha-antiga-1');
    await page.getByTestId('login-error').waitFor();
    await login(page, email, 'senha-nova-2');
    await waitForRoute(page, '/atendimento');
    await context.close();
  });

  it('a wrong code is refused and the password stays', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await go(page, '/recuperar-senha');
    await page.getByTestId('recover-email').fill(DEMO.agent);
    await page.getByTestId('recover-send').click();
    await page.getByTestId('recover-code-intro').waitFor();
    await mail.waitFor((m) => m.to.includes(DEMO.agent));
    await page.locator('[data-testid="recover-code"] input').first().click();
    await page.keyboard.type('000000');
    await page.getByTestId('recover-password').fill('outra-senha-3');
    await page.getByTestId('recover-confirm-password').fill('outra-senha-3');
    await page.getByTestId('recover-submit').click();
    await page.getByTestId('reset-error').waitFor();
    await expectAccessibleInBothThemes(page, 'recovery with a wrong code');
    await login(page, DEMO.agent, DEMO_PASSWORD);
    await waitForRoute(page, '/atendimento');
    await context.close();
  });
});
