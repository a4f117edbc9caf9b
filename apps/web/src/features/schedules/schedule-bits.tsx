import { Badge, Text } from '@mantine/core';
import type { ScheduleItem } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/errors/error-text';

const STATUS_COLOR = { pending: 'blue', sent: 'teal', error: 'red' } as const;

export function ScheduleStatusBadge({ s }: { s: ScheduleItem }) {
  const { t } = useTranslation();
  return (
    <Badge size="xs" variant="light" color={STATUS_COLOR[s.status]} data-testid="schedule-status" data-status={s.status}>
      {t(`schedules.status.${s.status}`)}
    </Badge>
  );
}

/** "2 of 4 · Weekly", or "Once"; and the reason of an error, in the user's language. */
export function ScheduleRepeat({ s }: { s: ScheduleItem }) {
  const { t } = useTranslation();
  const total = s.repeatPeriod ? s.repeatCount + 1 : 1;
  return (
    <>
      <Text size="xs" c="dimmed">
        {s.repeatPeriod
          ? t('schedules.repeat', { sent: s.sentCount, total, period: t(`schedules.period.${s.repeatPeriod}`) })
          : t('schedules.once')}
      </Text>
      {s.status === 'error' && s.lastError && (
        <Text size="xs" c="red">
          {t('schedules.reason', { reason: errorText(s.lastError).message })}
        </Text>
      )}
    </>
  );
}
