import {
  ERROR_CODES,
  errorCatalogues,
  LIST_REPORT_COLUMNS,
  messageText,
  repetitionText,
  uiCatalogues,
  type ErrorCode,
  type Language,
  type ListColumnKind,
  type ListReportRows,
  type ListReportSlug,
} from '@prosa/contracts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { CrudColumn, TKey } from '../../shared/crud/types';
import { formatDateTime } from '../../shared/format/date';
import { RecordingPlayer } from '../calls/recording-player';

/** Seconds as m:ss (h:mm:ss from an hour). */
export function formatDuration(secs: number): string {
  const h = Math.floor(secs / 3600);
  const m = Math.floor((secs % 3600) / 60);
  const s = String(secs % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const isErrorCode = (s: string): s is ErrorCode => (ERROR_CODES as readonly string[]).includes(s);

/** A value on screen: dates in local time, values of a list in words, nothing as a dash. */
export function listCellText(
  kind: ListColumnKind,
  v: unknown,
  t: TFunction,
  lang: Language,
  row: Record<string, unknown> = {},
): ReactNode {
  const periods = uiCatalogues[lang].reportsLists.period;
  if (kind === 'message') return messageText(String(v ?? ''), row.mediaName as string | null, t('reportsLists.columns.mediaName')) || '—';
  if (kind === 'repetition') return repetitionText(Number(v ?? 0), row.repeatPeriod as string | null, periods) || '—';
  if (v === null || v === undefined || v === '') return '—';
  const key = (group: string) => t(`reportsLists.${group}.${String(v)}` as TKey, { defaultValue: String(v) });
  switch (kind) {
    case 'date':
      return formatDateTime(String(v));
    case 'bool':
      return v ? t('reportsLists.yes') : t('reportsLists.no');
    case 'duration':
      return formatDuration(Number(v));
    case 'ticketStatus':
    case 'scheduleStatus':
    case 'direction':
    case 'callStatus':
      return key(kind);
    case 'error':
      return isErrorCode(String(v)) ? errorCatalogues[lang][v as ErrorCode].message : String(v);
    default:
      return String(v);
  }
}

/** The table's columns of a list report: the report's own, in the order of its file. */
export function listReportColumns<S extends ListReportSlug>(
  slug: S,
  t: TFunction,
  lang: Language,
): CrudColumn<ListReportRows[S]>[] {
  return LIST_REPORT_COLUMNS[slug].map((c) => ({
    key: c.key,
    header: `reportsLists.columns.${c.key}` as TKey,
    render: (row: ListReportRows[S]) => {
      const r = row as Record<string, unknown>;
      // A call's recording plays here, through Prosa's access checks (issue 17).
      if (slug === 'ligacoes' && c.key === 'hasRecording' && r.hasRecording === true && typeof r.callId === 'number')
        return <RecordingPlayer callLogId={r.callId} />;
      return listCellText(c.kind, r[c.key], t, lang, r);
    },
    align: c.kind === 'number' || c.kind === 'duration' ? ('right' as const) : undefined,
    testId: `report-cell-${c.key}`,
  }));
}
