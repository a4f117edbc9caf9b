// White label (issue 16): the operator's branding routes, the upload's checks (type, size,
// dimensions of SPEC §9) and the public answers the login page and the installed app read.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { BRANDING_MAX_BYTES, DEFAULT_PRIMARY_COLOR, DEFAULT_PRODUCT_NAME, type Branding } from '@prosa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageOf } from '../../platform/storage/storage.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { storedBrandingImage } from './branding.queries.js';
import { jpegHeader, multipartFile, png, webpVp8x } from './branding.test-support.js';

let h: Harness;
let op: Session;
let company: Company;
let agent: Session;

beforeAll(async () => {
  h = await startHarness();
  op = await h.operator();
  company = await h.company();
  agent = await h.user(company, 'user');
});
afterAll(() => h.close());

const LOGO = png(481, 186, '#ff6600');
function upload(token: string | undefined, ref: string, data: Buffer, filename = 'logo.png', type = 'image/png') {
  const { headers, body } = multipartFile(data, filename, type);
  return h.request('POST', `/admin/media-upload?ref=${ref}`, { token, headers, body });
}
const branding = async () => (await h.request('GET', '/platform/branding')).body as Branding;
const get = (url: string) => h.app.inject({ method: 'GET', url });
/** Every file of the operator's tenant in the local media storage. */
const mediaFiles = () => {
  const dir = path.join(h.config.dataDir, 'media', '1');
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String).sort() : [];
};

describe('white label: access', () => {
  const routes: [method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string][] = [
    ['GET', '/admin/branding'],
    ['PUT', '/admin/branding'],
    ['POST', '/admin/media-upload?ref=logo'],
    ['DELETE', '/admin/media-upload?ref=logo'],
  ];

  it('answers 401 without a token', async () => {
    for (const [method, url] of routes) {
      const res = await h.request(method, url, { body: method === 'PUT' ? { productName: 'X' } : undefined });
      expect(res, `${method} ${url}`).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    }
  });

  it("a company's admin and agent get 403 on every operator route, and nothing changes", async () => {
    const before = await branding();
    for (const s of [company.admin, agent]) {
      for (const [method, url] of routes) {
        const res =
          method === 'POST'
            ? await upload(s.token, 'logo', LOGO)
            : await h.request(method, url, { token: s.token, body: method === 'PUT' ? { productName: 'Tomada' } : undefined });
        expect(res, `${method} ${url}`).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      }
    }
    expect(await branding()).toEqual(before);
  });
});

describe('white label: name and colour', () => {
  it("answers Prosa's own branding until the operator sets one, and '' puts it back", async () => {
    expect(await branding()).toEqual({
      productName: DEFAULT_PRODUCT_NAME,
      primaryColor: DEFAULT_PRIMARY_COLOR,
      custom: false,
      logo: null,
      logoDark: null,
      favicon: null,
      appIcon: null,
    });
    const set = await h.request('PUT', '/admin/branding', { token: op.token, body: { productName: '  Atende+  ', primaryColor: '#1E90FF' } });
    expect(set).toMatchObject({ status: 200, body: { productName: 'Atende+', primaryColor: '#1e90ff', custom: true } });
    expect(await branding()).toMatchObject({ productName: 'Atende+', primaryColor: '#1e90ff' });
    expect((await h.request('GET', '/title')).body).toEqual({ title: 'Atende+' });
    expect((await h.request('GET', '/admin/branding', { token: op.token })).body).toEqual(await branding());

    const back = await h.request('PUT', '/admin/branding', { token: op.token, body: { productName: '', primaryColor: '' } });
    expect(back.body).toMatchObject({ productName: DEFAULT_PRODUCT_NAME, primaryColor: DEFAULT_PRIMARY_COLOR, custom: false });
  });

  it('refuses a colour that is not #rrggbb and a name over 60 characters, changing nothing', async () => {
    const before = await branding();
    for (const body of [{ primaryColor: 'red' }, { primaryColor: '#12345' }, { productName: 'x'.repeat(61) }]) {
      const res = await h.request('PUT', '/admin/branding', { token: op.token, body });
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    }
    expect(await branding()).toEqual(before);
  });
});

