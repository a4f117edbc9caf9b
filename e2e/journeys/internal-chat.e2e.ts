// /chat-interno: two users in two browser contexts chat internally. The menu badge counts the
// unread message live and clears once it is read; presence shows who is online; a group started
// from a team reaches its members.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { api, apiLogin, unique } from '../support/api';
import { go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
import { DEMO, DEMO_PASSWORD, startServer, type RunningServer } from '../support/server';

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

const person = (page: Page, name: string) => page.locator(`[data-testid="ichat-person"][data-name="${name}"]`);
const group = (page: Page, name: string) => page.locator(`[data-testid="ichat-group"][data-name="${name}"]`);
const badge = (page: Page) => page.getByTestId('nav-internal-chat').getByTestId('ichat-unread-badge');
const message = (page: Page, text: string) => page.getByTestId('ichat-message').filter({ hasText: text });

async function send(page: Page, text: string) {
  await page.getByTestId('ichat-input').fill(text);
  await page.getByTestId('ichat-send').click();
  await message(page, text).waitFor();
}

describe('internal chat (/chat-interno)', () => {
  it('two users chat: presence online, a live unread badge that clears when read, replies arrive live', async () => {
    const admin = await newPage(browser, server.baseUrl);
    const agent = await newPage(browser, server.baseUrl);
    await login(agent.page, DEMO.agent, DEMO_PASSWORD);
    await waitForRoute(agent.page, '/atendimento');
    await login(admin.page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(admin.page, '/');

    await go(admin.page, '/chat-interno');
    // Diego has the app open: online.
    await expect
      .poll(() => person(admin.page, 'Diego Alves').getByTestId('ichat-presence').getAttribute('data-presence'))
      .toBe('online');
    await person(admin.page, 'Diego Alves').click();
    await expect.poll(() => admin.page.getByTestId('ichat-pane-title').textContent()).toBe('Diego Alves');
    expect(await badge(agent.page).count()).toBe(0);

    const hello = unique('Oi Diego');
    await send(admin.page, hello);
    // Diego is on /atendimento: the menu badge counts it without a reload.
    await expect.poll(() => badge(agent.page).textContent()).toBe('1');
    await send(admin.page, `${hello} (2)`);
    await expect.poll(() => badge(agent.page).textContent()).toBe('2');
    await expectAccessibleInBothThemes(agent.page, '/atendimento with the internal-chat badge');

    await agent.page.getByTestId('nav-internal-chat').click();
    await waitForRoute(agent.page, '/chat-interno');
    await expect.poll(() => person(agent.page, 'Ana Souza').getByTestId('ichat-item-unread').textContent()).toBe('2');
    await expectAccessibleInBothThemes(agent.page, '/chat-interno with unread counts');
    await expect
      .poll(() => person(agent.page, 'Ana Souza').getByTestId('ichat-presence').getAttribute('data-presence'))
      .toBe('online');
    await person(agent.page, 'Ana Souza').click();
    await message(agent.page, hello).first().waitFor();
    // Read: the badges clear.
    await expect.poll(() => badge(agent.page).count()).toBe(0);
    await expect.poll(() => person(agent.page, 'Ana Souza').getByTestId('ichat-item-unread').count()).toBe(0);

    // A reply shows live in Ana's open conversation (read there at once: no badge for her).
    const reply = unique('Oi Ana');
    await send(agent.page, reply);
    await message(admin.page, reply).waitFor();
    expect(await message(admin.page, reply).getAttribute('data-mine')).toBe('false');
    await expect.poll(() => badge(admin.page).count()).toBe(0);
    await expectAccessibleInBothThemes(admin.page, '/chat-interno with a conversation');

    // After a reload the history is still there, in order.
    await agent.page.reload();
    await person(agent.page, 'Ana Souza').click();
    await message(agent.page, reply).waitFor();
    const texts = await agent.page.getByTestId('ichat-message').allTextContents();
    expect(texts.findIndex((t) => t.includes(hello))).toBeLessThan(texts.findIndex((t) => t.includes(reply)));

    // Diego closes the app: offline for Ana. The tab says goodbye as it closes; were that lost, the
    // server still sees the connection gone at the next missed ping (pingInterval + pingTimeout).
    await agent.context.close();
    await expect
      .poll(() => person(admin.page, 'Diego Alves').getByTestId('ichat-presence').getAttribute('data-presence'), {
        timeout: 50_000,
      })
      .toBe('offline');
    await admin.context.close();
  });

  it('a group started from a team: members get the message and the badge', async () => {
    const token = await apiLogin(server.baseUrl, DEMO.admin, DEMO_PASSWORD);
    const users = await api<{ users: { id: number; name: string }[] }>(
      server.baseUrl,
      token,
      'GET',
      '/users/?pageSize=200',
    );
    const idOf = (name: string) => users.users.find((u) => u.name === name)!.id;
    const teamName = unique('Turno');
    await api(server.baseUrl, token, 'POST', '/teams', {
      name: teamName,
      userIds: [idOf('Bruno Lima'), idOf('Diego Alves')],
    });

    const admin = await newPage(browser, server.baseUrl);
    const sup = await newPage(browser, server.baseUrl);
    await login(sup.page, DEMO.supervisor, DEMO_PASSWORD);
    await waitForRoute(sup.page, '/atendimento');
    await login(admin.page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(admin.page, '/');
    await go(admin.page, '/chat-interno');

    await admin.page.getByTestId('ichat-new-group').click();
    await admin.page.getByTestId('ichat-group-team').click();
    await admin.page.getByRole('option', { name: teamName }).click();
    await expect.poll(() => admin.page.getByTestId('ichat-group-name').inputValue()).toBe(teamName);
    await admin.page.getByTestId('ichat-group-save').click();
    await expect.poll(() => admin.page.getByTestId('ichat-pane-title').textContent()).toBe(teamName);
    await expect.poll(() => group(admin.page, teamName).textContent()).toContain('3');

    const text = unique('Bom dia, turno');
    await send(admin.page, text);
    await expect.poll(() => badge(sup.page).textContent()).toBe('1');
    await go(sup.page, '/chat-interno');
    await group(sup.page, teamName).click();
    await message(sup.page, text).waitFor();
    await expect.poll(() => badge(sup.page).count()).toBe(0);
    await admin.context.close();
    await sup.context.close();
  });

  it('an admin keeps teams on /equipes; the users screen shows and filters by them', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(page, '/');
    await page.getByTestId('nav-teams').click();
    await waitForRoute(page, '/equipes');
    const name = unique('Balcão');
    await page.getByTestId('team-add').click();
    await page.getByTestId('team-name').fill(name);
    await page.getByTestId('team-userIds').click();
    await page.getByRole('option', { name: 'Diego Alves' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('team-save').click();
    await page.getByText('Equipe criada.').waitFor();
    const teamRow = page.locator(`[data-testid="team-row"][data-name="${name}"]`);
    await expect.poll(() => teamRow.textContent()).toContain('1 usuário');
    await expectAccessibleInBothThemes(page, '/equipes');

    await go(page, '/usuarios');
    await expect
      .poll(() => page.locator(`[data-testid="user-row"][data-email="${DEMO.agent}"]`).textContent())
      .toContain(name);
    await page.getByTestId('user-team-filter').click();
    await page.getByRole('option', { name }).click();
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    await context.close();
  });
});
