import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetaStandIn, type MetaStandIn } from '../../apps/server/src/channels/meta/stand-in/stand-in';
import {
  startGraphStandInHost,
  type GraphStandInHost,
} from '../../apps/server/src/channels/shared/graph-stand-in-host';
import {
  startWabaStandIn,
  type StandInTemplate,
  type WabaStandIn,
} from '../../apps/server/src/channels/waba/stand-in/stand-in';
import { startWebhookReceiver } from '../../apps/server/src/modules/channel-webhooks/webhook-receiver.test-support';
import { api, apiLogin, unique } from '../support/api';
import { go, launchBrowser, login, newPage, waitForRoute } from '../support/browser';
import { chatMessage, ticketRow } from '../support/desk';
import { DEMO, DEMO_PASSWORD, startServer, type RunningServer } from '../support/server';

/**
 * Messenger and the WhatsApp Cloud API in the browser. Prosa reads one GRAPH_API_URL for both (as
 * in production, where both are graph.facebook.com), so their stand-ins share one Graph origin and
 * each answers the calls made with the tokens it issued.
 */
let graph: GraphStandInHost;
let meta: MetaStandIn;
let waba: WabaStandIn;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let server: RunningServer;
let browser: Browser;

const WEBHOOK_SECRET = 'segredo-do-webhook-e2e-123';
const TEMPLATES: StandInTemplate[] = [
  {
    id: '1000000000000001',
    name: 'pedido_enviado',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
      { type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} sai para entrega hoje.' },
      { type: 'FOOTER', text: 'Padaria Central' },
    ],
  },
  {
    id: '1000000000000002',
    name: 'boas_vindas',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Hello! How can we help you?' }],
  },
  {
    id: '1000000000000003',
    name: 'promo_foto',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'MARKETING',
    components: [
      { type: 'HEADER', format: 'IMAGE' },
      { type: 'BODY', text: 'Promoção da semana!' },
    ],
  },
  {
    id: '1000000000000004',
    name: 'em_analise',
    language: 'pt_BR',
    status: 'PENDING',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Ainda não aprovado.' }],
  },
];

