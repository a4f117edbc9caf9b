import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { ActionIcon, Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { TASK_STATUSES, type Task, type TaskStatus } from '@prosa/contracts';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../shared/errors/toast-error';
import { formatDateTime } from '../../shared/format/date';
import { notifySuccess } from '../../shared/ui/notify';
import { EmptyState, LoadingBlock } from '../../shared/ui/query-state';
import { dropAction } from './board-drop';
import { TaskPriorityBadge } from './task-badges';
import { taskInput, useSaveTask, useTasks, type TaskFilters } from './use-tasks';

/** Cards per column; the rest is counted ("and 12 more") and reachable in the list. */
const COLUMN_SIZE = 100;

function TaskCard({ task, onEdit }: { task: Task; onEdit: (task: Task) => void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: task.id,
    data: { task },
  });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      radius="md"
      data-testid="task-card"
      data-name={task.name}
      data-status={task.status}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        zIndex: isDragging ? 10 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
        position: 'relative',
      }}
    >
      <Group wrap="nowrap" align="flex-start" gap="xs">
        {/* The handle is the card's body; the edit button sits beside it, not inside (no nested controls). */}
        <Box
          ref={setActivatorNodeRef}
          style={{ flex: 1, minWidth: 0, cursor: 'grab', touchAction: 'none' }}
          data-testid="task-card-handle"
          {...listeners}
          {...attributes}
        >
          <Text size="sm" fw={600} lineClamp={2}>
            {task.name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2} mt={4}>
            {task.description}
          </Text>
          <Group justify="space-between" mt="xs" gap={4}>
            <TaskPriorityBadge priority={task.priority} />
            <Text size="xs" c={task.status === 'delayed' ? 'red' : 'dimmed'}>
              {formatDateTime(task.limitDate)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {task.owner.name}
          </Text>
        </Box>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={t('common.edit')}
          onClick={() => onEdit(task)}
          data-testid="task-card-edit"
        >
          <IconPencil size={14} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

function Column({
  status,
  filters,
  onEdit,
}: {
  status: TaskStatus;
  filters: TaskFilters;
  onEdit: (task: Task) => void;
}) {
  const { t } = useTranslation();
  const list = useTasks({ ...filters, status }, 1, COLUMN_SIZE);
  const { setNodeRef, isOver } = useDroppable({ id: status });
  const rows = list.data?.tasks ?? [];
  const more = (list.data?.count ?? 0) - rows.length;
  return (
    <Paper
      ref={setNodeRef}
      p="sm"
      withBorder
      data-testid={`task-column-${status}`}
      style={{
        minHeight: 240,
        background: isOver ? 'var(--mantine-color-default-hover)' : undefined,
        transition: 'background 120ms',
      }}
    >
      <Group justify="space-between" mb="sm">
        <Title order={5}>{t(`tasks.statuses.${status}`)}</Title>
        <Text size="sm" c="dimmed" data-testid={`task-column-${status}-count`}>
          {list.data?.count ?? 0}
        </Text>
      </Group>
      {list.isPending ? (
        <LoadingBlock />
      ) : rows.length === 0 ? (
        <EmptyState title={t('tasks.empty')} />
      ) : (
        <Stack gap="xs">
          {rows.map((task) => (
            <TaskCard key={task.id} task={task} onEdit={onEdit} />
          ))}
          {more > 0 && (
            <Text size="xs" c="dimmed" ta="center">
              {t('tasks.moreInColumn', { count: more })}
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}

/** The board by shown status (SPEC §4); what a drop does is `dropAction`. */
export function TasksBoard({ filters, onEdit }: { filters: TaskFilters; onEdit: (task: Task) => void }) {
  const { t } = useTranslation();
  const save = useSaveTask();
  const sensors = useSensors(
    // A few pixels before a drag starts, so a click on a card still clicks.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const task = (active.data.current as { task?: Task } | undefined)?.task;
    const action = task && over ? dropAction(task.status, over.id as TaskStatus) : null;
    if (!task || !action) return;
    const finish = action === 'finish';
    save.mutate(
      { id: task.id, values: taskInput(task, { status: finish ? 'finished' : 'pending' }) },
      {
        onSuccess: () => notifySuccess(t(finish ? 'tasks.finished' : 'tasks.reopened')),
        onError: (err) => toastError(err),
      },
    );
  };
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        {t('tasks.boardHint')}
      </Text>
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="task-board">
          {TASK_STATUSES.map((status) => (
            <Column key={status} status={status} filters={filters} onEdit={onEdit} />
          ))}
        </SimpleGrid>
      </DndContext>
    </>
  );
}
