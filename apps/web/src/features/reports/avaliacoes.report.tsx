import { Group, Text } from '@mantine/core';
import type { RatingReportPage } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { ListReport, TotalsTable } from './list-report';

/** avaliacoes: the ratings of the period; totals: count, average, the 1-5 distribution and per agent. */
export function AvaliacoesReport() {
  const { t } = useTranslation();
  const n = (x: number | null) => (x === null ? '—' : x.toLocaleString(undefined, { maximumFractionDigits: 2 }));
  return (
    <ListReport<'avaliacoes', RatingReportPage>
      slug="avaliacoes"
      totals={({ totals }) => (
        <>
          <Group mt="md" gap="xl" data-testid="report-rating-summary">
            <Text fw={600}>
              {t('reportsLists.totals.count')}: {totals.count}
            </Text>
            <Text fw={600} data-testid="report-rating-average">
              {t('reportsLists.totals.average')}: {n(totals.average)}
            </Text>
          </Group>
          <TotalsTable
            testId="report-rating-distribution"
            title={t('reportsLists.totals.distribution')}
            head={[t('reportsLists.totals.rating'), t('reportsLists.totals.count')]}
            rows={totals.distribution.map((d) => [d.rating, d.count])}
          />
          <TotalsTable
            testId="report-rating-agents"
            title={t('reportsLists.totals.perAgent')}
            head={[t('reportsLists.totals.agent'), t('reportsLists.totals.count'), t('reportsLists.totals.average')]}
            rows={totals.perAgent.map((a) => [a.agent ?? t('reportsLists.totals.noAgent'), a.count, n(a.average)])}
          />
        </>
      )}
    />
  );
}
