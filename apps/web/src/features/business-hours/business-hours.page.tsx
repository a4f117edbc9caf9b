import { Button, Group, Paper, Select, SimpleGrid, Stack, Textarea, Title } from '@mantine/core';
import { ZMessageBusinessHours } from '@prosa/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../shared/errors/toast-error';
import { translateKey } from '../../shared/i18n/i18n';
import { notifySuccess } from '../../shared/ui/notify';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { HoursForm } from './hours-form';
import { normalizeDays, useBusinessHours, useSaveAbsenceMessage, useSaveTimezone } from './use-business-hours';

function timezones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

/** Business hours, the absence message and the tenant's time zone. */
export function BusinessHoursPage() {
  const { t } = useTranslation();
  const query = useBusinessHours();
  const saveMessage = useSaveAbsenceMessage();
  const saveTimezone = useSaveTimezone();
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | null>(null);
  const days = useMemo(() => normalizeDays(query.data?.businessHours ?? []), [query.data]);
  const timezone = query.data?.timezone ?? 'America/Sao_Paulo';
  const zones = useMemo(() => timezones(timezone), [timezone]);

  useEffect(() => setMessage(query.data?.messageBusinessHours ?? ''), [query.data]);

  const submitMessage = () => {
    const parsed = ZMessageBusinessHours.safeParse({ messageBusinessHours: message });
    if (!parsed.success) return setMessageError(parsed.error.issues[0]?.message ?? 'validation.invalidValue');
    setMessageError(null);
    saveMessage.mutate(parsed.data, {
      onSuccess: () => notifySuccess(t('businessHours.messageSaved')),
      onError: toastError,
    });
  };

  return (
    <>
      <PageHeader title={t('businessHours.title')} subtitle={t('businessHours.subtitle')} />
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="lg">
          <HoursForm days={days} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Paper p="lg">
              <Title order={4} mb="md">
                {t('businessHours.absenceTitle')}
              </Title>
              <Textarea
                label={t('businessHours.absenceLabel')}
                description={t('businessHours.absenceHint')}
                value={message}
                onChange={(e) => setMessage(e.currentTarget.value)}
                autosize
                minRows={4}
                maxRows={10}
                error={messageError ? translateKey(messageError) : undefined}
                data-testid="absence-message"
              />
              <Group justify="flex-end" mt="md">
                <Button onClick={submitMessage} loading={saveMessage.isPending} data-testid="absence-message-save">
                  {t('businessHours.saveMessage')}
                </Button>
              </Group>
            </Paper>
            <Paper p="lg">
              <Title order={4} mb="md">
                {t('businessHours.timezoneTitle')}
              </Title>
              <Select
                label={t('businessHours.timezone')}
                description={t('businessHours.timezoneHint')}
                data={zones}
                value={timezone}
                searchable
                allowDeselect={false}
                disabled={saveTimezone.isPending}
                onChange={(tz) =>
                  tz &&
                  tz !== timezone &&
                  saveTimezone.mutate(
                    { timezone: tz },
                    { onSuccess: () => notifySuccess(t('businessHours.timezoneSaved')), onError: toastError },
                  )
                }
                data-testid="timezone-select"
              />
            </Paper>
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}
