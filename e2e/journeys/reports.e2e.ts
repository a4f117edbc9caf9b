import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiLogin, unique } from '../support/api';
import { expectAccessibleInBothThemes } from '../support/a11y';
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

describe('reports (/relatorios)', () => {
  it('an admin runs the contact list, exports it as CSV with the same rows, and a grouped report asks for its selection', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(page, '/');
    await page.getByTestId('nav-reports').click();
    await waitForRoute(page, '/relatorios');
    await expect.poll(() => page.locator('[data-testid^="report-card-"]').count()).toBe(12);
    await expect.poll(() => page.locator('[data-testid^="report-card-"][data-built="true"]').count()).toBe(12);

    await page.getByTestId('report-open-lista-contatos').click();
    await waitForRoute(page, '/relatorios/lista-contatos');
    await page.getByTestId('report-run').click();
    await page.getByTestId('report-count').waitFor();
    const count = Number((await page.getByTestId('report-count').textContent())!.replace(/\D/g, ''));
    expect(count).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('report-row').count()).toBe(Math.min(count, 50));
    const firstName = await page.getByTestId('report-row').first().locator('td').first().textContent();

    const download = page.waitForEvent('download');
    await page.getByTestId('report-export-csv').click();
    const text = readFileSync(await (await download).path(), 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Nome;Número;E-mail;Etiquetas;Carteira;Etapa do CRM;Estado;Criado em');
    expect(lines).toHaveLength(count + 1);
    expect(lines[1]!.startsWith(firstName!.includes(';') ? `"${firstName}"` : firstName!)).toBe(true);

    // SPEC §5: the states report needs a state; with São Paulo chosen it totals São Paulo.
    // Scoped to the states report: until it renders, the contact list's Run button is still on the
    // page, and a click there runs the contact list again (CI's second pass saw no selection error).
    await go(page, '/relatorios/contatos-por-estado');
    const states = page.getByTestId('report-contatos-por-estado');
    await states.getByTestId('report-run').click();
    await states.getByText('Selecione ao menos um item no filtro.').first().waitFor();
    await states.getByTestId('report-states').click();
    await page.getByRole('option', { name: 'SP', exact: true }).click();
    await page.keyboard.press('Escape');
    await states.getByTestId('report-run').click();
    await states.locator('[data-testid="report-total"][data-label="SP"]').waitFor();
    await context.close();
  });

  it('the service reports count a story told through the API, and the CSV holds the rows of the table', async () => {
    // The story, in a queue of its own: Ana (admin) starts two tickets, answers the first and
    // transfers it to Bruno (supervisor), who closes it; she closes the second without a word.
    const ana = await apiLogin(server.baseUrl, DEMO.admin, DEMO_PASSWORD);
    const bruno = await apiLogin(server.baseUrl, DEMO.supervisor, DEMO_PASSWORD);
    const queue = await api<{ id: number; name: string }>(server.baseUrl, ana, 'POST', '/queue', {
      name: unique('Fila relatório'),
      color: '#336699',
    });
    const channels = await api<{ id: number; isDefault: boolean }[]>(server.baseUrl, ana, 'GET', '/channels');
    const whatsappId = (channels.find((c) => c.isDefault) ?? channels[0]!).id;
    const users = await api<{ users: { id: number; email: string; name: string }[] }>(
      server.baseUrl,
      ana,
      'GET',
      '/users/?pageSize=200',
    );
    const person = (email: string) => users.users.find((u) => u.email === email)!;
    const [anaUser, brunoUser] = [person(DEMO.admin), person(DEMO.supervisor)];
    const ticketIds: number[] = [];
    for (const n of [1, 2]) {
      const contact = await api<{ id: number }>(server.baseUrl, ana, 'POST', '/contacts', {
        name: unique(`Cliente ${n}`),
        number: `55119${String(Date.now()).slice(-7)}${n}`,
      });
      const ticket = await api<{ id: number }>(server.baseUrl, ana, 'POST', '/tickets/new', {
        contactId: contact.id,
        whatsappId,
        queueId: queue.id,
      });
      ticketIds.push(ticket.id);
    }
    await api(server.baseUrl, ana, 'POST', `/messages/${ticketIds[0]}`, { body: 'Bom dia! Sou a Ana.' });
    await api(server.baseUrl, ana, 'PUT', `/tickets/${ticketIds[0]}`, { userId: brunoUser.id, queueId: queue.id });
    await api(server.baseUrl, bruno, 'PUT', `/tickets/${ticketIds[0]}`, { status: 'closed' });
    await api(server.baseUrl, ana, 'PUT', `/tickets/${ticketIds[1]}`, { status: 'closed' });

    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(page, '/');
    const runFor = async (slug: string) => {
      await go(page, `/relatorios/${slug}`);
      // The filters of this report: until it renders, the previous report's (queue already picked)
      // are still on the page, and a click there lands on options about to leave the DOM.
      await page.getByTestId(`report-${slug}`).getByTestId('report-queueIds').click();
      await page.getByRole('option', { name: queue.name, exact: true }).click();
      await page.keyboard.press('Escape');
      await page.getByTestId('report-run').click();
      await page.getByTestId('report-count').waitFor();
    };

    await runFor('estatisticas-atendimentos-usuarios');
    await expect.poll(() => page.getByTestId('report-row').count()).toBe(2);
    const rowOf = async (name: string) => {
      const row = page.getByTestId('report-row').filter({ hasText: name });
      const get = async (c: string) => (await row.getByTestId(`report-cell-${c}`).textContent())!.trim();
      return {
        attended: await get('attended'),
        closed: await get('closed'),
        transferred: await get('transferred'),
        ratingCount: await get('ratingCount'),
      };
    };
    expect(await rowOf(anaUser.name)).toEqual({ attended: '2', closed: '1', transferred: '1', ratingCount: '0' });
    expect(await rowOf(brunoUser.name)).toEqual({ attended: '1', closed: '1', transferred: '0', ratingCount: '0' });
    const whole = async (c: string) => (await page.getByTestId(`report-whole-${c}`).textContent())!.trim();
    expect([await whole('attended'), await whole('closed'), await whole('transferred')]).toEqual(['2', '2', '1']);
    expect(await whole('firstResponseP50')).not.toBe('—');
    await expectCsvMatchesTable(page, 2);
    await expectAccessibleInBothThemes(page, '/relatorios/estatisticas-atendimentos-usuarios');

    await runFor('relatorio-tickets');
    await expect.poll(() => page.getByTestId('report-row').count()).toBe(2);
    expect((await page.getByTestId('report-count').textContent())!.replace(/\D/g, '')).toBe('2');
    expect(await page.getByTestId('report-status-closed').textContent()).toBe('2');
    expect(await page.getByTestId('report-status-open').textContent()).toBe('0');
    await page.getByTestId('report-tickets-trend').waitFor();
    expect(await page.getByTestId('report-sla-queues-row').count()).toBe(1);
    expect(await page.getByTestId('report-sla-overall-row').getByTestId('sla-tickets').textContent()).toBe('2');
    const agents = await page
      .getByTestId('report-sla-agents-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')));
    expect(agents.sort()).toEqual([anaUser.name, brunoUser.name].sort());
    const agentCells = await page.getByTestId('report-cell-agent').allTextContents();
    expect(agentCells).toEqual([brunoUser.name, anaUser.name]);
    await expectCsvMatchesTable(page, 2);
    await expectAccessibleInBothThemes(page, '/relatorios/relatorio-tickets');
    await context.close();
  });

  it('a plain agent has no reports entry and is turned back', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.agent, DEMO_PASSWORD);
    await waitForRoute(page, '/atendimento');
    expect(await page.getByTestId('nav-reports').count()).toBe(0);
    await go(page, '/relatorios');
    await waitForRoute(page, '/atendimento');
    await context.close();
  });
});

/** The CSV export of the report on screen: a header and the table's rows, first cells equal. */
async function expectCsvMatchesTable(page: Page, rows: number) {
  const download = page.waitForEvent('download');
  await page.getByTestId('report-export-csv').click();
  const text = readFileSync(await (await download).path(), 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(rows + 1);
  const firsts = await page
    .getByTestId('report-row')
    .evaluateAll((trs) => trs.map((tr) => tr.querySelector('td')?.textContent?.trim() ?? ''));
  expect(lines.slice(1).map((l) => l.split(';')[0]!.replace(/^"|"$/g, ''))).toEqual(firsts);
}
