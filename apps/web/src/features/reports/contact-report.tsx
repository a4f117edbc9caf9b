import { Table } from '@mantine/core';
import type { ContactReportPage, ContactReportRow, ContactReportSlug, ReportTotal } from '@prosa/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../shared/format/money';
import { reportColumns } from './report-columns';
import { ReportFilters } from './report-filters';
import { ReportView } from './report-view';
import { reportQuery } from './use-reports';

function Totals({ totals, withValue }: { totals: ReportTotal[]; withValue: boolean }) {
  const { t } = useTranslation();
  if (totals.length === 0) return null;
  return (
    <Table withTableBorder mt="md" maw={560} data-testid="report-totals">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('reports.totals')}</Table.Th>
          <Table.Th ta="right">{t('reports.count')}</Table.Th>
          {withValue && <Table.Th ta="right">{t('reports.dealValue')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {totals.map((x) => (
          <Table.Tr key={x.label} data-testid="report-total" data-label={x.label}>
            <Table.Td>{x.label}</Table.Td>
            <Table.Td ta="right">{x.count}</Table.Td>
            {withValue && <Table.Td ta="right">{formatMoney(x.dealValue ?? 0)}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A contact report (lista-contatos, contatos-por-*): contacts, or contacts per group with the group totals. */
export function ContactReport({ slug }: { slug: ContactReportSlug }) {
  const columns = useMemo(() => reportColumns(slug), [slug]);
  return (
    <ReportView<ContactReportRow, ContactReportPage>
      slug={slug}
      filters={(onRun) => <ReportFilters slug={slug} onRun={(f) => onRun(reportQuery(f))} />}
      columns={columns}
      rowKey={(r) => `${r.group ?? ''}-${r.contactId}`}
      rowName={(r) => r.name}
      totals={(data) => <Totals totals={data.totals} withValue={slug === 'contatos-por-crm'} />}
    />
  );
}
