import { Button, Group, SegmentedControl, Select, Text } from '@mantine/core';
import {
  SCHEDULE_PERIODS,
  SCHEDULE_STATUSES,
  type ScheduleItem,
  type SchedulePeriod,
  type ScheduleStatus,
} from '@prosa/contracts';
import { IconCalendarMonth, IconList, IconPaperclip, IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../shared/crud/crud-page';
import { CrudToolbar } from '../../shared/crud/crud-toolbar';
import { useDebouncedSearch } from '../../shared/crud/use-debounced-search';
import type { CrudColumn } from '../../shared/crud/types';
import { formatDateTime } from '../../shared/format/date';
import { PageHeader } from '../../shared/ui/page-header';
import { useContactList } from '../contacts/use-contacts';
import { ScheduleRepeat, ScheduleStatusBadge } from './schedule-bits';
import { ScheduleCalendar } from './schedule-calendar';
import { ScheduleFormModal } from './schedule-form-modal';
import { useDeleteSchedule, useScheduleList, type ScheduleFilter } from './use-schedules';

const PAGE = 50;
/** Only pending schedules are edited (the server says so too); any may be removed. */
type Row = ScheduleItem & { can: { edit: boolean; delete: boolean } };
const rowAttrs = (s: Row) => ({ 'data-status': s.status, 'data-schedule-id': String(s.id) });
const rowName = (s: Row) => s.contact.name;

const COLUMNS: CrudColumn<Row>[] = [
  {
    key: 'contact',
    header: 'schedules.columns.contact',
    render: (s) => (
      <Text fw={600} size="sm">
        {s.contact.name}
      </Text>
    ),
  },
  {
    key: 'body',
    header: 'schedules.columns.body',
    render: (s) => (
      <>
        <Text size="sm" lineClamp={2} data-testid="schedule-row-body">
          {s.body}
        </Text>
        {s.mediaName && (
          <Group gap={4}>
            <IconPaperclip size={12} />
            <Text size="xs">{s.mediaName}</Text>
          </Group>
        )}
      </>
    ),
  },
  { key: 'sendAt', header: 'schedules.columns.sendAt', render: (s) => formatDateTime(s.sendAt) },
  { key: 'repeat', header: 'schedules.columns.repeat', render: (s) => <ScheduleRepeat s={s} /> },
  { key: 'status', header: 'schedules.columns.status', render: (s) => <ScheduleStatusBadge s={s} /> },
];

function ContactFilter({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation();
  const search = useDebouncedSearch(300, 2);
  const contacts = useContactList({ searchParam: search.debounced, tagsIds: [] });
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const found = (contacts.data?.pages[0]?.contacts ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const data = picked && !found.some((o) => o.value === picked.value) ? [picked, ...found] : found;
  return (
    <Select
      label={t('schedules.filters.contact')}
      placeholder={t('schedules.filters.all')}
      searchable
      clearable
      data={data}
      value={value ? String(value) : null}
      onChange={(v, option) => {
        setPicked(v ? option : null);
        onChange(v ? Number(v) : null);
      }}
      searchValue={search.value}
      onSearchChange={search.setValue}
      filter={({ options }) => options}
      w={220}
      data-testid="schedule-filter-contact"
    />
  );
}

/** /agendamentos: every schedule the user may see, filtered, as a list or a month calendar. */
export function SchedulesPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<'list' | 'calendar'>('list');
  const [status, setStatus] = useState<ScheduleStatus | null>(null);
  const [period, setPeriod] = useState<SchedulePeriod | null>(null);
  const [contactId, setContactId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [month, setMonth] = useState(() => dayjs().format('YYYY-MM'));
  const [calendarItem, setCalendarItem] = useState<ScheduleItem | null>(null);
  const [creating, setCreating] = useState(false);
  const filter: ScheduleFilter = {
    ...(status ? { status } : {}),
    ...(period ? { repeatPeriod: period } : {}),
    ...(contactId ? { contactId } : {}),
  };
  const list = useScheduleList({ ...filter, pageNumber: page, pageSize: PAGE }, view === 'list');
  const remove = useDeleteSchedule();
  const rows = useMemo(
    () => (list.data?.schedules ?? []).map((s): Row => ({ ...s, can: { edit: s.status === 'pending', delete: true } })),
    [list.data],
  );
  const refilter = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };

  const toolbar = (
    <CrudToolbar
      testId="schedule"
      count={view === 'list' && list.data ? t('schedules.count', { count: list.data.count }) : undefined}
    >
      <SegmentedControl
        mt={24}
        value={view}
        onChange={(v) => setView(v as 'list' | 'calendar')}
        data={[
          {
            value: 'list',
            label: (
              <Group gap={4} wrap="nowrap">
                <IconList size={16} />
                {t('schedules.view.list')}
              </Group>
            ),
          },
          {
            value: 'calendar',
            label: (
              <Group gap={4} wrap="nowrap">
                <IconCalendarMonth size={16} />
                {t('schedules.view.calendar')}
              </Group>
            ),
          },
        ]}
        data-testid="schedule-view"
      />
      <Select
        label={t('schedules.filters.status')}
        placeholder={t('schedules.filters.all')}
        clearable
        data={SCHEDULE_STATUSES.map((s) => ({ value: s, label: t(`schedules.status.${s}`) }))}
        value={status}
        onChange={refilter((v) => setStatus(v as ScheduleStatus | null))}
        w={160}
        data-testid="schedule-filter-status"
      />
      <Select
        label={t('schedules.filters.period')}
        placeholder={t('schedules.filters.all')}
        clearable
        data={SCHEDULE_PERIODS.map((p) => ({ value: p, label: t(`schedules.period.${p}`) }))}
        value={period}
        onChange={refilter((v) => setPeriod(v as SchedulePeriod | null))}
        w={180}
        data-testid="schedule-filter-period"
      />
      <ContactFilter value={contactId} onChange={refilter(setContactId)} />
    </CrudToolbar>
  );

  if (view === 'calendar')
    return (
      <>
        <PageHeader
          title={t('schedules.title')}
          subtitle={t('schedules.subtitle')}
          actions={
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="schedule-add">
              {t('schedules.add')}
            </Button>
          }
        />
        {toolbar}
        <ScheduleCalendar month={month} onMonth={setMonth} filter={filter} onOpen={setCalendarItem} />
        <ScheduleFormModal
          opened={creating || (!!calendarItem && calendarItem.status === 'pending')}
          item={creating ? null : calendarItem}
          onClose={() => {
            setCreating(false);
            setCalendarItem(null);
          }}
        />
      </>
    );

  return (
    <CrudPage<Row>
      testId="schedule"
      texts={{
        title: 'schedules.title',
        subtitle: 'schedules.subtitle',
        add: 'schedules.add',
        deleteTitle: 'schedules.deleteTitle',
        deleteConfirm: 'schedules.deleteConfirm',
        deleted: 'schedules.deleted',
      }}
      toolbar={toolbar}
      query={list}
      rows={rows}
      columns={COLUMNS}
      rowAttrs={rowAttrs}
      rowName={rowName}
      empty={{ title: t('schedules.empty'), hint: t('schedules.emptyHint') }}
      remove={remove}
      paging={{ total: Math.ceil((list.data?.count ?? 0) / PAGE), page, onChange: setPage }}
      renderForm={(slot) => <ScheduleFormModal {...slot} />}
    />
  );
}
