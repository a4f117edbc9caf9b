import { CALL_DIRECTIONS, type CallReportPage } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import type { TKey } from '../../shared/crud/types';
import { ListReport, TotalsTable } from './list-report';

/** ligacoes: the call log of the period (empty until calls exist); totals per direction and status. */
export function LigacoesReport() {
  const { t } = useTranslation();
  return (
    <ListReport<'ligacoes', CallReportPage>
      slug="ligacoes"
      totals={({ totals }) => (
        <>
          <TotalsTable
            testId="report-call-directions"
            title={t('reportsLists.totals.byDirection')}
            head={[t('reportsLists.totals.direction'), t('reportsLists.totals.count')]}
            rows={CALL_DIRECTIONS.map((d) => [t(`reportsLists.direction.${d}`), totals.byDirection[d] ?? 0])}
          />
          <TotalsTable
            testId="report-call-statuses"
            title={t('reportsLists.totals.byStatus')}
            head={[t('reportsLists.totals.status'), t('reportsLists.totals.count')]}
            rows={totals.byStatus.map((s) => [
              t(`reportsLists.callStatus.${s.status}` as TKey, { defaultValue: s.status }),
              s.count,
            ])}
          />
        </>
      )}
    />
  );
}
