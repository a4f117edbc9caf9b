/**
 * Reports (/relatorios, SPEC §2 and §5): the slugs, the filters of the contact reports (the
 * querystring of `GET /reports/{slug}` and its export, and the web filter form), their rows,
 * columns and totals.
 */
import { z } from 'zod';
import { BR_STATES, type BrState } from '../reports/ddd.js';
import { V, ZIsoDate } from './common.js';

/** Every report of SPEC §2, in the order of the index. */
export const REPORT_SLUGS = [
  'estatisticas-atendimentos-usuarios',
  'lista-contatos',
  'contatos-por-etiquetas',
  'contatos-por-crm',
  'contatos-por-carteira',
  'contatos-por-estado',
  'relatorio-tickets',
  'avaliacoes',
  'protocolos',
  'anotacoes',
  'agendamentosold',
  'ligacoes',
] as const;
export type ReportSlug = (typeof REPORT_SLUGS)[number];

/** The reports built so far: the contact reports. */
export const CONTACT_REPORTS = [
  'lista-contatos',
  'contatos-por-etiquetas',
  'contatos-por-crm',
  'contatos-por-carteira',
  'contatos-por-estado',
] as const satisfies readonly ReportSlug[];
export type ContactReportSlug = (typeof CONTACT_REPORTS)[number];

export const isContactReport = (slug: string): slug is ContactReportSlug =>
  (CONTACT_REPORTS as readonly string[]).includes(slug);

/** A list in a querystring: repeated (`a=1&a=2`) or comma-separated (`a=1,2`); the web form sends arrays. */
export const splitList = z
  .union([z.array(z.union([z.string(), z.number()])), z.string()])
  .transform((v) =>
    (Array.isArray(v) ? v.map(String) : v ? v.split(',') : []).map((s) => s.trim()).filter((s) => s !== ''),
  );
export const idList = splitList
  .transform((a) => a.map(Number))
  .pipe(z.array(z.number().int(V.integer).positive(V.invalidValue).max(2_147_483_647, V.invalidValue)).max(200, V.max))
  .default([]);
const isState = (s: string): s is BrState => (BR_STATES as readonly string[]).includes(s);
const stateList = splitList
  .pipe(z.array(z.string().refine(isState, V.invalidValue)).max(BR_STATES.length, V.max))
  .transform((a) => a.filter(isState))
  .default([]);
export const ZOptionalDate = z
  .string()
  .optional()
  .transform((s) => (s === '' ? undefined : s))
  .pipe(ZIsoDate.optional());

/**
 * The filters of the contact reports, all optional but the one a report groups by (SPEC §5: at
 * least one user, lane, state or tag selected; CONTACT_REPORT_REQUIRED): the creation period in
 * the company's time zone (both days included), tags, wallet users, CRM lanes and states; a
 * contact matches every filter given, and any of the values of one.
 */
const contactFilterFields = z.object({
  from: ZOptionalDate,
  to: ZOptionalDate,
  tagIds: idList,
  userIds: idList,
  laneIds: idList,
  states: stateList,
});
/** The period ends on or after its start. */
export const periodInOrder = <T extends z.ZodType<{ from?: string; to?: string }>>(s: T) =>
  s.refine((f) => !f.from || !f.to || f.from <= f.to, { message: V.invalidDate, path: ['to'] });

export const ZContactReportFilter = periodInOrder(contactFilterFields);
export type ContactReportFilter = z.infer<typeof ZContactReportFilter>;

export const ZContactReportQuery = periodInOrder(
  contactFilterFields.extend({
    pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(50),
  }),
);
export type ContactReportQuery = z.infer<typeof ZContactReportQuery>;
export const ZReportExportQuery = periodInOrder(
  contactFilterFields.extend({ format: z.enum(['csv', 'xlsx']).default('csv') }),
);

/** The filter a grouped report needs at least one value of. */
export const CONTACT_REPORT_REQUIRED: Record<ContactReportSlug, 'tagIds' | 'laneIds' | 'userIds' | 'states' | null> = {
  'lista-contatos': null,
  'contatos-por-etiquetas': 'tagIds',
  'contatos-por-crm': 'laneIds',
  'contatos-por-carteira': 'userIds',
  'contatos-por-estado': 'states',
};

/**
 * One row: a contact, or a contact in one group (tag, lane, wallet user or state) of a grouped
 * report. `number` is masked for a viewer who may not see numbers.
 */
export const ZContactReportRow = z.object({
  contactId: z.number(),
  group: z.string().nullable(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  tags: z.array(z.string()),
  wallets: z.array(z.string()),
  lane: z.string().nullable(),
  dealValue: z.number().nullable(),
  state: z.string().nullable(),
  createdAt: z.string(),
});
export type ContactReportRow = z.infer<typeof ZContactReportRow>;

/** A total of one group (its label: a tag, lane, user name or state) over the whole filtered result. */
export const ZReportTotal = z.object({ label: z.string(), count: z.number(), dealValue: z.number().nullable() });
export type ReportTotal = z.infer<typeof ZReportTotal>;

export const ZContactReportPage = z.object({
  rows: z.array(ZContactReportRow),
  /** Rows of the whole filtered result. */
  count: z.number(),
  totals: z.array(ZReportTotal),
  hasMore: z.boolean(),
});
export type ContactReportPage = z.infer<typeof ZContactReportPage>;

export type ContactReportColumn = Exclude<keyof ContactReportRow, 'contactId'>;

/** The columns of each report, in order: the table, the CSV and the XLSX. */
export const CONTACT_REPORT_COLUMNS: Record<ContactReportSlug, readonly ContactReportColumn[]> = {
  'lista-contatos': ['name', 'number', 'email', 'tags', 'wallets', 'lane', 'state', 'createdAt'],
  'contatos-por-etiquetas': ['group', 'name', 'number', 'email', 'wallets', 'lane', 'createdAt'],
  'contatos-por-crm': ['group', 'name', 'number', 'email', 'dealValue', 'wallets', 'createdAt'],
  'contatos-por-carteira': ['group', 'name', 'number', 'email', 'tags', 'lane', 'createdAt'],
  'contatos-por-estado': ['group', 'name', 'number', 'email', 'tags', 'wallets', 'createdAt'],
};
