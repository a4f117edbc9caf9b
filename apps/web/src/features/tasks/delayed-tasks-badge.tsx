import { Badge } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TaskDelayedEvent } from '@prosa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { connectSocket } from '../../shared/realtime/socket';
import { TASKS_KEY, useMyDelayedCount } from './use-tasks';

/**
 * Task events, for as long as the menu is up (that is, while signed in): `task` refreshes every
 * task list and the badge; `task:delayed`, sent to the owner alone and once per task by the
 * server's job, also shows a notification that opens the board.
 */
function useTaskEvents() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    // The layout connects the socket too; this runs first (a child's effect), so it opens it.
    const socket = connectSocket();
    const refresh = () => void qc.invalidateQueries({ queryKey: TASKS_KEY });
    const onDelayed = ({ task }: TaskDelayedEvent) => {
      refresh();
      const testId = { 'data-testid': 'task-delayed-notice' };
      notifications.show({
        id: `task-delayed-${task.id}`,
        color: 'orange',
        title: t('tasks.delayedNotice'),
        message: t('tasks.delayedNoticeBody', { name: task.name }),
        autoClose: 10_000,
        withBorder: true,
        style: { cursor: 'pointer' },
        onClick: () => void navigate('/tarefas?view=board'),
        ...testId,
      });
    };
    socket.on('task', refresh);
    socket.on('task:delayed', onDelayed);
    return () => {
      socket.off('task', refresh);
      socket.off('task:delayed', onDelayed);
    };
  }, [qc, t, navigate]);
}

/** The menu's count of the user's own delayed tasks, kept live by the task events. */
export function DelayedTasksBadge() {
  const { t } = useTranslation();
  useTaskEvents();
  const count = useMyDelayedCount();
  if (!count.data) return null;
  return (
    <Badge
      size="sm"
      color="red"
      circle={count.data < 10}
      aria-label={t('tasks.delayedBadge')}
      data-testid="nav-tasks-badge"
    >
      {count.data > 99 ? '99+' : count.data}
    </Badge>
  );
}
