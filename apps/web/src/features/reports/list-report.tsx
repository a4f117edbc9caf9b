import { Table } from '@mantine/core';
import { isLanguage } from '../../shared/i18n/i18n';
import type { ListReportRows, ListReportSlug } from '@prosa/contracts';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { listReportColumns } from './list-report-columns';
import { ReportView, type ReportPageData } from './report-view';
import { TicketReportFilters } from './ticket-report-filters';
import { ticketReportQuery, type ReportWireQuery } from './use-reports';

/** A row's identity in each list report. */
const ROW_KEY: { [S in ListReportSlug]: (r: ListReportRows[S]) => number } = {
  avaliacoes: (r) => r.ticketId,
  protocolos: (r) => r.ticketId,
  anotacoes: (r) => r.noteId,
  agendamentosold: (r) => r.scheduleId,
  ligacoes: (r) => r.callId,
};

/**
 * A list report (avaliacoes, protocolos, anotacoes, agendamentosold, ligacoes): the shared ticket
 * filter with the report's period label (or the report's own filters), the table of its columns
 * and its totals.
 */
export function ListReport<S extends ListReportSlug, P extends ReportPageData<ListReportRows[S]>>(props: {
  slug: S;
  totals: (page: P) => ReactNode;
  filters?: (onRun: (q: ReportWireQuery) => void) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'pt';
  const columns = useMemo(() => listReportColumns(props.slug, t, lang), [props.slug, t, lang]);
  return (
    <ReportView<ListReportRows[S], P>
      slug={props.slug}
      filters={
        props.filters ??
        ((onRun) => (
          <TicketReportFilters periodLabel={t(`reportsLists.periodLabel.${props.slug}`)} onRun={(f) => onRun(ticketReportQuery(f))} />
        ))
      }
      columns={columns}
      rowKey={ROW_KEY[props.slug]}
      rowName={(r) => String(ROW_KEY[props.slug](r))}
      totals={props.totals}
    />
  );
}

/** A small table of totals: a heading row and label / value rows. */
export function TotalsTable({ title, head, rows, testId }: { title: string; head: string[]; rows: (string | number)[][]; testId: string }) {
  if (rows.length === 0) return null;
  return (
    <Table withTableBorder mt="md" maw={560} data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th colSpan={head.length}>{title}</Table.Th>
        </Table.Tr>
        <Table.Tr>
          {head.map((x, i) => (
            <Table.Th key={x} ta={i === 0 ? undefined : 'right'}>
              {x}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r, n) => (
          <Table.Tr key={`${n}-${String(r[0])}`} data-testid="report-total" data-label={String(r[0])}>
            {r.map((c, i) => (
              <Table.Td key={i} ta={i === 0 ? undefined : 'right'}>
                {c}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
