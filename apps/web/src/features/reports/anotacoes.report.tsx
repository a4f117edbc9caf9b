import type { NoteReportPage } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { ListReport, TotalsTable } from './list-report';

/** anotacoes: the notes written in the period (plain text); totals: notes per author. */
export function AnotacoesReport() {
  const { t } = useTranslation();
  return (
    <ListReport<'anotacoes', NoteReportPage>
      slug="anotacoes"
      totals={({ totals }) => (
        <TotalsTable
          testId="report-note-authors"
          title={t('reportsLists.totals.perAuthor')}
          head={[t('reportsLists.totals.author'), t('reportsLists.totals.count')]}
          rows={totals.perAuthor.map((a) => [a.author ?? t('reportsLists.totals.noAgent'), a.count])}
        />
      )}
    />
  );
}
