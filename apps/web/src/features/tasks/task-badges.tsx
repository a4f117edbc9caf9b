import { Badge } from '@mantine/core';
import type { TaskPriority, TaskStatus } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<TaskStatus, string> = { pending: 'blue', delayed: 'red', finished: 'teal' };
const PRIORITY_COLOR: Record<TaskPriority, string> = { high: 'red', medium: 'orange', low: 'blue', none: 'gray' };

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} data-testid="task-status" data-status={status}>
      {t(`tasks.statuses.${status}`)}
    </Badge>
  );
}

export function TaskPriorityBadge({ priority }: { priority: TaskPriority }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={PRIORITY_COLOR[priority]}>
      {t(`tasks.priorities.${priority}`)}
    </Badge>
  );
}
