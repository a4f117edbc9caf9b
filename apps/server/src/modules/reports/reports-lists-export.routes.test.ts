import { errorCatalogues, LIST_REPORT_COLUMNS, LIST_REPORTS, type ListReportSlug } from '@prosa/contracts';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.js';
import { safeCell } from '../contacts/contacts.csv.js';
import { FEB, seedListsStory, type ListsStory } from './lists-story.test-support.js';
import { listCells } from './lists.shared.js';
import { get } from './reports.test-support.js';

let h: Harness;
let s: ListsStory;

beforeAll(async () => {
  // No jobs: the story's pending schedules are due, and each minute's sweep sends them; after two
  // sweeps the weekly one has moved out of February (the admin's count fell to 3 in a full run).
  h = await startHarness({}, { jobs: false });
  s = await seedListsStory(h);
});
afterAll(() => h.close());

/** The JSON rows of a report as its file must hold them, in a language. */
async function expectedRows(slug: ListReportSlug, lang: 'pt' | 'en' | 'es') {
  const page = await get(h, s.a.admin, `/reports/${slug}?${FEB}&pageSize=500`);
  expect(page.status).toBe(200);
  expect(page.body.rows.length).toBeGreaterThan(0);
  return (page.body.rows as never[]).map((r) => listCells(slug, r, lang));
}

async function download(slug: ListReportSlug, format: 'csv' | 'xlsx', lang?: string) {
  const res = await h.app.inject({
    method: 'GET',
    url: `/reports/${slug}/export?format=${format}&${FEB}`,
    headers: { authorization: `Bearer ${s.a.admin.token}`, ...(lang ? { 'accept-language': lang } : {}) },
  });
  expect(res.statusCode).toBe(200);
  return res;
}

describe('list report exports', () => {
  it('CSV: every list report writes the rows of its JSON, headers in the asked language', async () => {
    for (const slug of LIST_REPORTS) {
      const want = await expectedRows(slug, 'pt');
      const res = await download(slug, 'csv');
      expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${slug}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
      const [head, ...rows] = parse(res.body, { delimiter: ';', bom: true }) as string[][];
      expect(head).toHaveLength(LIST_REPORT_COLUMNS[slug].length);
      expect(rows).toEqual(want.map((r) => r.map((c) => (typeof c === 'number' ? String(c) : safeCell(c)))));
    }
    const en = parse((await download('agendamentosold', 'csv', 'en-US,en;q=0.9')).body, { delimiter: ';', bom: true }) as string[][];
    expect(en[0]).toEqual(['Created', 'Due at', 'Contact', 'Protocol', 'Author', 'Message', 'Repetition', 'Sent', 'Status', 'Last error']);
    // The error translated, the period and status in words, the file beside the text.
    expect(en[2]![8]).toBe('Error');
    expect(en[2]![9]).toBe(errorCatalogues.en.ERR_WINDOW_CLOSED.message);
    expect(en[4]!.slice(5, 9)).toEqual(['Novidades do mês (File: cardapio.pdf)', '2 × Monthly', '0', 'Pending']);
  });

  it('XLSX: read back with exceljs, the same rows', async () => {
    for (const slug of ['avaliacoes', 'ligacoes'] as const) {
      const want = await expectedRows(slug, 'es');
      const res = await download(slug, 'xlsx', 'es');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const read: (string | number)[][] = [];
      book.worksheets[0]!.eachRow((row) => {
        const values = (row.values as unknown[]).slice(1);
        read.push(LIST_REPORT_COLUMNS[slug].map((_c, i) => (values[i] ?? '') as string | number));
      });
      expect(read[0]![0]).toBe(slug === 'avaliacoes' ? 'Evaluado el' : 'Fecha');
      expect(read.slice(1)).toEqual(want);
    }
  });
});
