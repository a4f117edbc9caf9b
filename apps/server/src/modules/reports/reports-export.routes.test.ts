import { CONTACT_REPORT_COLUMNS, type ContactReportRow, type ContactReportSlug } from '@prosa/contracts';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.js';
import { safeCell } from '../contacts/contacts.csv.js';
import { contactReportCell } from './contact-reports.rows.js';
import { get, seedStory, type Story } from './reports.test-support.js';

let h: Harness;
let s: Story;

beforeAll(async () => {
  h = await startHarness();
  s = await seedStory(h);
});
afterAll(() => h.close());

const queries = (): [ContactReportSlug, string][] => [
  ['lista-contatos', ''],
  ['contatos-por-etiquetas', `tagIds=${s.tag.vip},${s.tag.atacado}`],
  ['contatos-por-crm', `laneIds=${s.lane.lead},${s.lane.proposta}`],
  ['contatos-por-carteira', `userIds=${s.agent1.userId},${s.agent2.userId}`],
  ['contatos-por-estado', 'states=SP,RJ,CE,DF'],
];

/** The JSON rows of a report as the file must hold them. */
async function expectedRows(slug: ContactReportSlug, q: string) {
  const page = await get(h, s.a.admin, `/reports/${slug}?${q}&pageSize=500`);
  expect(page.status).toBe(200);
  expect(page.body.rows.length).toBeGreaterThan(0);
  return (page.body.rows as ContactReportRow[]).map((r) =>
    CONTACT_REPORT_COLUMNS[slug].map((c) => contactReportCell(r, c)),
  );
}

async function download(slug: ContactReportSlug, q: string, format: 'csv' | 'xlsx', lang?: string) {
  const res = await h.app.inject({
    method: 'GET',
    url: `/reports/${slug}/export?format=${format}&${q}`,
    headers: { authorization: `Bearer ${s.a.admin.token}`, ...(lang ? { 'accept-language': lang } : {}) },
  });
  expect(res.statusCode).toBe(200);
  return res;
}

describe('report exports', () => {
  it('CSV: the rows of the JSON report, headers in the asked language, a download name', async () => {
    for (const [slug, q] of queries()) {
      const want = await expectedRows(slug, q);
      const res = await download(slug, q, 'csv');
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="${slug}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      const [head, ...rows] = parse(res.body, { delimiter: ';', bom: true }) as string[][];
      expect(head).toHaveLength(CONTACT_REPORT_COLUMNS[slug].length);
      expect(rows).toEqual(want.map((r) => r.map((c) => (typeof c === 'number' ? String(c) : safeCell(c)))));
    }
    const pt = parse((await download('lista-contatos', '', 'csv')).body, { delimiter: ';', bom: true }) as string[][];
    expect(pt[0]).toEqual(['Nome', 'Número', 'E-mail', 'Etiquetas', 'Carteira', 'Etapa do CRM', 'Estado', 'Criado em']);
    const en = parse((await download('contatos-por-crm', `laneIds=${s.lane.lead}`, 'csv', 'en-US,en;q=0.9')).body, {
      delimiter: ';',
      bom: true,
    }) as string[][];
    expect(en[0]).toEqual(['CRM lane', 'Name', 'Number', 'Email', 'Deal value', 'Wallet', 'Created']);
    expect(en.slice(1).map((r) => [r[0], r[1], r[4]])).toEqual([
      ['Lead', 'Ana', '100.5'],
      ['Lead', 'Carla', ''],
    ]);
  });

  it('XLSX: read back with exceljs, the same rows', async () => {
    for (const [slug, q] of queries()) {
      const want = await expectedRows(slug, q);
      const res = await download(slug, q, 'xlsx', 'es');
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const read: (string | number)[][] = [];
      sheet.eachRow((row) => {
        const values = (row.values as unknown[]).slice(1);
        read.push(CONTACT_REPORT_COLUMNS[slug].map((_c, i) => (values[i] ?? '') as string | number));
      });
      expect(read[0]![CONTACT_REPORT_COLUMNS[slug].indexOf('name')]).toBe('Nombre');
      expect(read.slice(1)).toEqual(want);
    }
  });

  it('a formula typed as a name is written as text', async () => {
    await h.request('PUT', `/contacts/${s.contact.diego}`, {
      token: s.a.admin.token,
      body: { name: '=HYPERLINK("x")', number: '5561987650004' },
    });
    const csv = (await download('lista-contatos', 'states=DF', 'csv')).body;
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  });
});