describe('white label: POST /admin/media-upload', () => {
  it('stores a 481x186 logo in the media storage and serves it to anyone with its type and a long cache', async () => {
    const res = await upload(op.token, 'logo', LOGO);
    expect(res.status).toBe(200);
    const logo = (res.body as Branding).logo!;
    expect(logo).toMatchObject({ type: 'image/png', width: 481, height: 186 });
    expect(logo.url).toMatch(/^\/platform\/branding\/logo\?v=[0-9a-f-]{12}$/);
    expect((await branding()).logo).toEqual(logo);

    const stored = (await storedBrandingImage(h.app.platform.db, 'logo'))!;
    expect(stored.key).toMatch(/^1\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);

    const served = await get(logo.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(LOGO)).toBe(true);
    // An old or no version: served, cached briefly.
    expect((await get('/platform/branding/logo')).headers['cache-control']).toBe('public, max-age=300');
  });

  it('a new upload replaces the image: new URL, and the old file is deleted', async () => {
    const first = (await upload(op.token, 'logoDark', png(481, 186, '#000000'))).body as Branding;
    const oldKey = (await storedBrandingImage(h.app.platform.db, 'logoDark'))!.key;
    const second = (await upload(op.token, 'logoDark', webpVp8x(481, 186), 'logo.webp', 'image/webp')).body as Branding;
    expect(second.logoDark).toMatchObject({ type: 'image/webp', width: 481, height: 186 });
    expect(second.logoDark!.url).not.toBe(first.logoDark!.url);
    await expect(storageOf(h.app.platform.db).read(oldKey)).rejects.toThrow();
    expect((await get(second.logoDark!.url)).headers['content-type']).toBe('image/webp');
  });

  it('accepts square icons of 16 to 512 px, PNG and JPEG, and lists them in /manifest.json', async () => {
    expect((await upload(op.token, 'favicon', png(16, 16))).status).toBe(200);
    const res = await upload(op.token, 'appIcon', jpegHeader(512, 512), 'icon.jpg', 'image/jpeg');
    expect(res).toMatchObject({ status: 200, body: { appIcon: { type: 'image/jpeg', width: 512, height: 512 } } });
    await h.request('PUT', '/admin/branding', { token: op.token, body: { productName: 'Atende+', primaryColor: '#1e90ff' } });

    const manifest = await get('/manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const b = await branding();
    expect(JSON.parse(manifest.body)).toEqual({
      name: 'Atende+',
      short_name: 'Atende+',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#1e90ff',
      icons: [
        { src: b.appIcon!.url, sizes: '512x512', type: 'image/jpeg' },
        { src: b.favicon!.url, sizes: '16x16', type: 'image/png' },
      ],
    });
  });

  it('refuses wrong dimensions, wrong types, SVG and files too big, storing and changing nothing', async () => {
    const before = await branding();
    const filesBefore = mediaFiles();
    expect(filesBefore.length).toBeGreaterThan(0);
    const cases: [ref: string, data: Buffer, name: string, type: string, status: number, code: string][] = [
      ['logo', png(480, 186), 'logo.png', 'image/png', 400, 'ERR_IMAGE_DIMENSIONS'],
      ['logo', png(962, 372), 'logo@2x.png', 'image/png', 400, 'ERR_IMAGE_DIMENSIONS'],
      ['favicon', png(32, 16), 'icon.png', 'image/png', 400, 'ERR_IMAGE_DIMENSIONS'],
      ['appIcon', png(1024, 1024), 'icon.png', 'image/png', 400, 'ERR_IMAGE_DIMENSIONS'],
      ['favicon', png(8, 8), 'icon.png', 'image/png', 400, 'ERR_IMAGE_DIMENSIONS'],
      ['logo', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'logo.gif', 'image/gif', 415, 'ERR_FILE_TYPE_NOT_ALLOWED'],
      [
        'logo',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="481" height="186"><script>alert(1)</script></svg>'),
        'logo.svg',
        'image/svg+xml',
        415,
        'ERR_FILE_TYPE_NOT_ALLOWED',
      ],
      // Named and declared a PNG, but text.
      ['logo', Buffer.from('not an image at all'), 'logo.png', 'image/png', 415, 'ERR_FILE_TYPE_NOT_ALLOWED'],
      ['logo', Buffer.concat([LOGO, Buffer.alloc(BRANDING_MAX_BYTES)]), 'big.png', 'image/png', 413, 'ERR_FILE_TOO_LARGE'],
    ];
    for (const [ref, data, name, type, status, code] of cases) {
      const res = await upload(op.token, ref, data, name, type);
      expect(res, `${ref} ${name}`).toMatchObject({ status, body: { error: code } });
    }
    expect(await branding()).toEqual(before);
    expect(mediaFiles()).toEqual(filesBefore);
  });

  it('refuses an unknown ref, a body that is not multipart and a part not named file', async () => {
    const before = await branding();
    expect(await upload(op.token, 'banner', LOGO)).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    const json = await h.request('POST', '/admin/media-upload?ref=logo', { token: op.token, body: { file: 'x' } });
    expect(json).toMatchObject({ status: 415, body: { error: 'ERR_FILE_TYPE_NOT_ALLOWED' } });
    const { headers, body } = multipartFile(LOGO, 'logo.png', 'image/png', 'image');
    const wrongField = await h.request('POST', '/admin/media-upload?ref=logo', { token: op.token, headers, body });
    expect(wrongField).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await branding()).toEqual(before);
  });

  it('DELETE puts Prosa\'s image back and deletes the file; the image then answers 404', async () => {
    await upload(op.token, 'favicon', png(32, 32));
    const key = (await storedBrandingImage(h.app.platform.db, 'favicon'))!.key;
    const res = await h.request('DELETE', '/admin/media-upload?ref=favicon', { token: op.token });
    expect(res).toMatchObject({ status: 200, body: { favicon: null } });
    await expect(storageOf(h.app.platform.db).read(key)).rejects.toThrow();
    expect(await h.request('GET', '/platform/branding/favicon')).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
    expect(await h.request('GET', '/platform/branding/banner')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });
});

describe('white label: mails', () => {
  it('the password recovery mail carries the product name', async () => {
    await h.request('PUT', '/admin/branding', { token: op.token, body: { productName: 'Atende+' } });
    const before = h.mails.length;
    expect((await h.request('POST', '/auth/forgot-password/', { body: { email: agent.email } })).status).toBe(204);
    await expect.poll(() => h.mails.length, { timeout: 15_000, interval: 50 }).toBeGreaterThan(before);
    const mail = h.mails.at(-1)!;
    expect(mail.subject).toContain('Atende+');
    expect(mail.text).toContain('Atende+');
    // No PUBLIC_URL in this harness: no logo URL to show, so no HTML version.
    expect(mail.html).toBeUndefined();
  });
});
