import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@prosa/contracts';
import { registerChannelAdapter } from '../channels/channel-registry.js';
import { tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { contentDisposition } from './messages-media.routes.js';
import { fakeAdapter, inbound, makeChannel, newId, phone, ticketMessages } from './messages.test-support.js';

let h: Harness;
let a: Company;
let b: Company;
const fake = fakeAdapter('telegram');
registerChannelAdapter(fake.adapter);

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
});
afterAll(() => h.close());

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface Part {
  name: string;
  value?: string;
  file?: { data: Buffer; filename: string; type: string };
}
function multipart(parts: Part[]) {
  const boundary = `----prosa${newId()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = p.file ? `form-data; name="${p.name}"; filename="${p.file.filename}"` : `form-data; name="${p.name}"`;
    const head = `--${boundary}\r\nContent-Disposition: ${disp}\r\n${p.file ? `Content-Type: ${p.file.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), p.file ? p.file.data : Buffer.from(p.value ?? ''), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(ticketId: number, parts: Part[], token = a.admin.token) {
  const { payload, contentType } = multipart(parts);
  const res = await h.app.inject({
    method: 'POST',
    url: `/messages/${ticketId}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}
const get = (url: string, token: string) =>
  h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

async function openTicket(c: Company = a) {
  const channel = await makeChannel(h, c);
  const r = await inbound(h, c, channel, { from: { number: phone() } });
  await withTenant(h.app.platform.db, c.tenantId, (s) =>
    s.update(tickets, { status: 'open', userId: c.admin.userId }, eq(tickets.id, r.ticketId!)),
  );
  return r.ticketId!;
}
const file = (data: Buffer, filename: string, type: string): Part => ({
  name: 'files',
  file: { data, filename, type },
});

describe('media', () => {
  it('uploads files as messages (type from the bytes) and serves them to who may see the ticket', async () => {
    const ticketId = await openTicket();
    const clientId = newId();
    const res = await upload(ticketId, [
      { name: 'body', value: 'segue' },
      { name: 'clientId', value: clientId },
      file(PNG, 'foto.png', 'application/octet-stream'),
      file(Buffer.from('nome;numero\nAna;5511\n'), 'lista.csv', 'text/csv'),
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      body: 'segue',
      mediaType: 'image',
      mimeType: 'image/png',
      mediaName: 'foto.png',
      clientId,
    });
    expect(res.body.mediaUrl).toBe(`/media/${res.body.id}`);
    const rows = (await ticketMessages(h, a, ticketId)).filter((m) => m.fromMe);
    expect(rows.map((m) => [m.mediaType, m.mimeType])).toEqual([
      ['image', 'image/png'],
      ['document', 'text/csv'],
    ]);
    // The same upload retried answers the stored message.
    const again = await upload(ticketId, [
      { name: 'body', value: 'segue' },
      { name: 'clientId', value: clientId },
      file(PNG, 'foto.png', 'image/png'),
    ]);
    expect(again).toMatchObject({ status: 200, body: { id: res.body.id } });

    const served = await get(res.body.mediaUrl, a.admin.token);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
    expect(String(served.headers['content-disposition'])).toMatch(/^inline; filename="foto.png"/);
    const csv = await get(`/media/${rows[1]!.id}`, a.admin.token);
    expect(String(csv.headers['content-disposition'])).toMatch(/^attachment;/);
    // The adapter was given the stored file.
    const sentMsg = await new Promise<(typeof fake.sent)[number] | undefined>((resolve) => {
      const end = Date.now() + 10_000;
      const tick = () => {
        const m = fake.sent.find((x) => x.messageId === res.body.id);
        if (m || Date.now() > end) resolve(m);
        else setTimeout(tick, 100);
      };
      tick();
    });
    expect(sentMsg?.media).toMatchObject({ mimeType: 'image/png', fileName: 'foto.png' });

    expect((await get(res.body.mediaUrl, b.admin.token)).statusCode).toBe(404);
    const q = (
      await h.request('POST', '/queue', {
        token: a.admin.token,
        body: { name: 'Midia', color: '#0000aa', active: true },
      })
    ).body;
    await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.update(tickets, { queueId: q.id }, eq(tickets.id, ticketId)),
    );
    const outsider = await h.user(a, 'user');
    expect((await get(res.body.mediaUrl, outsider.token)).statusCode).toBe(404);
  });

  it('refuses HTML, SVG, executables and disguised files, and stores nothing', async () => {
    const ticketId = await openTicket();
    const cases = [
      file(Buffer.from('<html><script>alert(1)</script></html>'), 'page.html', 'text/html'),
      file(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.svg',
        'image/svg+xml',
      ),
      file(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 1)]), 'setup.exe', 'application/octet-stream'),
      file(Buffer.from('<html><body>hi</body></html>'), 'foto.png', 'image/png'),
      file(Buffer.from([0, 1, 2, 3, 0, 0]), 'notes.txt', 'text/plain'),
    ];
    for (const c of cases) {
      const res = await upload(ticketId, [c]);
      expect(res, c.file!.filename).toMatchObject({ status: 415, body: { error: 'ERR_FILE_TYPE_NOT_ALLOWED' } });
    }
    expect((await ticketMessages(h, a, ticketId)).filter((m) => m.fromMe)).toHaveLength(0);
  });

  it('refuses more than 50 MB of files with ERR_FILE_TOO_LARGE', async () => {
    const ticketId = await openTicket();
    const big = Buffer.alloc(LIMITS.chatFilesTotal / 2 + 1024, 0);
    PNG.copy(big);
    const res = await upload(ticketId, [file(big, 'a.png', 'image/png'), file(big, 'b.png', 'image/png')]);
    expect(res).toMatchObject({ status: 413, body: { error: 'ERR_FILE_TOO_LARGE' } });
    const one = await upload(ticketId, [file(Buffer.alloc(LIMITS.chatFilesTotal + 10, 65), 'c.txt', 'text/plain')]);
    expect(one).toMatchObject({ status: 413, body: { error: 'ERR_FILE_TOO_LARGE' } });
    expect((await ticketMessages(h, a, ticketId)).filter((m) => m.fromMe)).toHaveLength(0);
  });

  it('a pending ticket of someone else cannot receive uploads', async () => {
    const channel = await makeChannel(h, a);
    const r = await inbound(h, a, channel, { from: { number: phone() } });
    const agent = await h.user(a, 'user');
    const res = await upload(r.ticketId!, [file(PNG, 'x.png', 'image/png')], agent.token);
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  it('builds a safe Content-Disposition', () => {
    expect(contentDisposition('text/html', '../../etc/"evil".html')).toBe(
      `attachment; filename="evil.html"; filename*=UTF-8''evil.html`,
    );
    expect(contentDisposition('image/svg+xml', 'x.svg')).toMatch(/^attachment;/);
    expect(contentDisposition('application/pdf', 'relatório.pdf')).toBe(
      `inline; filename="relat_rio.pdf"; filename*=UTF-8''relat%C3%B3rio.pdf`,
    );
  });
});
