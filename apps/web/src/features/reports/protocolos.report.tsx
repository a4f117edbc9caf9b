import { TextInput } from '@mantine/core';
import { ZProtocolPrefix, type ProtocolReportPage } from '@prosa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../shared/i18n/i18n';
import { ListReport, TotalsTable } from './list-report';
import { TicketReportFilters } from './ticket-report-filters';
import { ticketReportQuery } from './use-reports';

const STATUSES = ['open', 'pending', 'closed'] as const;

/** protocolos: the tickets created in the period with their protocol; an optional protocol prefix. */
export function ProtocolosReport() {
  const { t } = useTranslation();
  const [protocol, setProtocol] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <ListReport<'protocolos', ProtocolReportPage>
      slug="protocolos"
      filters={(onRun) => (
        <>
          <TextInput
            className="prosa-no-print"
            label={t('reportsLists.protocolFilter')}
            value={protocol}
            onChange={(e) => setProtocol(e.currentTarget.value)}
            error={error}
            inputMode="numeric"
            maw={320}
            mb="sm"
            data-testid="report-protocol"
          />
          <TicketReportFilters
            periodLabel={t('reportsLists.periodLabel.protocolos')}
            onRun={(f) => {
              // The same schema the server reads `protocol` with.
              const parsed = ZProtocolPrefix.safeParse(protocol);
              if (!parsed.success) {
                setError(translateKey(parsed.error.issues[0]?.message ?? 'validation.invalidValue'));
                return;
              }
              setError(null);
              onRun({ ...ticketReportQuery(f), protocol: parsed.data });
            }}
          />
        </>
      )}
      totals={({ totals }) => (
        <TotalsTable
          testId="report-protocol-statuses"
          title={t('reportsLists.totals.byStatus')}
          head={[t('reportsLists.totals.status'), t('reportsLists.totals.count')]}
          rows={STATUSES.map((s) => [t(`reportsLists.ticketStatus.${s}`), totals.byStatus[s] ?? 0])}
        />
      )}
    />
  );
}
