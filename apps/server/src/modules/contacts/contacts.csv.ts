/**
 * Contact CSV files (SPEC §5 "CSV with columns Nome and Numero"): reading an upload into rows and
 * writing export lines. No database and no HTTP here.
 */
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { AppError } from '../../platform/http/app-error.js';

export interface CsvContactRow {
  /** Line of the file (the header is line 1), as a spreadsheet shows it. */
  row: number;
  name: string;
  number: string;
  email: string;
}

const CSV_TYPES = new Set(['application/csv', 'application/x-csv', 'application/vnd.ms-excel', 'application/octet-stream']);

/**
 * A CSV by name or declared type, and text rather than binary: browsers on Windows declare CSVs as
 * `application/vnd.ms-excel`, so the declared type alone is not enough either way.
 */
export function assertCsvFile(filename: string, mimetype: string, content: Buffer): void {
  const byName = /\.(csv|txt)$/i.test(filename);
  const type = mimetype.toLowerCase().split(';')[0]!.trim();
  const byType = type.startsWith('text/') || CSV_TYPES.has(type);
  if (!(byName && byType) || content.includes(0)) throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED');
}

/** UTF-8 with or without BOM; a file saved by Excel as Windows-1252 is read as such, not garbled. */
function decode(content: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    return new TextDecoder('windows-1252').decode(content);
  }
}

/** `Número`, ` NUMERO ` and `numero` name the same column. */
const columnKey = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase();

/** Spreadsheets in Brazil save with `;`, others with `,`: the header line says which. */
function delimiterOf(text: string): ';' | ',' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return header.split(';').length >= header.split(',').length ? ';' : ',';
}

const columnsMissing = () => new AppError('ERR_VALIDATION', { file: 'import.columns' });

/** The data rows of an upload; a file without the Nome and Numero columns is refused whole. */
export async function readContactCsv(content: Buffer): Promise<CsvContactRow[]> {
  const text = decode(content).replace(/^\uFEFF/, '');
  const parser = parse(text, {
    delimiter: delimiterOf(text),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    info: true,
  });
  const rows: CsvContactRow[] = [];
  let cols: { name: number; number: number; email: number } | undefined;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!cols) {
        const keys = record.map(columnKey);
        cols = { name: keys.indexOf('nome'), number: keys.indexOf('numero'), email: keys.findIndex((k) => k === 'email') };
        if (cols.name < 0 || cols.number < 0) throw columnsMissing();
        continue;
      }
      const cell = (i: number) => (i >= 0 ? (record[i] ?? '').trim() : '');
      // Spreadsheets leave rows of empty cells (`;;`) after the data: they are not rows.
      if (record.every((c) => c.trim() === '')) continue;
      rows.push({ row: info.lines, name: cell(cols.name), number: cell(cols.number), email: cell(cols.email) });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    // csv-parse refused the text (an unclosed quote, say): it is not a CSV we can read.
    throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED');
  }
  if (!cols) throw columnsMissing();
  return rows;
}

export const EXPORT_HEADER = ['Nome', 'Numero', 'Email', 'Etiquetas'];

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`) gets a leading apostrophe:
 * contact names come from customers' own profiles, so an export must not carry their formulas.
 */
export const safeCell = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** Lines of the export, `;`-separated as spreadsheets in Brazil expect. */
export function exportLines(rows: string[][]): string {
  return stringify(
    rows.map((r) => r.map(safeCell)),
    { delimiter: ';', record_delimiter: '\r\n' },
  );
}
