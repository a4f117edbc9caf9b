/**
 * Issue 9, L6 and "seen as a new user": browser security headers on the desk, /docs, /demo and the
 * API; the widget's scripts loadable by other sites; a browser opening a non-route gets the web app.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.js';
import { socketSources } from './security-headers.js';

let h: Harness;
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'prosa-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
  h = await startHarness({ webDist });
});
afterAll(() => h.close());

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });
const cspOf = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy'] ?? '');

describe('security headers (L6)', () => {
  it('the desk, the API and errors: CSP without framing, nosniff, Referrer-Policy, X-Frame-Options', async () => {
    for (const url of ['/', '/healthz', '/tags', '/no-such-route']) {
      const res = await get(url);
      const csp = cspOf(res);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("script-src 'self';");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it("connections go to Prosa and to the calling provider's device socket only (voice calls)", async () => {
    const csp = cspOf(await get('/'));
    expect(csp).toContain("connect-src 'self' https://devices.wavoip.com wss://devices.wavoip.com;");
    expect(socketSources('http://127.0.0.1:4100/')).toEqual(['http://127.0.0.1:4100', 'ws://127.0.0.1:4100']);
    expect(socketSources('javascript:alert(1)')).toEqual([]);
    expect(socketSources('not a url')).toEqual([]);
  });

  it('/docs is served under the same policy, framed nowhere and without upgrading http', async () => {
    const res = await get('/docs');
    expect(res.statusCode).toBe(200);
    const csp = cspOf(res);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self';");
    const script = await get('/docs/static/swagger-initializer.js');
    expect(script.statusCode).toBe(200);
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it("/demo allows exactly its own inline script, links to the desk's login route and has an icon", async () => {
    const res = await get('/demo', html);
    expect(res.statusCode).toBe(200);
    const inline = /<script>([\s\S]*?)<\/script>/.exec(res.body)![1]!;
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    expect(cspOf(res)).toContain(`script-src 'self' ${hash}`);
    expect(cspOf(res)).toContain("frame-ancestors 'none'");
    expect(res.body).toContain('<link rel="icon"');
  });

  it('the widget scripts may be loaded by other sites; the rest of Prosa only by its own', async () => {
    expect((await get('/widget.js')).headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await get('/healthz')).headers['cross-origin-resource-policy']).toBe('same-site');
  });
});

describe('a browser opening a path that is no route', () => {
  it('is sent to the web app, at that path after the #', async () => {
    const res = await get('/login', html);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/#/login');
    expect((await get('//evil.example/x', html)).headers.location).toBe('/#//evil.example/x');
  });

  it('API clients and other methods still get ERR_NOT_FOUND', async () => {
    const res = await get('/login', { accept: 'application/json' });
    expect([res.statusCode, res.json()]).toEqual([404, { error: 'ERR_NOT_FOUND' }]);
    const post = await h.app.inject({ method: 'POST', url: '/login', headers: html });
    expect([post.statusCode, post.json()]).toEqual([404, { error: 'ERR_NOT_FOUND' }]);
  });
});
