import { useDraggable, useDroppable } from '@dnd-kit/core';
import { ActionIcon, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { KanbanCard, Lane } from '@prosa/contracts';
import { IconArrowLeft, IconArrowRight, IconMessage, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../shared/format/money';

function Card({ card, onEdit }: { card: KanbanCard; onEdit: (card: KanbanCard) => void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: `card-${card.id}`,
    data: { card },
  });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      radius="md"
      data-testid="kanban-card"
      data-name={card.name}
      data-lane={card.laneId ?? ''}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        zIndex: isDragging ? 10 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
        position: 'relative',
      }}
    >
      <Group wrap="nowrap" align="flex-start" gap="xs">
        {/* The handle is the card's body; the buttons sit beside it (no controls nested in a control). */}
        <Box
          ref={setActivatorNodeRef}
          style={{ flex: 1, minWidth: 0, cursor: 'grab', touchAction: 'none' }}
          data-testid="kanban-card-handle"
          {...listeners}
          {...attributes}
          aria-roledescription={t('kanban.dragHint')}
        >
          <Text size="sm" fw={600} lineClamp={1}>
            {card.name}
          </Text>
          <Text size="xs" c="dimmed">
            {card.number}
          </Text>
          {card.dealValue !== null && (
            <Text size="sm" mt={4} data-testid="kanban-card-deal">
              {formatMoney(card.dealValue)}
            </Text>
          )}
          {card.description && (
            <Text size="xs" c="dimmed" lineClamp={2} mt={2}>
              {card.description}
            </Text>
          )}
        </Box>
        <Stack gap={2}>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t('kanban.editCard', { name: card.name })}
            onClick={() => onEdit(card)}
            data-testid="kanban-card-edit"
          >
            <IconPencil size={14} />
          </ActionIcon>
          {card.lastTicketId !== null && (
            <ActionIcon
              component={Link}
              to={`/atendimento/${card.lastTicketId}`}
              variant="subtle"
              size="sm"
              aria-label={t('kanban.openTicket')}
              data-testid="kanban-card-ticket"
            >
              <IconMessage size={14} />
            </ActionIcon>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

export interface LaneTotals {
  count: number;
  dealValue: number;
  contacts: KanbanCard[];
  hasMore: boolean;
}

interface LaneColumnProps {
  lane: Lane;
  totals: LaneTotals | undefined;
  manage: {
    first: boolean;
    last: boolean;
    onShift: (step: -1 | 1) => void;
    onEdit: () => void;
    onDelete: () => void;
  } | null;
  onEditCard: (card: KanbanCard) => void;
  onLoadMore: () => void;
  loadingMore: boolean;
}

/** One lane: its header with count and deal value total, its cards, and a drop target. */
export function LaneColumn({ lane, totals, manage, onEditCard, onLoadMore, loadingMore }: LaneColumnProps) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: `lane-${lane.id}`, data: { laneId: lane.id } });
  const cards = totals?.contacts ?? [];
  return (
    <Paper
      ref={setNodeRef}
      p="sm"
      withBorder
      data-testid="kanban-lane"
      data-name={lane.name}
      style={{
        width: 290,
        flex: '0 0 290px',
        minHeight: 320,
        borderTop: `4px solid ${lane.color}`,
        background: isOver ? 'var(--mantine-color-default-hover)' : undefined,
        transition: 'background 120ms',
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap={4}>
        <Title order={2} size="h5" lineClamp={1}>
          {lane.name}
        </Title>
        {manage && (
          <Group gap={0} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size="sm"
              disabled={manage.first}
              onClick={() => manage.onShift(-1)}
              aria-label={t('kanban.moveLeft')}
              data-testid="lane-left"
            >
              <IconArrowLeft size={14} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="sm"
              disabled={manage.last}
              onClick={() => manage.onShift(1)}
              aria-label={t('kanban.moveRight')}
              data-testid="lane-right"
            >
              <IconArrowRight size={14} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="sm"
              onClick={manage.onEdit}
              aria-label={t('kanban.editLane', { name: lane.name })}
              data-testid="lane-edit"
            >
              <IconPencil size={14} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              onClick={manage.onDelete}
              aria-label={t('kanban.deleteLane', { name: lane.name })}
              data-testid="lane-delete"
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        )}
      </Group>
      <Group justify="space-between" mb="sm" mt={2}>
        <Text size="xs" c="dimmed" data-testid="lane-count">
          {t('kanban.count', { count: totals?.count ?? 0 })}
        </Text>
        <Text size="xs" fw={600} data-testid="lane-total">
          {formatMoney(totals?.dealValue ?? 0)}
        </Text>
      </Group>
      <Stack gap="xs">
        {cards.length === 0 && (
          <Text size="xs" c="dimmed" ta="center" py="md">
            {t('kanban.emptyLane')}
          </Text>
        )}
        {cards.map((card) => (
          <Card key={card.id} card={card} onEdit={onEditCard} />
        ))}
        {totals?.hasMore && (
          <Button variant="subtle" size="xs" onClick={onLoadMore} loading={loadingMore} data-testid="lane-more">
            {t('kanban.loadMore')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
