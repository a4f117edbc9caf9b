import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { BUSINESS_HOUR_TYPES, ZBusinessHours, type BusinessHourDay, type BusinessHourType } from '@prosa/contracts';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { handleFormError } from '../../shared/forms/server-errors';
import { useFieldError } from '../../shared/forms/use-field-error';
import { notifySuccess } from '../../shared/ui/notify';
import { useSaveBusinessHours } from './use-business-hours';

const ZForm = z.object({ days: ZBusinessHours });
type FormValues = { days: BusinessHourDay[] };
const HOURS = ['hr1', 'hr2', 'hr3', 'hr4'] as const;

/** The weekly schedule: per day open all day, closed, or two shifts (SPEC §3 business hours). */
export function HoursForm({ days }: { days: BusinessHourDay[] }) {
  const { t } = useTranslation();
  const save = useSaveBusinessHours();
  const form = useForm<FormValues>({ resolver: zodResolver(ZForm), defaultValues: { days } });
  const fieldError = useFieldError(form.formState.errors);
  const watched = useWatch({ control: form.control, name: 'days' });

  useEffect(() => form.reset({ days }), [days, form]);

  const onSubmit = form.handleSubmit(({ days: values }) =>
    save.mutate(values, {
      onSuccess: () => notifySuccess(t('businessHours.hoursSaved')),
      onError: (err) => handleFormError(err, form.setError),
    }),
  );

  return (
    <Paper p="lg">
      <form onSubmit={onSubmit} noValidate>
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="sm" data-testid="business-hours-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={150}>{t('businessHours.day')}</Table.Th>
                <Table.Th w={380}>{t('businessHours.type')}</Table.Th>
                <Table.Th>{t('businessHours.firstShift')}</Table.Th>
                <Table.Th>{t('businessHours.secondShift')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {days.map((d, i) => {
                const type = watched?.[i]?.type ?? d.type;
                const rowError = HOURS.map((h) => fieldError(`days.${i}.${h}`)).find(Boolean);
                return (
                  <Table.Tr key={d.day} data-testid={`business-day-${d.day}`}>
                    <Table.Td>
                      <Text fw={500} size="sm">
                        {t(`businessHours.days.d${d.day as 0 | 1 | 2 | 3 | 4 | 5 | 6}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Controller
                        control={form.control}
                        name={`days.${i}.type`}
                        render={({ field }) => (
                          <SegmentedControl
                            size="xs"
                            value={field.value}
                            onChange={(v) => field.onChange(v as BusinessHourType)}
                            data={BUSINESS_HOUR_TYPES.map((v) => ({ value: v, label: t(`businessHours.types.${v}`) }))}
                            data-testid={`business-day-${d.day}-type`}
                          />
                        )}
                      />
                    </Table.Td>
                    {[0, 2].map((start) => (
                      <Table.Td key={start}>
                        <Group gap={6} wrap="nowrap">
                          {HOURS.slice(start, start + 2).map((h, j) => (
                            <Group key={h} gap={6} wrap="nowrap">
                              {j === 1 && (
                                <Text size="xs" c="dimmed">
                                  {t('businessHours.to')}
                                </Text>
                              )}
                              <Controller
                                control={form.control}
                                name={`days.${i}.${h}`}
                                render={({ field }) => (
                                  <TimePicker
                                    w={92}
                                    size="xs"
                                    format="24h"
                                    aria-label={`${t(`businessHours.days.d${d.day as 0}`)} ${t(`businessHours.${h}`)}`}
                                    disabled={type !== 'H'}
                                    error={!!fieldError(`days.${i}.${h}`)}
                                    value={field.value}
                                    onChange={field.onChange}
                                    onBlur={field.onBlur}
                                    data-testid={`business-day-${d.day}-${h}`}
                                  />
                                )}
                              />
                            </Group>
                          ))}
                        </Group>
                        {start === 2 && rowError && (
                          <Text size="xs" c="red" mt={4}>
                            {rowError}
                          </Text>
                        )}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack align="flex-end" mt="md">
          <Button type="submit" loading={save.isPending} data-testid="business-hours-save">
            {t('businessHours.saveHours')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
