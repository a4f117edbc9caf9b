import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * The system Chromium, headless, without the background chatter of a desktop profile. `extraArgs`:
 * switches a journey needs, e.g. FAKE_MICROPHONE.
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

/** A microphone without a prompt: Chromium grants getUserMedia and records its own test tone. */
export const FAKE_MICROPHONE = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

/** A fresh profile (own localStorage and cookies) that speaks Brazilian Portuguese by default. */
export async function newPage(browser: Browser, baseUrl: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'pt-BR',
    viewport: { width: 1360, height: 860 },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

/** Opens a hash route of the web app, e.g. go(page, '/filas'). */
export async function go(page: Page, route: string): Promise<void> {
  await page.goto(`/#${route}`);
}

export async function login(page: Page, email: string, password: string): Promise<void> {
  await go(page, '/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** The hash route the page shows now, without the query string. */
export function currentRoute(page: Page): string {
  const hash = new URL(page.url()).hash.replace(/^#/, '');
  return hash.split('?')[0] || '/';
}

export async function waitForRoute(page: Page, route: string, timeoutMs = 15_000): Promise<void> {
  await page.waitForFunction((r) => (window.location.hash.replace(/^#/, '').split('?')[0] || '/') === r, route, {
    timeout: timeoutMs,
  });
}

/** A phone held upright (the check: 390 x 844). */
export const PHONE = { width: 390, height: 844 } as const;

/**
 * Where an element is drawn, and whether it is whole inside the window and not cut by a scrolling
 * or clipping ancestor (a name squeezed to nothing, a column pushed right of the screen).
 */
export async function placement(
  page: Page,
  selector: string,
): Promise<{ inWindow: boolean; clipped: boolean; width: number }> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const box = el.getBoundingClientRect();
      const inWindow =
        box.left >= 0 && box.top >= 0 && box.right <= window.innerWidth + 0.5 && box.bottom <= window.innerHeight + 0.5;
      let clipped = el.scrollWidth > el.clientWidth + 1;
      for (let p = el.parentElement; p && !clipped; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX === 'visible') continue;
        const pb = p.getBoundingClientRect();
        clipped = box.left < pb.left - 0.5 || box.right > pb.right + 0.5;
      }
      return { inWindow, clipped, width: box.width };
    });
}
