import { Table, Text } from '@mantine/core';
import {
  SERVICE_STATS_COLUMNS,
  type ServiceStatsColumn,
  type ServiceStatsFigures,
  type ServiceStatsPage,
  type ServiceStatsRow,
} from '@prosa/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudColumn, TKey } from '../../shared/crud/types';
import { formatDuration } from '../home/dashboard-period';
import { ReportView } from './report-view';
import { TicketReportFilters } from './ticket-report-filters';
import { ticketReportQuery } from './use-reports';

const DURATIONS: ServiceStatsColumn[] = ['firstResponseP50', 'resolutionP50'];

/** A figure as the table shows it: durations as "5 min", the rating average with two decimals. */
export function statsCell(row: ServiceStatsFigures & { name?: string }, c: ServiceStatsColumn, lang: string): string {
  const v = c === 'name' ? (row.name ?? '') : row[c];
  if (v === null) return '—';
  if (DURATIONS.includes(c)) return formatDuration(v as number, lang);
  if (c === 'ratingAverage') return (v as number).toLocaleString(lang, { maximumFractionDigits: 2 });
  return String(v);
}

/** The whole: every figure with each ticket once (the bot's and the automatic closes in `closed`). */
function Whole({ totals }: { totals: ServiceStatsFigures }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Table withTableBorder mt="md" data-testid="report-stats-whole">
        <Table.Thead>
          <Table.Tr>
            {SERVICE_STATS_COLUMNS.map((c) => (
              <Table.Th key={c} ta={c === 'name' ? undefined : 'right'}>
                {t(`reportsService.stats.${c}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            {SERVICE_STATS_COLUMNS.map((c) => (
              <Table.Td key={c} ta={c === 'name' ? undefined : 'right'} fw={600} data-testid={`report-whole-${c}`}>
                {c === 'name' ? t('reportsService.stats.whole') : statsCell(totals, c, i18n.language)}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt={4}>
        {t('reportsService.stats.wholeHint')}
      </Text>
    </>
  );
}

/** estatisticas-atendimentos-usuarios: one row per agent who worked in the period, and the whole. */
export function ServiceStatsReport() {
  const { t, i18n } = useTranslation();
  const columns = useMemo<CrudColumn<ServiceStatsRow>[]>(
    () =>
      SERVICE_STATS_COLUMNS.map((c) => ({
        key: c,
        header: `reportsService.stats.${c}` as TKey,
        render: (row) => statsCell(row, c, i18n.language),
        align: c === 'name' ? undefined : 'right',
        testId: `report-cell-${c}`,
      })),
    [i18n.language],
  );
  return (
    <ReportView<ServiceStatsRow, ServiceStatsPage>
      slug="estatisticas-atendimentos-usuarios"
      filters={(onRun) => (
        <TicketReportFilters
          periodLabel={t('reportsService.periodWorked')}
          onRun={(f) => onRun(ticketReportQuery(f))}
        />
      )}
      columns={columns}
      rowKey={(r) => r.userId}
      rowName={(r) => r.name}
      totals={(data) => <Whole totals={data.totals} />}
    />
  );
}
