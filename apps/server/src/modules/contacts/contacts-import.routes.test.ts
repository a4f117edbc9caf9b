import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';

let h: Harness;
let a: Company;
let b: Company;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
});
afterAll(() => h.close());

const BOUNDARY = '----prosa-test-boundary';
/** A multipart body with one file part, written by hand as a browser sends it. */
function upload(s: Session, content: string | Buffer, filename = 'contatos.csv', type = 'text/csv') {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
  return h.request('POST', '/contacts/import', {
    token: s.token,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body,
  });
}
const list = async (s: Session, q = '') =>
  (await h.request('GET', `/contacts?pageSize=200${q}`, { token: s.token })).body as {
    count: number;
    contacts: { id: number; name: string; number: string; email: string }[];
  };
const create = (s: Session, name: string, number: string) =>
  h.request('POST', '/contacts', { token: s.token, body: { name, number } });

describe('contacts: import', () => {
  it('imports a mixed file: creates, updates known numbers, reports rejected rows without storing them', async () => {
    const c = await h.company();
    await create(c.admin, 'Nome antigo', '5511900000001');
    await create(b.admin, 'De outra empresa', '5511900000002');
    const csv = [
      'Nome;Numero;Email',
      'Ana;+55 (11) 90000-0002;ana@x.com',
      'Bruno;1234;',
      ';5511900000003;',
      'Carla;5511900000004;nao-e-email',
      'Ana de novo;5511900000002;',
      'Nome novo;5511900000001;',
      ';;',
      'Davi;5511900000005;',
    ].join('\n');
    const res = await upload(c.admin, csv);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total: 7,
      created: 2,
      updated: 1,
      rejected: [
        { row: 3, name: 'Bruno', number: '1234', reason: 'validation.phone' },
        { row: 4, name: '', number: '5511900000003', reason: 'validation.required' },
        { row: 5, name: 'Carla', number: '5511900000004', reason: 'validation.email' },
        { row: 6, name: 'Ana de novo', number: '5511900000002', reason: 'import.duplicateInFile' },
      ],
    });
    const saved = (await list(c.admin)).contacts.map((x) => [x.name, x.number, x.email]);
    expect(saved).toEqual([
      ['Ana', '5511900000002', 'ana@x.com'],
      ['Davi', '5511900000005', ''],
      ['Nome novo', '5511900000001', ''],
    ]);
    // The same number in another company was neither updated nor counted.
    expect((await list(b.admin, '&searchParam=5511900000002')).contacts).toMatchObject([{ name: 'De outra empresa' }]);
  });

  it("an import never reaches another company's contacts", async () => {
    const mine = (await create(a.admin, 'Só da A', '5511911110000')).body;
    const res = await upload(b.admin, 'nome,numero\nTrocado,5511911110000\n');
    expect(res.body).toMatchObject({ created: 1, updated: 0 });
    expect((await h.request('GET', `/contacts/${mine.id}`, { token: a.admin.token })).body.name).toBe('Só da A');
    expect(await h.request('GET', `/contacts/${mine.id}`, { token: b.admin.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_CONTACT_FOUND' },
    });
  });

  it('reads , or ; delimiters, any case and accents in the header, with or without BOM, UTF-8 or Windows-1252', async () => {
    const c = await h.company();
    expect((await upload(c.admin, '\uFEFFNOME,Número\r\n"Souza, João",5511922220001\r\n')).body).toMatchObject({ created: 1 });
    expect((await upload(c.admin, 'numero;nome\n5511922220002;Zé\n')).body).toMatchObject({ created: 1 });
    const latin1 = Buffer.from('Nome;Numero\nJosé;5511922220003\n', 'latin1');
    expect((await upload(c.admin, latin1)).body).toMatchObject({ created: 1, rejected: [] });
    const names = (await list(c.admin)).contacts.map((x) => x.name);
    expect(names).toEqual(['José', 'Souza, João', 'Zé']);
  });

  it('refuses a file that is not a CSV, too big, or without the Nome and Numero columns, changing nothing', async () => {
    const c = await h.company();
    const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02]);
    expect(await upload(c.admin, pdf, 'contatos.pdf', 'application/pdf')).toMatchObject({
      status: 415,
      body: { error: 'ERR_FILE_TYPE_NOT_ALLOWED' },
    });
    expect((await upload(c.admin, pdf, 'contatos.csv')).status).toBe(415);
    const json = await h.request('POST', '/contacts/import', { token: c.admin.token, body: { file: 'Nome;Numero' } });
    expect(json).toMatchObject({ status: 415, body: { error: 'ERR_FILE_TYPE_NOT_ALLOWED' } });
    const big = `Nome;Numero\n${'Fulano;5511933330000\n'.repeat(260_000)}`;
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(await upload(c.admin, big)).toMatchObject({ status: 413, body: { error: 'ERR_FILE_TOO_LARGE' } });
    expect(await upload(c.admin, 'Name;Phone\nAna;5511933330001\n')).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { file: 'import.columns' } },
    });
    expect((await upload(c.admin, '')).body).toMatchObject({ error: 'ERR_VALIDATION', fields: { file: 'import.columns' } });
    expect((await list(c.admin)).count).toBe(0);
  });

  it('imports a large file in batches (over the 2 MB JSON body limit, under the 5 MB file limit)', async () => {
    const c = await h.company();
    const notes = 'x'.repeat(1300);
    const rows = Array.from({ length: 2500 }, (_, i) => `Pessoa ${i};55119${String(40_000_000 + i)};${notes}`);
    const file = `Nome;Numero;Observacao\n${rows.join('\n')}\n`;
    expect(file.length).toBeGreaterThan(3 * 1024 * 1024);
    const res = await upload(c.admin, file);
    expect(res.body).toMatchObject({ total: 2500, created: 2500, updated: 0, rejected: [] });
    expect((await list(c.admin)).count).toBe(2500);
    const again = await upload(c.admin, file);
    expect(again.body).toMatchObject({ created: 0, updated: 2500 });
  });
});

describe('contacts: export', () => {
  it('streams the company contacts as CSV with tags, spreadsheet formulas neutralised', async () => {
    const c = await h.company();
    const vip = (await h.request('POST', '/tags', { token: c.admin.token, body: { name: 'VIP', color: '#123456' } })).body;
    await h.request('POST', '/contacts', {
      token: c.admin.token,
      body: { name: 'Ana; Maria', number: '5511944440001', email: 'ana@x.com', tags: [vip.id] },
    });
    await create(c.admin, '=HYPERLINK("http://x")', '5511944440002');
    await create(b.admin, 'Outra empresa', '5511944440003');
    const sup = await h.user(c, 'supervisor');
    const res = await h.request('GET', '/contacts/export', { token: sup.token });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/csv/);
    expect(String(res.headers['content-disposition'])).toContain('contatos.csv');
    expect(res.body).toBe(
      '\uFEFFNome;Numero;Email;Etiquetas\r\n' +
        '"Ana; Maria";5511944440001;ana@x.com;VIP\r\n' +
        '"\'=HYPERLINK(""http://x"")";5511944440002;;\r\n',
    );
  });
});
