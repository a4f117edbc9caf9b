import type { Locator, Page } from 'playwright-core';

/** Picks an option of a Mantine Select by its visible label (the options live in a portal). */
export async function pick(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** Drags with the mouse from the centre of one element to the centre of another. */
export async function dragBetween(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('drag: an element is not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2 + b.width / 2, (a.y + b.y) / 2 + b.height / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** The builder's canvas node of a step, by its name. */
export function stepNode(page: Page, name: string): Locator {
  return page.locator(`[data-testid="node-step"][data-name="${name}"]`);
}

/** Waits until the builder says everything is saved. */
export async function waitSaved(page: Page): Promise<void> {
  await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor({ timeout: 20_000 });
}

/**
 * Starts a conversation in a web chat widget by its key (the demo page embeds any widget key).
 * Saving a channel sends only its type's config, so the demo flag of the seeded channel does not
 * survive the edit that sets its flow, and the channel leaves the demo page's list.
 */
export async function openWidgetByKey(page: Page, key: string, visitorName: string): Promise<void> {
  await page.goto(`/demo?key=${encodeURIComponent(key)}`);
  await page.getByTestId('prosa-webchat-bubble').click();
  await page.getByTestId('prosa-webchat-name').fill(visitorName);
  await page.getByTestId('prosa-webchat-start').click();
  await page.getByTestId('prosa-webchat-input').waitFor();
}
