/**
 * One report of /relatorios as two routes (README "Reports"): `GET /reports/{slug}` answers a page
 * of rows with the count and the totals of the whole filtered result, and
 * `GET /reports/{slug}/export?format=csv|xlsx` streams all of it with headers in the user's
 * language. Every report is a ReportDefinition registered here, so each gets the same access
 * (admins and supervisors), the same OpenAPI shape and the same file writing.
 */
import { periodRead } from '../dashboard/dashboard.sql.js';
import type { ErrorCode, Language } from '@prosa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { REPORT_FILE_TYPES, reportFile, type Cell, type ReportFormat } from './report-file.js';
import { userLanguage } from './report-language.js';

/**
 * A report: who reads it (the viewer, built once per request), the checks of a filter (required
 * selections, ids of this company), a page, every row a page at a time, and its file's columns.
 */
export interface ReportDefinition<V, F, Q extends F, Row> {
  slug: string;
  /** Codes the report's routes may answer besides the common ones (validation, 401, 403). */
  errors: ErrorCode[];
  /** The page's querystring (the filter with pageNumber and pageSize) and the export's (with format). */
  query: z.ZodType<Q>;
  exportQuery: z.ZodType<F & { format: ReportFormat }>;
  page: z.ZodType;
  viewer: (req: FastifyRequest) => Promise<V>;
  check?: (scope: TenantScope, viewer: V, f: F) => Promise<void>;
  readPage: (scope: TenantScope, viewer: V, q: Q) => Promise<unknown>;
  readAll: (scope: TenantScope, viewer: V, f: F) => AsyncIterable<Row[]>;
  headers: (lang: Language) => string[];
  cells: (row: Row, lang: Language) => Cell[];
}

/** 'contatos-por-crm' -> 'ContatosPorCrm' (operation ids). */
const pascal = (slug: string) => slug.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase());

const common: ErrorCode[] = ['ERR_NO_PERMISSION'];

/** The file's rows, a page at a time, as cells. */
async function* cellPages<Row>(pages: AsyncIterable<Row[]>, cells: (r: Row) => Cell[]): AsyncGenerator<Cell[][]> {
  for await (const rows of pages) yield rows.map(cells);
}

export function registerReport<V, F, Q extends F, Row>(
  app: FastifyInstance,
  def: ReportDefinition<V, F, Q, Row>,
): void {
  const zapp = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['reports'], security: [{ bearer: [] }] };
  const errors = [...common, ...def.errors];
  zapp.get(
    `/reports/${def.slug}`,
    {
      config: { auth: 'supervisor' },
      schema: {
        operationId: `report${pascal(def.slug)}`,
        summary: `Report ${def.slug}: a page of rows with the count and totals of the whole result`,
        errors,
        ...schema,
        querystring: def.query,
        response: { 200: def.page },
      },
    },
    async (req) => {
      const q = req.query as Q;
      const viewer = await def.viewer(req);
      await def.check?.(req.scope, viewer, q);
      // Every report's page reads its period with in-memory sorts, no parallel workers, no JIT.
      return periodRead(req.scope, (tx) => def.readPage(tx, viewer, q));
    },
  );
  zapp.get(
    `/reports/${def.slug}/export`,
    {
      config: { auth: 'supervisor' },
      schema: {
        operationId: `exportReport${pascal(def.slug)}`,
        summary: `Report ${def.slug} as a CSV or XLSX file (the whole filtered result)`,
        binary: [REPORT_FILE_TYPES.csv.split(';')[0]!, REPORT_FILE_TYPES.xlsx],
        errors,
        ...schema,
        querystring: def.exportQuery,
      },
    },
    async (req, reply) => {
      const f = req.query as F & { format: ReportFormat };
      const viewer = await def.viewer(req);
      await def.check?.(req.scope, viewer, f);
      const lang = await userLanguage(req.scope, req.auth.userId, req.headers['accept-language']);
      const file = reportFile(
        f.format,
        def.slug,
        def.headers(lang),
        cellPages(def.readAll(req.scope, viewer, f), (r) => def.cells(r, lang)),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type(REPORT_FILE_TYPES[f.format])
        .header('content-disposition', `attachment; filename="${def.slug}-${day}.${f.format}"`)
        .send(file);
    },
  );
}

/** Every row of a result read `size` rows at a time by offset (the export never holds it all). */
export async function* pagesOf<Row>(
  read: (limit: number, offset: number) => Promise<Row[]>,
  size = 1000,
): AsyncGenerator<Row[]> {
  for (let offset = 0; ; offset += size) {
    const rows = await read(size, offset);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
  }
}
