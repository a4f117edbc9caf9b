import type { Page } from 'playwright-core';
import { api } from './api';

/** A ticket row of the service screen's list, by the contact's name. */
export function ticketRow(page: Page, contactName: string) {
  return page.locator('[data-testid="ticket-row"]', { hasText: contactName });
}

/** Messages of the open chat that contain a text, sent by the agent (fromMe) or by the customer. */
export function chatMessage(page: Page, text: string, fromMe: boolean) {
  return page.locator(`[data-testid="message"][data-from-me="${fromMe}"]`, { hasText: text });
}

/** The web chat widget on the demo page (its shadow root is open: test ids reach into it). */
export function widgetMessage(page: Page, text: string) {
  return page.locator('[data-testid="prosa-webchat-message"]', { hasText: text });
}

/** Opens the demo site of a company and starts a conversation in its widget. */
export async function openWidget(page: Page, company: string, visitorName: string): Promise<void> {
  await page.goto('/demo');
  await page.locator('[data-testid="prosa-demo-channel"]', { hasText: company }).click();
  await page.getByTestId('prosa-webchat-bubble').click();
  await page.getByTestId('prosa-webchat-name').fill(visitorName);
  await page.getByTestId('prosa-webchat-start').click();
  await page.getByTestId('prosa-webchat-input').waitFor();
}

export async function widgetSend(page: Page, text: string): Promise<void> {
  await page.getByTestId('prosa-webchat-input').fill(text);
  await page.getByTestId('prosa-webchat-send').click();
}

/** Opens a tab of the service screen's list and waits for the live connection (events from now on arrive). */
export async function onTicketTab(
  page: Page,
  tab: 'open' | 'pending' | 'closed' | 'chatbot' | 'groups',
): Promise<void> {
  await page.getByTestId(`ticket-tab-${tab}`).click();
  await page.locator('header [data-testid="socket-status"][data-status="online"]').waitFor();
}

/** The widget key of the demo company's web chat channel "Site". */
export async function siteWidgetKey(baseUrl: string, token: string): Promise<string> {
  const channels = await api<{ name: string; widget: { key: string } | null }[]>(baseUrl, token, 'GET', '/channels');
  return channels.find((c) => c.name === 'Site')!.widget!.key;
}
