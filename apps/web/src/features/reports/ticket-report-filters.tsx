import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, MultiSelect, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { ZTicketReportFilter, type TicketReportFilter } from '@prosa/contracts';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFieldError } from '../../shared/forms/use-field-error';
import { QUEUES_RESOURCE, TAGS_RESOURCE } from '../color-items/color-item-resource';
import { useColorItems } from '../color-items/use-color-items';
import { useChannels } from '../sessions/use-channels';
import { useUsers } from '../users/use-users';

type Input = z.input<typeof ZTicketReportFilter>;
type ListField = 'queueIds' | 'userIds' | 'channelIds' | 'tagIds';
const LISTS: ListField[] = ['queueIds', 'userIds', 'channelIds', 'tagIds'];

/** yyyy-MM-dd of a local day `back` days before today. */
const localDay = (back: number) => {
  const d = new Date();
  d.setDate(d.getDate() - back);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The last 30 days, every queue, agent, channel and tag: the form's start. */
export const defaultTicketFilter = (): Input => ({
  from: localDay(29),
  to: localDay(0),
  queueIds: [],
  userIds: [],
  channelIds: [],
  tagIds: [],
});

/**
 * The ticket reports' filters (period of local days, queues, agents, channels, contact tags),
 * validated with the schema the server reads them with. `periodLabel` names the date the report's
 * period reads (created, rated, written, due...).
 */
export function TicketReportFilters({
  onRun,
  periodLabel,
}: {
  onRun: (f: TicketReportFilter) => void;
  periodLabel?: string;
}) {
  const { t } = useTranslation();
  const form = useForm<Input, unknown, TicketReportFilter>({
    defaultValues: defaultTicketFilter(),
    resolver: zodResolver(ZTicketReportFilter) as unknown as Resolver<Input, unknown, TicketReportFilter>,
  });
  const fieldError = useFieldError(form.formState.errors);
  const queues = useColorItems(QUEUES_RESOURCE);
  const tags = useColorItems(TAGS_RESOURCE);
  const users = useUsers('', 1);
  const channels = useChannels();
  const options: Record<ListField, { value: string; label: string }[]> = {
    queueIds: (queues.data ?? []).map((x) => ({ value: String(x.id), label: x.name })),
    userIds: (users.data?.users ?? []).map((x) => ({ value: String(x.id), label: x.name })),
    channelIds: (channels.data ?? []).map((x) => ({ value: String(x.id), label: x.name })),
    tagIds: (tags.data ?? []).map((x) => ({ value: String(x.id), label: x.name })),
  };
  const labels: Record<ListField, string> = {
    queueIds: t('reports.ticketFilters.queues'),
    userIds: t('reports.ticketFilters.users'),
    channelIds: t('reports.ticketFilters.channels'),
    tagIds: t('reports.ticketFilters.tags'),
  };
  const submit = form.handleSubmit((f) => onRun(f));
  return (
    <Paper withBorder p="md" mb="md" className="prosa-no-print">
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="report-filters">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <TextInput
            type="date"
            label={periodLabel ?? t('reports.ticketFilters.from')}
            withAsterisk
            {...form.register('from')}
            error={fieldError('from')}
            data-testid="report-from"
          />
          <TextInput
            type="date"
            label={t('reports.ticketFilters.to')}
            withAsterisk
            {...form.register('to')}
            error={fieldError('to')}
            data-testid="report-to"
          />
          {LISTS.map((name) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <MultiSelect
                  label={labels[name]}
                  data={options[name]}
                  value={(field.value ?? []) as string[]}
                  onChange={field.onChange}
                  searchable
                  clearable
                  error={fieldError(name)}
                  data-testid={`report-${name}`}
                />
              )}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => form.reset(defaultTicketFilter())} data-testid="report-clear">
            {t('reports.filters.clear')}
          </Button>
          <Button type="submit" data-testid="report-run">
            {t('reports.filters.run')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
