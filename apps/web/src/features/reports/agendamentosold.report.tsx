import { SCHEDULE_STATUSES, type ScheduleReportPage } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { ListReport, TotalsTable } from './list-report';

/** agendamentosold: the schedules due in the period; totals: schedules per status. */
export function AgendamentosoldReport() {
  const { t } = useTranslation();
  return (
    <ListReport<'agendamentosold', ScheduleReportPage>
      slug="agendamentosold"
      totals={({ totals }) => (
        <TotalsTable
          testId="report-schedule-statuses"
          title={t('reportsLists.totals.byStatus')}
          head={[t('reportsLists.totals.status'), t('reportsLists.totals.count')]}
          rows={SCHEDULE_STATUSES.map((s) => [t(`reportsLists.scheduleStatus.${s}`), totals.byStatus[s] ?? 0])}
        />
      )}
    />
  );
}
