import { TextInput } from '@mantine/core';
import { TASK_PRIORITIES, ZTaskInput, type Task, type TaskInputParsed } from '@prosa/contracts';
import dayjs from 'dayjs';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/auth/use-session';
import { CrudFormModal } from '../../shared/crud/crud-form-modal';
import type { FormBlock } from '../../shared/crud/form-types';
import { useAllUsers } from '../users/use-all-users';
import { taskInput, useSaveTask } from './use-tasks';

interface TaskFormValues {
  name: string;
  description: string;
  /** ISO with offset, or '' before one is picked. */
  limitDate: string;
  ownerId: string;
  priority: string;
  status: 'pending' | 'finished';
}

/** The browser's datetime-local input speaks local "YYYY-MM-DDTHH:mm"; the API an ISO moment. */
const toLocalInput = (iso: string) => (iso && dayjs(iso).isValid() ? dayjs(iso).format('YYYY-MM-DDTHH:mm') : '');
const fromLocalInput = (local: string) => (local && dayjs(local).isValid() ? dayjs(local).toISOString() : '');

/** Create or edit a task (ZTaskInput, SPEC §5: everything required); a new one is the user's own. */
export function TaskFormModal({ opened, task, onClose }: { opened: boolean; task: Task | null; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const save = useSaveTask();
  const users = useAllUsers(opened);
  const initialValues = (item: Task | null): TaskFormValues => {
    const v = item ? taskInput(item) : null;
    return {
      name: v?.name ?? '',
      description: v?.description ?? '',
      limitDate: v?.limitDate ?? '',
      ownerId: String(v?.ownerId ?? session?.userId ?? ''),
      priority: v?.priority ?? '',
      status: v?.status ?? 'pending',
    };
  };
  const ownerOptions = (users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }));
  // The task's current owner stays pickable even when the directory does not list them.
  if (task && !ownerOptions.some((o) => o.value === String(task.owner.id))) {
    ownerOptions.push({ value: String(task.owner.id), label: task.owner.name });
  }
  const blocks: FormBlock<TaskFormValues>[] = [
    {
      key: 'what',
      fields: [
        { kind: 'text', name: 'name', label: 'tasks.name', required: true },
        { kind: 'textarea', name: 'description', label: 'tasks.description', minRows: 3, required: true },
      ],
    },
    {
      key: 'when',
      cols: 2,
      fields: [
        {
          kind: 'custom',
          key: 'limitDate',
          names: ['limitDate'],
          render: ({ form, fieldError }) => (
            <Controller
              control={form.control}
              name="limitDate"
              render={({ field }) => (
                <TextInput
                  type="datetime-local"
                  label={t('tasks.limitDate')}
                  withAsterisk
                  value={toLocalInput(field.value)}
                  onChange={(e) => field.onChange(fromLocalInput(e.currentTarget.value))}
                  onBlur={field.onBlur}
                  error={fieldError('limitDate')}
                  data-testid="task-limitDate"
                />
              )}
            />
          ),
        },
        {
          kind: 'select',
          name: 'priority',
          label: 'tasks.priority',
          required: true,
          options: TASK_PRIORITIES.map((p) => ({ value: p, label: t(`tasks.priorities.${p}`) })),
        },
        { kind: 'select', name: 'ownerId', label: 'tasks.owner', required: true, options: ownerOptions },
        {
          kind: 'select',
          name: 'status',
          label: 'tasks.status',
          options: (['pending', 'finished'] as const).map((s) => ({ value: s, label: t(`tasks.statuses.${s}`) })),
        },
      ],
    },
  ];
  return (
    <CrudFormModal<TaskFormValues, TaskInputParsed, Task, TaskInputParsed>
      opened={opened}
      onClose={onClose}
      item={task}
      testId="task"
      titles={{ create: 'tasks.createTitle', edit: 'tasks.editTitle' }}
      saved={{ create: 'tasks.created', edit: 'tasks.updated' }}
      schema={ZTaskInput}
      initialValues={initialValues}
      blocks={blocks}
      save={save}
      size="lg"
    />
  );
}
