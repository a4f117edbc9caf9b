import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, MultiSelect, Paper, SimpleGrid, TextInput } from '@mantine/core';
import {
  BR_STATES,
  CONTACT_REPORT_REQUIRED,
  ZContactReportFilter,
  type ContactReportFilter,
  type ContactReportSlug,
} from '@prosa/contracts';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFieldError } from '../../shared/forms/use-field-error';
import { TAGS_RESOURCE } from '../color-items/color-item-resource';
import { useColorItems } from '../color-items/use-color-items';
import { useLanes } from '../kanban/use-kanban';
import { useUsers } from '../users/use-users';

type Input = z.input<typeof ZContactReportFilter>;
type ListField = 'tagIds' | 'userIds' | 'laneIds' | 'states';
const EMPTY: Input = { from: '', to: '', tagIds: [], userIds: [], laneIds: [], states: [] };

/**
 * The contact reports' filters, validated with the schema the server reads them with. The list
 * a report groups by is marked required (SPEC §5); the server answers ERR_REPORT_FILTER_REQUIRED too.
 */
export function ReportFilters({ slug, onRun }: { slug: ContactReportSlug; onRun: (f: ContactReportFilter) => void }) {
  const { t } = useTranslation();
  const required = CONTACT_REPORT_REQUIRED[slug];
  const form = useForm<Input, unknown, ContactReportFilter>({
    defaultValues: EMPTY,
    resolver: zodResolver(ZContactReportFilter) as unknown as Resolver<Input, unknown, ContactReportFilter>,
  });
  const fieldError = useFieldError(form.formState.errors);
  const tags = useColorItems(TAGS_RESOURCE);
  const users = useUsers('', 1);
  const lanes = useLanes();
  const options: Record<ListField, { value: string; label: string }[]> = {
    tagIds: (tags.data ?? []).map((x) => ({ value: String(x.id), label: x.name })),
    userIds: (users.data?.users ?? []).map((x) => ({ value: String(x.id), label: x.name })),
    laneIds: (lanes.data?.lanes ?? []).map((x) => ({ value: String(x.id), label: x.name })),
    states: BR_STATES.map((uf) => ({ value: uf, label: uf })),
  };
  const labels: Record<ListField, string> = {
    tagIds: t('reports.filters.tags'),
    userIds: t('reports.filters.users'),
    laneIds: t('reports.filters.lanes'),
    states: t('reports.filters.states'),
  };
  const submit = form.handleSubmit((f) => onRun(f));
  return (
    <Paper withBorder p="md" mb="md" className="prosa-no-print">
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="report-filters">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <TextInput
            type="date"
            label={t('reports.filters.from')}
            {...form.register('from')}
            error={fieldError('from')}
            data-testid="report-from"
          />
          <TextInput
            type="date"
            label={t('reports.filters.to')}
            {...form.register('to')}
            error={fieldError('to')}
            data-testid="report-to"
          />
          {(Object.keys(labels) as ListField[]).map((name) => (
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
                  withAsterisk={required === name}
                  description={required === name ? t('reports.filters.required') : undefined}
                  error={fieldError(name)}
                  data-testid={`report-${name}`}
                />
              )}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => form.reset(EMPTY)} data-testid="report-clear">
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
