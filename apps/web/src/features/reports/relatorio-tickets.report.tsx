import { Badge } from '@mantine/core';
import {
  TICKETS_REPORT_COLUMNS,
  type TicketsReportColumn,
  type TicketsReportPage,
  type TicketsReportRow,
} from '@prosa/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudColumn, TKey } from '../../shared/crud/types';
import { formatDateTime } from '../../shared/format/date';
import { formatDuration } from '../home/dashboard-period';
import { ReportView } from './report-view';
import { TicketsSlaSummary, TicketsSlaTables } from './relatorio-tickets-sla';
import { TicketReportFilters } from './ticket-report-filters';
import { ticketReportQuery } from './use-reports';

const RIGHT: TicketsReportColumn[] = ['firstResponse', 'resolution', 'rating'];

/** relatorio-tickets: the tickets created in the period; the service levels above (trend) and below (tables). */
export function TicketsReport() {
  const { t, i18n } = useTranslation();
  const columns = useMemo<CrudColumn<TicketsReportRow>[]>(() => {
    const cell = (row: TicketsReportRow, c: TicketsReportColumn) => {
      const v = row[c];
      if (v === null) return '—';
      if (c === 'createdAt') return formatDateTime(v as string);
      if (c === 'firstResponse' || c === 'resolution') return formatDuration(v as number, i18n.language);
      if (c === 'status')
        return (
          <Badge variant="light" color={v === 'closed' ? 'gray' : v === 'open' ? 'green' : 'yellow'}>
            {t(`reportsService.tickets.statuses.${row.status}`)}
          </Badge>
        );
      return String(v);
    };
    return TICKETS_REPORT_COLUMNS.map((c) => ({
      key: c,
      header: `reportsService.tickets.${c}` as TKey,
      render: (row) => cell(row, c),
      align: RIGHT.includes(c) ? 'right' : undefined,
      testId: `report-cell-${c}`,
    }));
  }, [t, i18n.language]);
  return (
    <ReportView<TicketsReportRow, TicketsReportPage>
      slug="relatorio-tickets"
      filters={(onRun) => (
        <TicketReportFilters
          periodLabel={t('reportsService.periodCreated')}
          onRun={(f) => onRun(ticketReportQuery(f))}
        />
      )}
      columns={columns}
      rowKey={(r) => r.ticketId}
      rowName={(r) => r.protocol}
      summary={(data) => <TicketsSlaSummary totals={data.totals} />}
      totals={(data) => <TicketsSlaTables totals={data.totals} />}
    />
  );
}
