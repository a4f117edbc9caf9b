import { Text } from '@mantine/core';
import type { Task } from '@prosa/contracts';
import type { CrudColumn } from '../../shared/crud/types';
import { formatDateTime } from '../../shared/format/date';
import { TaskPriorityBadge, TaskStatusBadge } from './task-badges';

export const TASK_COLUMNS: CrudColumn<Task>[] = [
  {
    key: 'name',
    header: 'tasks.name',
    render: (task) => (
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate>
          {task.name}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {task.description}
        </Text>
      </div>
    ),
  },
  { key: 'owner', header: 'tasks.owner', render: (task) => <Text size="sm">{task.owner.name}</Text> },
  {
    key: 'limitDate',
    header: 'tasks.limitDate',
    render: (task) => (
      <Text size="sm" c={task.status === 'delayed' ? 'red' : undefined}>
        {formatDateTime(task.limitDate)}
      </Text>
    ),
  },
  { key: 'priority', header: 'tasks.priority', render: (task) => <TaskPriorityBadge priority={task.priority} /> },
  { key: 'status', header: 'tasks.status', render: (task) => <TaskStatusBadge status={task.status} /> },
];

export const taskRowAttrs = (task: Task) => ({ 'data-name': task.name, 'data-status': task.status });
