import { Button, SegmentedControl, Select } from '@mantine/core';
import { TASK_PRIORITIES, TASK_STATUSES, type Task, type TaskPriority, type TaskStatus } from '@prosa/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CrudPage } from '../../shared/crud/crud-page';
import { CrudToolbar, SearchBox } from '../../shared/crud/crud-toolbar';
import { useDebouncedSearch } from '../../shared/crud/use-debounced-search';
import { PageHeader } from '../../shared/ui/page-header';
import { useAllUsers } from '../users/use-all-users';
import { TaskFormModal } from './task-form-modal';
import { TASK_COLUMNS, taskRowAttrs } from './tasks-columns';
import { TasksBoard } from './tasks-board';
import { TASKS_PAGE_SIZE, useDeleteTask, useTasks, type TaskFilters } from './use-tasks';

type View = 'list' | 'board';
const TEXTS = {
  title: 'tasks.title',
  subtitle: 'tasks.subtitle',
  add: 'tasks.add',
  deleteTitle: 'tasks.deleteTitle',
  deleteConfirm: 'tasks.deleteConfirm',
  deleted: 'tasks.deleted',
} as const;

/** /tarefas: the tasks the user sees, as a list or as a board by status; the view is in the URL. */
export function TasksPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'board' ? 'board' : 'list';
  const search = useDebouncedSearch(300, 2);
  const [page, setPage] = useState(1);
  const [ownerId, setOwnerId] = useState<number | null>(null);
  const [priority, setPriority] = useState<TaskPriority | null>(null);
  const [status, setStatus] = useState<TaskStatus | null>(null);
  const [form, setForm] = useState<{ opened: boolean; task: Task | null }>({ opened: false, task: null });
  const users = useAllUsers();
  const filters: TaskFilters = { searchParam: search.debounced, ownerId, priority };
  const list = useTasks({ ...filters, status }, page, TASKS_PAGE_SIZE);
  const remove = useDeleteTask();
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / TASKS_PAGE_SIZE));
  const filter =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setPage(1);
    };

  const toolbar = (
    <CrudToolbar
      testId="task"
      count={view === 'list' && list.data ? t('tasks.count', { count: list.data.count }) : undefined}
    >
      <SegmentedControl
        value={view}
        onChange={(v) => setParams(v === 'board' ? { view: 'board' } : {}, { replace: true })}
        data={[
          { value: 'list', label: t('tasks.view.list') },
          { value: 'board', label: t('tasks.view.board') },
        ]}
        data-testid="task-view"
      />
      <SearchBox
        label={t('tasks.search')}
        value={search.value}
        onChange={filter(search.setValue)}
        width={260}
        testId="task-search"
      />
      <Select
        aria-label={t('tasks.owner')}
        placeholder={t('tasks.allOwners')}
        clearable
        searchable
        value={ownerId ? String(ownerId) : null}
        onChange={filter((v: string | null) => setOwnerId(v ? Number(v) : null))}
        data={(users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
        w={200}
        data-testid="task-filter-owner"
      />
      <Select
        aria-label={t('tasks.priority')}
        placeholder={t('tasks.allPriorities')}
        clearable
        value={priority}
        onChange={filter((v: string | null) => setPriority(v as TaskPriority | null))}
        data={TASK_PRIORITIES.map((p) => ({ value: p, label: t(`tasks.priorities.${p}`) }))}
        w={180}
        data-testid="task-filter-priority"
      />
      {view === 'list' && (
        <Select
          aria-label={t('tasks.status')}
          placeholder={t('tasks.allStatuses')}
          clearable
          value={status}
          onChange={filter((v: string | null) => setStatus(v as TaskStatus | null))}
          data={TASK_STATUSES.map((s) => ({ value: s, label: t(`tasks.statuses.${s}`) }))}
          w={170}
          data-testid="task-filter-status"
        />
      )}
    </CrudToolbar>
  );

  if (view === 'board') {
    return (
      <>
        <PageHeader
          title={t(TEXTS.title)}
          subtitle={t(TEXTS.subtitle)}
          actions={
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setForm({ opened: true, task: null })}
              data-testid="task-add"
            >
              {t(TEXTS.add)}
            </Button>
          }
        />
        {toolbar}
        <TasksBoard filters={filters} onEdit={(task) => setForm({ opened: true, task })} />
        <TaskFormModal
          opened={form.opened}
          task={form.task}
          onClose={() => setForm((f) => ({ ...f, opened: false }))}
        />
      </>
    );
  }
  return (
    <CrudPage
      testId="task"
      texts={TEXTS}
      toolbar={toolbar}
      query={list}
      rows={list.data?.tasks ?? []}
      columns={TASK_COLUMNS}
      rowAttrs={taskRowAttrs}
      minWidth={760}
      empty={{ title: t('tasks.empty') }}
      paging={{ page, total: pages, onChange: setPage }}
      remove={remove}
      renderForm={({ item, ...slot }) => <TaskFormModal {...slot} task={item} />}
    />
  );
}
