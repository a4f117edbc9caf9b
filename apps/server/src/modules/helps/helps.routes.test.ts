// Help articles (helps.routes.ts): the operator writes them, every company's users read them.
// They are platform-wide rows; the tests of this file share one database, so each names its
// articles with a unique word and looks only at those.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helps } from '../../platform/db/schema.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';

let h: Harness;
let op: Session;
let company: Company;
let agent: Session;
const MISSING = 2_000_000_000;

beforeAll(async () => {
  h = await startHarness();
  op = await h.operator();
  company = await h.company();
  agent = await h.user(company, 'user');
});
afterAll(() => h.close());

const word = () => `ajuda${randomUUID().slice(0, 8)}`;
const as = (s: Session) => (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  h.request(method, url, { token: s.token, body });
const rows = async (w: string) =>
  (await unsafeSystemDb(h.app.platform.db).select().from(helps)).filter((r) => r.title.includes(w));

describe('helps: the operator administers them', () => {
  it('creates, lists, updates and deletes an article; a YouTube link answers its video id', async () => {
    const w = word();
    const body = {
      title: `Como transferir um ticket ${w}`,
      description: 'Abra o ticket e clique em Transferir.',
      video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42',
      position: 2,
    };
    const created = await as(op)('POST', '/helps', body);
    expect(created).toMatchObject({ status: 201, body: { ...body, videoId: 'dQw4w9WgXcQ' } });
    const id = created.body.id as number;
    const all = (await as(op)('GET', '/helps')).body as { id: number }[];
    expect(all.find((x) => x.id === id)).toEqual(created.body);

    const changed = {
      title: `Transferências ${w}`,
      description: '',
      video: 'https://youtu.be/9bZkp7q19f0',
      position: '1',
    };
    const updated = await as(op)('PUT', `/helps/${id}`, changed);
    expect(updated).toMatchObject({
      status: 200,
      body: { id, title: changed.title, description: '', videoId: '9bZkp7q19f0', position: 1 },
    });
    expect(await rows(w)).toHaveLength(1);

    expect((await as(op)('DELETE', `/helps/${id}`)).status).toBe(204);
    expect(await rows(w)).toHaveLength(0);
    expect(await as(op)('DELETE', `/helps/${id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_HELP_FOUND' } });
    expect(await as(op)('PUT', `/helps/${MISSING}`, changed)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_HELP_FOUND' },
    });
  });

  it('bad input answers ERR_VALIDATION with the field and changes nothing', async () => {
    const w = word();
    const ok = (await as(op)('POST', '/helps', { title: `Base ${w}` })).body as { id: number };
    const cases: [string, string, unknown, string, string][] = [
      ['POST', '/helps', { title: '  ' }, 'title', 'validation.required'],
      ['POST', '/helps', { title: `T ${w}`, video: 'https://vimeo.com/123' }, 'video', 'validation.youtubeVideo'],
      [
        'POST',
        '/helps',
        { title: `T ${w}`, video: 'https://youtube.com/watch?v=short' },
        'video',
        'validation.youtubeVideo',
      ],
      ['POST', '/helps', { title: `T ${w}`, position: -1 }, 'position', 'validation.invalidValue'],
      ['POST', '/helps', { title: 'x'.repeat(121) }, 'title', 'validation.max'],
      ['PUT', `/helps/${ok.id}`, { title: `T ${w}`, description: 'd'.repeat(5001) }, 'description', 'validation.max'],
      ['PUT', '/helps/abc', { title: `T ${w}` }, 'id', 'validation.invalidValue'],
    ];
    for (const [method, url, body, field, message] of cases) {
      const res = await as(op)(method as 'POST', url, body);
      expect(res, `${method} ${url} ${field}`).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
      expect(res.body.fields[field], `${method} ${url}`).toBe(message);
    }
    expect((await rows(w)).map((r) => r.title)).toEqual([`Base ${w}`]);
  });

  it("a company's users may read but not write; without a token nothing answers", async () => {
    const w = word();
    const admin = company.admin;
    const made = (await as(op)('POST', '/helps', { title: `Privada ${w}` })).body as { id: number };
    for (const s of [admin, agent]) {
      expect(await as(s)('GET', '/helps')).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect(await as(s)('POST', '/helps', { title: `Nova ${w}` })).toMatchObject({ status: 403 });
      expect(await as(s)('PUT', `/helps/${made.id}`, { title: `Mudada ${w}` })).toMatchObject({ status: 403 });
      expect(await as(s)('DELETE', `/helps/${made.id}`)).toMatchObject({ status: 403 });
    }
    for (const [method, url] of [
      ['GET', '/helps/list'],
      ['GET', '/helps'],
      ['POST', '/helps'],
      ['DELETE', `/helps/${made.id}`],
    ] as const) {
      expect((await h.request(method, url, { body: method === 'POST' ? { title: w } : undefined })).status).toBe(401);
    }
    expect((await rows(w)).map((r) => r.title)).toEqual([`Privada ${w}`]);
  });
});

describe('helps: /ajuda reads them', () => {
  it('every company sees the same articles, in order, searched without case or accents', async () => {
    const w = word();
    const other = await h.company();
    for (const [title, description, position] of [
      [`Relatórios ${w}`, 'Exportar para CSV', 3],
      [`Campanhas ${w}`, 'Agendar um envio', 1],
      [`Conexões ${w}`, 'Ler o QR code do WhatsApp', 2],
    ] as const)
      await as(op)('POST', '/helps', { title, description, position });
    for (const s of [agent, other.admin]) {
      const found = await as(s)('GET', `/helps/list?searchParam=${w}`);
      expect(found.status).toBe(200);
      expect(found.body).toMatchObject({ count: 3, hasMore: false });
      expect((found.body.helps as { title: string }[]).map((x) => x.title)).toEqual([
        `Campanhas ${w}`,
        `Conexões ${w}`,
        `Relatórios ${w}`,
      ]);
    }
    // "conexoes" finds "Conexões"; a word of the description finds its article.
    const folded = await as(agent)('GET', `/helps/list?searchParam=${encodeURIComponent(`CONEXOES ${w}`)}`);
    expect((folded.body.helps as { title: string }[]).map((x) => x.title)).toEqual([`Conexões ${w}`]);
    const all = (await as(agent)('GET', '/helps/list?searchParam=qr%20code%20do%20whatsapp')).body.helps as {
      title: string;
    }[];
    expect(all.map((x) => x.title)).toContain(`Conexões ${w}`);
    // A search character of LIKE is searched for, not a wildcard.
    expect((await as(agent)('GET', `/helps/list?searchParam=${w}%25_`)).body).toMatchObject({ count: 0, helps: [] });
    const [row] = await unsafeSystemDb(h.app.platform.db)
      .select()
      .from(helps)
      .where(eq(helps.title, `Campanhas ${w}`));
    expect(row?.position).toBe(1);
  });
});
