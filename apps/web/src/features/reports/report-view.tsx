import { Button, Group, Pagination, Text } from '@mantine/core';
import type { ReportSlug } from '@prosa/contracts';
import { IconArrowLeft, IconFileSpreadsheet, IconFileTypeCsv, IconPrinter } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CrudTable } from '../../shared/crud/crud-table';
import type { CrudColumn } from '../../shared/crud/types';
import { toastError } from '../../shared/errors/toast-error';
import { formatDateTime } from '../../shared/format/date';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { downloadReport, REPORT_PAGE_SIZE, useReportPage, type ReportWireQuery } from './use-reports';

/** What every report answers (ticket-reports.ts reportPageOf, ZContactReportPage). */
export interface ReportPageData<Row> {
  rows: Row[];
  count: number;
  hasMore: boolean;
}

export interface ReportViewProps<Row, P extends ReportPageData<Row>> {
  slug: ReportSlug;
  /** The report's filter form; it calls onRun with the filter as a querystring. */
  filters: (onRun: (query: ReportWireQuery) => void) => ReactNode;
  columns: CrudColumn<Row>[];
  rowKey: (row: Row) => string | number;
  rowName: (row: Row) => string;
  /** The report's totals over the whole filtered result, under the table (and above it, if `summary`). */
  totals?: (page: P) => ReactNode;
  summary?: (page: P) => ReactNode;
}

/**
 * A report of /relatorios/:slug (README "Reports"): its filters, then the count, the paged table
 * and the totals of the whole result, with CSV/XLSX export and print (a print stylesheet hides the
 * app's chrome). Nothing is asked before the filter is run.
 */
export function ReportView<Row, P extends ReportPageData<Row>>(props: ReportViewProps<Row, P>) {
  const { slug } = props;
  const { t } = useTranslation();
  const [query, setQuery] = useState<ReportWireQuery | null>(null);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const report = useReportPage<P>(slug, query, page);
  const run = (q: ReportWireQuery) => {
    setQuery(q);
    setPage(1);
  };
  const exportAs = async (format: 'csv' | 'xlsx') => {
    if (!query) return;
    setExporting(format);
    try {
      await downloadReport(slug, query, format);
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(null);
    }
  };
  const data = report.data;
  const actions = (
    <Group gap="xs" className="prosa-no-print">
      <Button component={Link} to="/relatorios" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
        {t('reports.back')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileTypeCsv size={16} />}
        disabled={!data}
        loading={exporting === 'csv'}
        onClick={() => void exportAs('csv')}
        data-testid="report-export-csv"
      >
        {t('reports.exportCsv')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} />}
        disabled={!data}
        loading={exporting === 'xlsx'}
        onClick={() => void exportAs('xlsx')}
        data-testid="report-export-xlsx"
      >
        {t('reports.exportXlsx')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} />}
        disabled={!data}
        onClick={() => window.print()}
        data-testid="report-print"
      >
        {t('reports.print')}
      </Button>
    </Group>
  );
  return (
    <div className="prosa-report" data-testid={`report-${slug}`}>
      <PageHeader title={t(`reports.names.${slug}`)} subtitle={t(`reports.descriptions.${slug}`)} actions={actions} />
      {props.filters(run)}
      {!query ? (
        <EmptyState title={t('reports.pickFirst')} />
      ) : report.isError ? (
        <ErrorBlock error={report.error} onRetry={() => void report.refetch()} />
      ) : !data ? (
        <LoadingBlock />
      ) : data.count === 0 ? (
        <EmptyState title={t('reports.empty')} />
      ) : (
        <>
          <Text size="xs" c="dimmed" className="prosa-print-only">
            {t('reports.printedAt', { date: formatDateTime(new Date().toISOString()) })}
          </Text>
          {props.summary?.(data)}
          <Text fw={600} mb="xs" data-testid="report-count">
            {t('reports.total', { count: data.count })}
          </Text>
          <CrudTable
            rows={data.rows}
            columns={props.columns}
            actions={[]}
            testId="report"
            rowKey={props.rowKey}
            rowName={props.rowName}
          />
          {data.count > REPORT_PAGE_SIZE && (
            <Group justify="center" mt="md" className="prosa-no-print">
              <Pagination
                total={Math.ceil(data.count / REPORT_PAGE_SIZE)}
                value={page}
                onChange={setPage}
                // The arrows have no text: their names (axe, screen readers).
                getControlProps={(control) => ({ 'aria-label': t(`reportsLists.pagination.${control}`) })}
                data-testid="report-pagination"
              />
            </Group>
          )}
          {props.totals?.(data)}
        </>
      )}
    </div>
  );
}
