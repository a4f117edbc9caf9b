import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * Accessibility check of the screen a journey is on: axe-core (WCAG 2 A and AA) run inside the
 * page. A failure lists each rule with the elements that break it, so the fix can be found from
 * the test output alone.
 */
const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  help: string;
  nodes: AxeNode[];
}

async function runAxe(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol, not as an inline <script>: the app's Content-Security-
  // Policy (script-src 'self') rightly refuses inline scripts, and the check must run under it.
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

function describeViolations(where: string, violations: AxeViolation[]): string {
  const lines = violations.flatMap((v) => [
    `${v.id}: ${v.help}`,
    ...v.nodes
      .slice(0, 8)
      .map((n) => `  ${JSON.stringify(n.target)} ${n.failureSummary?.split('\n').slice(1).join(' ') ?? ''}`),
  ]);
  return `axe (WCAG 2 A/AA) on ${where}:\n${lines.join('\n')}`;
}

/** Throws when the page, as it is now, has any WCAG 2 A or AA violation. */
export async function expectNoAxeViolations(page: Page, where = new URL(page.url()).hash || '/'): Promise<void> {
  // Let entering transitions (modals, menus) finish: a half-faded element reads as low contrast.
  const settle = () =>
    page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await settle();
  let violations = await runAxe(page);
  // Something may have moved while axe read the page (a toast fading in or out, read half
  // transparent, its animation already over when asked): read it again once everything is still.
  // A real violation is there both times.
  if (violations.length > 0) {
    await settle();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    violations = await runAxe(page);
  }
  if (violations.length > 0) throw new Error(describeViolations(where, violations));
}

/** The colour scheme the web app shows (Mantine's attribute on <html>), switched without the server. */
export async function setColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((s) => {
    localStorage.setItem('mantine-color-scheme-value', s);
    document.documentElement.setAttribute('data-mantine-color-scheme', s);
  }, scheme);
}

/** The screen in the light and in the dark theme, both free of WCAG 2 A/AA violations. */
export async function expectAccessibleInBothThemes(page: Page, where?: string): Promise<void> {
  const before = await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
  for (const scheme of ['light', 'dark'] as const) {
    await setColorScheme(page, scheme);
    await expectNoAxeViolations(page, `${where ?? new URL(page.url()).hash ?? '/'} (${scheme})`);
  }
  await setColorScheme(page, before === 'dark' ? 'dark' : 'light');
}
