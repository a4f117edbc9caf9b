import { Badge } from '@mantine/core';
import type { InvoiceStatus } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<InvoiceStatus, string> = { open: 'blue', paid: 'teal', overdue: 'red' };

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="invoice-status" data-status={status}>
      {t(`billing.status.${status}`)}
    </Badge>
  );
}
