import { ActionIcon, Box, Button, ColorSwatch, Group, Paper, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import type { ScheduleItem } from '@prosa/contracts';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LOCALE_OF } from '../../shared/i18n/i18n';
import { ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { byDay, monthDays, monthRange } from './month-grid';
import { useScheduleList, type ScheduleFilter } from './use-schedules';

/** The status as a dot beside the text: coloured text would be too faint to read in either theme. */
const STATUS_COLOR = { pending: 'blue', sent: 'teal', error: 'red' } as const;
const SHOWN_PER_DAY = 3;

/** A month of schedules by their next send day, with the list's filters; a click opens one. */
export function ScheduleCalendar({
  month,
  onMonth,
  filter,
  onOpen,
}: {
  month: string;
  onMonth: (month: string) => void;
  filter: ScheduleFilter;
  onOpen: (s: ScheduleItem) => void;
}) {
  const { t, i18n } = useTranslation();
  // Month and weekday names in the user's language (the dayjs locales the date pickers use).
  const locale = isLanguage(i18n.language) ? LOCALE_OF[i18n.language].dayjs : 'pt-br';
  const days = useMemo(() => monthDays(month), [month]);
  const list = useScheduleList({ ...filter, ...monthRange(month), pageNumber: 1, pageSize: 500 });
  const items = useMemo(() => byDay(list.data?.schedules ?? [], (s) => s.sendAt), [list.data]);
  const today = dayjs().format('YYYY-MM-DD');
  const shift = (n: number) => onMonth(dayjs(`${month}-01`).add(n, 'month').format('YYYY-MM'));
  const weekdays = days.slice(0, 7).map((d) => dayjs(d.key).locale(locale).format('ddd'));

  return (
    <Paper p="md" data-testid="schedule-calendar" data-month={month}>
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <ActionIcon variant="default" onClick={() => shift(-1)} aria-label={t('schedules.calendar.previous')}>
            <IconChevronLeft size={16} />
          </ActionIcon>
          <ActionIcon variant="default" onClick={() => shift(1)} aria-label={t('schedules.calendar.next')}>
            <IconChevronRight size={16} />
          </ActionIcon>
          <Button size="xs" variant="default" onClick={() => onMonth(dayjs().format('YYYY-MM'))}>
            {t('schedules.calendar.today')}
          </Button>
        </Group>
        <Title order={4} tt="capitalize">
          {dayjs(`${month}-01`).locale(locale).format('MMMM YYYY')}
        </Title>
      </Group>
      {list.isPending ? (
        <LoadingBlock />
      ) : list.isError ? (
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <SimpleGrid cols={7} spacing={4} verticalSpacing={4}>
          {weekdays.map((w, i) => (
            <Text key={i} size="xs" fw={700} c="dimmed" ta="center" tt="capitalize">
              {w}
            </Text>
          ))}
          {days.map((d) => {
            const here = items.get(d.key) ?? [];
            return (
              <Box
                key={d.key}
                p={4}
                mih={84}
                data-testid="schedule-day"
                data-day={d.key}
                style={{
                  border: '1px solid var(--mantine-color-default-border)',
                  borderRadius: 6,
                  background: d.key === today ? 'var(--mantine-color-blue-light)' : undefined,
                }}
              >
                <Text size="xs" fw={600} c={d.inMonth ? undefined : 'dimmed'}>
                  {Number(d.key.slice(8))}
                </Text>
                {here.slice(0, SHOWN_PER_DAY).map((s) => (
                  <UnstyledButton
                    key={s.id}
                    onClick={() => onOpen(s)}
                    w="100%"
                    data-testid="schedule-day-item"
                    style={{ display: 'block' }}
                  >
                    <Group gap={4} wrap="nowrap">
                      <ColorSwatch
                        color={`var(--mantine-color-${STATUS_COLOR[s.status]}-6)`}
                        size={8}
                        withShadow={false}
                        style={{ flexShrink: 0 }}
                        title={t(`schedules.status.${s.status}`)}
                      />
                      <Text size="xs" truncate>
                        {dayjs(s.sendAt).format('HH:mm')} {s.contact.name}
                      </Text>
                    </Group>
                  </UnstyledButton>
                ))}
                {here.length > SHOWN_PER_DAY && (
                  <Text size="xs" c="dimmed">
                    {t('schedules.calendar.more', { count: here.length - SHOWN_PER_DAY })}
                  </Text>
                )}
              </Box>
            );
          })}
        </SimpleGrid>
      )}
    </Paper>
  );
}
