/**
 * A report as a file, streamed: CSV (`;`-separated with a BOM, as the contacts export) or XLSX
 * (exceljs's streaming WorkbookWriter). Rows arrive a page at a time and are written as they come,
 * so a large report never sits in memory. Any report's export goes through here.
 */
import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { safeCell } from '../contacts/contacts.csv.js';

export type ReportFormat = 'csv' | 'xlsx';
export type Cell = string | number;

export const REPORT_FILE_TYPES: Record<ReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

function csvFile(headers: string[], pages: AsyncIterable<Cell[][]>): Readable {
  const csv = stringify({ delimiter: ';', record_delimiter: '\r\n', bom: true });
  const lines = async function* () {
    yield headers.map(safeCell);
    for await (const rows of pages)
      for (const row of rows) yield row.map((c) => (typeof c === 'string' ? safeCell(c) : String(c)));
  };
  return Readable.from(lines()).pipe(csv);
}

function xlsxFile(sheetName: string, headers: string[], pages: AsyncIterable<Cell[][]>): Readable {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName.slice(0, 31));
  void (async () => {
    const head = sheet.addRow(headers);
    head.font = { bold: true };
    head.commit();
    for await (const rows of pages) for (const row of rows) sheet.addRow(row).commit();
    sheet.commit();
    await book.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

/** The file of a report; its cells are plain text and numbers (a name is never run as a formula). */
export function reportFile(
  format: ReportFormat,
  sheetName: string,
  headers: string[],
  pages: AsyncIterable<Cell[][]>,
): Readable {
  return format === 'csv' ? csvFile(headers, pages) : xlsxFile(sheetName, headers, pages);
}
