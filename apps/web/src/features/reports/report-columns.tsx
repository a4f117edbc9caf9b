import {
  CONTACT_REPORT_COLUMNS,
  type ContactReportColumn,
  type ContactReportRow,
  type ContactReportSlug,
} from '@prosa/contracts';
import { formatDateTime } from '../../shared/format/date';
import { formatMoney } from '../../shared/format/money';
import type { CrudColumn, TKey } from '../../shared/crud/types';

function cell(row: ContactReportRow, c: ContactReportColumn) {
  const v = row[c];
  if (v === null) return '—';
  if (Array.isArray(v)) return v.join(', ') || '—';
  if (c === 'dealValue') return formatMoney(v as number);
  if (c === 'createdAt') return formatDateTime(v as string);
  return v;
}

/** The table's columns: the report's own, in the order of its file; the group named after the report. */
export function reportColumns(slug: ContactReportSlug): CrudColumn<ContactReportRow>[] {
  return CONTACT_REPORT_COLUMNS[slug].map((c) => ({
    key: c,
    header: (c === 'group' ? `reports.groupBy.${slug}` : `reports.columns.${c}`) as TKey,
    render: (row) => cell(row, c),
    align: c === 'dealValue' ? 'right' : undefined,
    testId: `report-cell-${c}`,
  }));
}
