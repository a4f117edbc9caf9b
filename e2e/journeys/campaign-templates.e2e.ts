/**
 * A template campaign on the WhatsApp Cloud API, in the browser: the admin picks the connection,
 * switches the form to "WhatsApp template", picks an approved template, maps {{1}} to the contact's
 * name and {{2}} to a fixed text, sees the phone preview filled, saves; scheduled (clock set by the
 * test switch), it sends each contact the template with their own parameters, counted at the Graph
 * API stand-in.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWabaStandIn, type WabaStandIn } from '../../apps/server/src/channels/waba/stand-in/stand-in';
import type { StandInTemplate } from '../../apps/server/src/channels/waba/stand-in/graph-api';
import { api, apiLogin, unique } from '../support/api';
import { expectAccessibleInBothThemes } from '../support/a11y';
import { go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
import { pick } from '../support/chatbot';
import { DEMO, DEMO_PASSWORD, startServer, type RunningServer } from '../support/server';

let waba: WabaStandIn;
let server: RunningServer;
let browser: Browser;

// The shape of a template as the Business Management API lists it (GET /{waba-id}/message_templates,
// https://developers.facebook.com/docs/graph-api/reference/whats-app-business-account/message_templates/).
const TEMPLATES: StandInTemplate[] = [
  {
    id: '2000000000000001',
    name: 'promo_nome',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'MARKETING',
    components: [
      { type: 'BODY', text: 'Olá {{1}}, a promoção {{2}} começou!' },
      { type: 'FOOTER', text: 'Padaria Central' },
    ],
  },
];

beforeAll(async () => {
  waba = await startWabaStandIn();
  waba.setTemplates(TEMPLATES);
  // CAMPAIGN_DELAY_OFF and CAMPAIGN_MIN_LEAD_OFF: the test-only switches of README "Campaigns".
  server = await startServer({
    env: { GRAPH_API_URL: waba.url, WEBHOOK_ALLOW_PRIVATE: 'true', CAMPAIGN_DELAY_OFF: '1', CAMPAIGN_MIN_LEAD_OFF: '1' },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await waba?.close();
});

describe('template campaigns (WhatsApp Cloud API)', () => {
  it('an admin maps a template to contact fields and text; each contact gets it with their own values', { timeout: 300_000 }, async () => {
    const token = await apiLogin(server.baseUrl, DEMO.admin, DEMO_PASSWORD);
    const wabaName = unique('WhatsApp Oficial');
    const channel = await api<{ id: number }>(server.baseUrl, token, 'POST', '/channels', {
      name: wabaName,
      type: 'waba',
      token: waba.accessToken,
      config: { phoneNumberId: waba.phoneNumberId, wabaId: waba.wabaId, appSecret: waba.appSecret },
    });
    await api(server.baseUrl, token, 'POST', `/channels/${channel.id}/session`);
    await expect
      .poll(async () => (await api<{ id: number; status: string }[]>(server.baseUrl, token, 'GET', '/channels')).find((c) => c.id === channel.id)?.status, {
        timeout: 30_000,
      })
      .toBe('CONNECTED');
    await api(server.baseUrl, token, 'POST', `/channels/${channel.id}/templates/sync`);
    await expect
      .poll(async () => (await api<{ name: string }[]>(server.baseUrl, token, 'GET', `/channels/${channel.id}/templates`)).map((t) => t.name), {
        timeout: 20_000,
      })
      .toEqual(['promo_nome']);
    const people = [
      { name: unique('Renata'), number: `55119${String(Date.now()).slice(-8)}` },
      { name: unique('Samuel'), number: `55219${String(Date.now() + 1).slice(-8)}` },
    ];
    const contactIds: number[] = [];
    for (const p of people) contactIds.push((await api<{ id: number }>(server.baseUrl, token, 'POST', '/contacts', p)).id);

    const { page, context } = await newPage(browser, server.baseUrl);
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await waitForRoute(page, '/');
    await go(page, '/campanhas');
    const name = unique('Promo modelo');
    await page.getByTestId('campaign-add').click();
    await page.getByTestId('campaign-name').fill(name);
    await pick(page, page.getByTestId('campaign-channelId'), `${wabaName} (waba)`);
    await page.getByTestId('campaign-kind').getByText('Modelo do WhatsApp', { exact: true }).click();
    await pick(page, page.getByTestId('campaign-template'), 'promo_nome (pt_BR)');
    await page.getByTestId('campaign-template-row-1').waitFor();
    await pick(page, page.getByTestId('campaign-template-source-1'), 'Texto fixo');
    await page.getByTestId('campaign-template-value-1').fill('de Natal');
    // The preview fills {{1}} with the sample contact and {{2}} with the text.
    await expect
      .poll(() => page.getByTestId('campaign-template-mapping').getByTestId('campaign-preview-1-text').textContent())
      .toContain('Olá Maria Silva, a promoção de Natal começou!');
    await expectAccessibleInBothThemes(page, 'template campaign form');
    await page.getByTestId('campaign-save').click();
    const row = page.locator(`[data-testid="campaign-row"][data-name="${name}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('pending');
    const campaigns = await api<{ campaigns: { id: number; name: string; templateId: number | null }[] }>(server.baseUrl, token, 'GET', '/campaigns');
    const saved = campaigns.campaigns.find((c) => c.name === name)!;
    expect(saved.templateId).not.toBeNull();

    await api(server.baseUrl, token, 'POST', `/campaigns/contacts/${saved.id}`, { contactIds });
    await api(server.baseUrl, token, 'POST', `/campaigns/start/${saved.id}`, { startAt: new Date(Date.now() + 3000).toISOString() });
    await go(page, `/campanhas/${saved.id}`);
    await expect.poll(() => page.getByTestId('campaign-progress').getAttribute('data-progress'), { timeout: 90_000 }).toBe('100');
    for (const p of people) {
      const sent = waba.sent().filter((s) => s.to === p.number && s.type === 'template');
      expect(sent, p.name).toHaveLength(1);
      expect(sent[0]!.payload.template).toMatchObject({
        name: 'promo_nome',
        language: { code: 'pt_BR' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: p.name }, { type: 'text', text: 'de Natal' }] }],
      });
    }
    await context.close();
  });
});