beforeAll(async () => {
  graph = await startGraphStandInHost();
  meta = await startMetaStandIn({ host: graph });
  waba = await startWabaStandIn({ host: graph });
  waba.setTemplates(TEMPLATES);
  receiver = await startWebhookReceiver(WEBHOOK_SECRET);
  // The outbound webhook's target is this test, on loopback: private targets must be allowed.
  server = await startServer({ env: { GRAPH_API_URL: waba.url, WEBHOOK_ALLOW_PRIVATE: 'true' } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
  await meta?.close();
  await waba?.close();
  await graph?.close();
});

const card = (page: Page, name: string) => page.locator(`[data-testid="channel-card"][data-name="${name}"]`);
async function cardAction(page: Page, name: string, action: string): Promise<void> {
  await card(page, name).getByTestId('channel-menu').click();
  await page.getByTestId(action).click();
}

interface ChannelBody {
  id: number;
  webhook: { url: string } | null;
}

describe('Messenger and WhatsApp Cloud API channels, end to end', () => {
  it(
    'an admin connects a Messenger page with the page picker, syncs WhatsApp templates and tests the outbound webhook; the agent answers a closed window with a template',
    { timeout: 300_000 },
    async () => {
      const admin = await newPage(browser, server.baseUrl);
      const { page } = admin;
      await login(page, DEMO.admin, DEMO_PASSWORD);
      await waitForRoute(page, '/');

      // Messenger: the admin pastes a user token, Prosa lists the pages it manages, the pick fills the page.
      const messenger = unique('Messenger Padaria');
      const fbPage = meta.pages[0]!;
      await go(page, '/sessoes');
      await page.getByTestId('channel-add').click();
      await page.getByTestId('channel-type-messenger').click();
      await page.getByTestId('channel-name-input').fill(messenger);
      await page.getByTestId('channel-meta-user-token').fill(meta.userToken());
      await page.getByTestId('channel-meta-load-pages').click();
      await page.getByTestId('channel-meta-page').click();
      await page.getByRole('option', { name: fbPage.name }).click();
      await expect.poll(() => page.getByTestId('channel-page-id').inputValue()).toBe(fbPage.id);
      await expect.poll(() => page.getByTestId('channel-page-name').inputValue()).toBe(fbPage.name);
      await page.getByTestId('channel-app-secret').fill(meta.appSecret);
      await page.getByTestId('channel-save').click();

      // Saved: the form shows the webhook to paste in the Meta app; the page is subscribed and connected.
      const webhookUrl = await page.getByTestId('channel-webhook-url').inputValue();
      expect(webhookUrl).toMatch(/\/webhooks\/messenger\/[\w-]+$/);
      await page.keyboard.press('Escape');
      await expect.poll(() => card(page, messenger).getAttribute('data-status'), { timeout: 30_000 }).toBe('CONNECTED');
      expect(meta.subscriptions(fbPage.id)).toContain('messages');
      // The page token went to the channel, the user token nowhere but /me/accounts.
      const userCalls = meta.calls().filter((c) => c.path === '/me/accounts');
      expect(userCalls).toHaveLength(1);

      // A customer writes to the page on Messenger: it reaches the desk.
      meta.setWebhook('page', webhookUrl);
      const fbCustomer = unique('Cliente Messenger');
      expect((await meta.userSends({ object: 'page', name: fbCustomer, text: 'Vocês abrem domingo?' })).status).toBe(
        200,
      );

      // WhatsApp Cloud API: a channel made through the API (the form is covered elsewhere), with an
      // outbound webhook to a receiver of this test, in the queue of the demo agent.
      const adminToken = await apiLogin(server.baseUrl, DEMO.admin, DEMO_PASSWORD);
      const queues = await api<{ id: number; name: string }[]>(server.baseUrl, adminToken, 'GET', '/queue');
      const sales = queues.find((q) => q.name === 'Vendas')!;
      const wabaName = unique('WhatsApp Oficial');
      const channel = await api<ChannelBody>(server.baseUrl, adminToken, 'POST', '/channels', {
        name: wabaName,
        type: 'waba',
        token: waba.accessToken,
        config: { phoneNumberId: waba.phoneNumberId, wabaId: waba.wabaId, appSecret: waba.appSecret },
        defaultQueueId: sales.id,
        webhookUrl: `${receiver.url}/prosa`,
        webhookSecret: WEBHOOK_SECRET,
      });
      await api(server.baseUrl, adminToken, 'POST', `/channels/${channel.id}/session`);
      await expect.poll(() => card(page, wabaName).getAttribute('data-status'), { timeout: 30_000 }).toBe('CONNECTED');

      // The admin syncs its templates from the connection's menu (agents never reach /sessoes).
      await cardAction(page, wabaName, 'channel-sync-templates');
      const approved = async () =>
        (await api<{ name: string }[]>(server.baseUrl, adminToken, 'GET', `/channels/${channel.id}/templates`))
          .map((t) => t.name)
          .sort();
      await expect.poll(approved, { timeout: 20_000 }).toEqual(['boas_vindas', 'pedido_enviado', 'promo_foto']);
      expect(waba.calls().filter((c) => c.path === `/${waba.wabaId}/message_templates`)).toHaveLength(1);

      // Outbound webhook deliveries: "Send test" shows a delivered ping, and the receiver got it signed.
      await cardAction(page, wabaName, 'channel-deliveries');
      await page.getByTestId('webhook-deliveries').waitFor();
      await page.getByTestId('webhook-test').click();
      const ping = page.locator('[data-testid="delivery-row"][data-event="ping"]');
      await ping.waitFor();
      await expect.poll(() => ping.getAttribute('data-status')).toBe('delivered');
      await expect.poll(() => ping.getAttribute('data-http')).toBe('200');
      await expect.poll(() => ping.textContent()).toContain('HTTP 200');
      const pings = receiver.ofChannel(channel.id).filter((r) => r.json.event === 'ping');
      expect(pings).toHaveLength(1);
      expect(pings[0]!.signatureValid).toBe(true);
      await page.keyboard.press('Escape');

      // A WhatsApp customer's message, signed like Meta signs it, sent 25 hours ago: the window is closed.
      const customer = unique('Marina WhatsApp');
      const from = `5511${String(Date.now()).slice(-9)}`;
      waba.setWebhook(channel.webhook!.url);
      const inbound = await waba.userSends({
        from,
        name: customer,
        text: 'Meu pedido já saiu?',
        at: new Date(Date.now() - 25 * 3_600_000),
      });
      expect(inbound.status).toBe(200);

      // The agent accepts it: the warning says the window is closed and free text is disabled.
      const agent = await newPage(browser, server.baseUrl);
      const desk = agent.page;
      await login(desk, DEMO.agent, DEMO_PASSWORD);
      await waitForRoute(desk, '/atendimento');
      await desk.getByTestId('ticket-tab-pending').click();
      await ticketRow(desk, customer).waitFor({ timeout: 30_000 });
      await ticketRow(desk, customer).getByTestId('ticket-accept').click();
      await desk.waitForFunction(() => /^#\/atendimento\/\d+/.test(window.location.hash));
      await chatMessage(desk, 'Meu pedido já saiu?', false).waitFor();
      await desk.getByTestId('chat-window-closed').waitFor();
      await expect.poll(() => desk.getByTestId('composer-input').isDisabled()).toBe(true);
      await expect.poll(() => desk.getByTestId('composer-send').isDisabled()).toBe(true);

      // The template picker: approved templates only (the media one cannot be sent from the chat).
      await desk.getByTestId('chat-send-template').click();
      const options = desk.getByTestId('template-option');
      await expect.poll(() => options.count()).toBe(3);
      expect(await desk.locator('[data-testid="template-option"][data-name="em_analise"]').count()).toBe(0);
      expect(
        await desk.locator('[data-testid="template-option"][data-name="promo_foto"]').getAttribute('disabled'),
      ).not.toBeNull();
      await expect
        .poll(() => desk.locator('[data-testid="template-option"][data-name="boas_vindas"]').textContent())
        .toContain('en_US');
      await desk.getByTestId('template-search').fill('pedido');
      await expect.poll(() => options.count()).toBe(1);
      await desk.locator('[data-testid="template-option"][data-name="pedido_enviado"]').click();

      // Every variable is required (the server's schema); the preview follows what is typed.
      await desk.getByTestId('template-send').click();
      await expect.poll(() => desk.getByTestId('template-param-0').getAttribute('aria-invalid')).toBe('true');
      await desk.getByTestId('template-param-0').fill('#4521');
      await desk.getByTestId('template-param-1').fill('Marina');
      await expect
        .poll(() => desk.getByTestId('template-preview-body').textContent())
        .toBe('Olá Marina, seu pedido {{2}} sai para entrega hoje.');
      await desk.getByTestId('template-param-2').fill('#4521');
      await expect.poll(() => desk.getByTestId('template-preview').textContent()).toContain('Pedido #4521');
      await desk.getByTestId('template-send').click();
      await desk.getByTestId('template-picker').waitFor({ state: 'detached' });

      // It is in the chat, and the Cloud API got the template with the filled variables.
      await chatMessage(desk, 'Olá Marina, seu pedido #4521 sai para entrega hoje.', true).waitFor();
      await expect
        .poll(() => waba.sent().filter((s) => s.to === from && s.type === 'template').length, { timeout: 30_000 })
        .toBe(1);
      const sent = waba.sent().find((s) => s.to === from && s.type === 'template')!;
      expect(sent.payload.template).toEqual({
        name: 'pedido_enviado',
        language: { code: 'pt_BR' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: '#4521' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Marina' },
              { type: 'text', text: '#4521' },
            ],
          },
        ],
      });
      // Still closed until the customer writes: no free text, the warning stays.
      await expect.poll(() => desk.getByTestId('composer-input').isDisabled()).toBe(true);
      expect(await desk.getByTestId('chat-window-closed').isVisible()).toBe(true);

      // The customer answers now: the window opens again and free text goes out as usual.
      await waba.userSends({ from, name: customer, text: 'Oba, obrigada!' });
      await chatMessage(desk, 'Oba, obrigada!', false).waitFor();
      await desk.getByTestId('chat-window-closed').waitFor({ state: 'detached' });
      await expect.poll(() => desk.getByTestId('composer-input').isDisabled()).toBe(false);
      await desk.getByTestId('composer-input').fill('De nada, Marina!');
      await desk.getByTestId('composer-input').press('Enter');
      await expect
        .poll(
          () =>
            waba
              .sent()
              .filter((s) => s.to === from && s.type === 'text')
              .map((s) => (s.payload.text as { body: string }).body),
          { timeout: 30_000 },
        )
        // Signed with the agent's name (userDisableSignature off).
        .toEqual(['*Diego Alves*:\nDe nada, Marina!']);

      // The Messenger customer's message reached the admin's desk too.
      await go(page, '/atendimento');
      await page.getByTestId('ticket-tab-pending').click();
      await ticketRow(page, fbCustomer).waitFor({ timeout: 30_000 });

      await agent.context.close();
      await admin.context.close();
    },
  );
});
