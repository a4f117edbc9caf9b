import { DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { Group, ScrollArea } from '@mantine/core';
import type { KanbanCard, KanbanList, KanbanMove, Lane } from '@prosa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveMutation } from '../../shared/crud/crud-form-modal';
import { toastError } from '../../shared/errors/toast-error';
import { notifySuccess } from '../../shared/ui/notify';
import { LoadingBlock } from '../../shared/ui/query-state';
import { moveCard, replaceCard, shiftLane } from './board-move';
import { CardFormModal } from './card-form-modal';
import { LaneColumn } from './lane-column';
import { fetchLanePage, KANBAN_KEY, LANE_PAGE_SIZE, useBoard, useMoveCard, useReorderLanes } from './use-kanban';

interface KanbanBoardProps {
  lanes: Lane[];
  canManage: boolean;
  search: string;
  onEditLane: (lane: Lane) => void;
  onDeleteLane: (lane: Lane) => void;
}

/**
 * The lanes as columns. A drop moves the card at once (optimistic) and asks the server; a refusal
 * puts the board back as it was and says why.
 */
export function KanbanBoard({ lanes, canManage, search, onEditLane, onDeleteLane }: KanbanBoardProps) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const key = [...KANBAN_KEY, 'board', search];
  const board = useBoard(search);
  const move = useMoveCard();
  const reorder = useReorderLanes();
  const [editing, setEditing] = useState<KanbanCard | null>(null);
  const [loadingLane, setLoadingLane] = useState<number | null>(null);
  const sensors = useSensors(
    // A few pixels before a drag starts, so a click on a card's buttons still clicks.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor),
  );

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    const card = (active.data.current as { card?: KanbanCard } | undefined)?.card;
    const to = (over?.data.current as { laneId?: number } | undefined)?.laneId;
    if (!card || to === undefined || to === card.laneId) return;
    await qc.cancelQueries({ queryKey: key });
    const before = qc.getQueryData<KanbanList>(key);
    if (before) qc.setQueryData(key, moveCard(before, card, to));
    move.mutate(
      { contactId: card.id, move: { laneId: to } },
      {
        onSuccess: () => notifySuccess(t('kanban.moved', { lane: lanes.find((l) => l.id === to)?.name ?? '' })),
        onError: (err) => {
          if (before) qc.setQueryData(key, before);
          toastError(err);
        },
        onSettled: () => void qc.invalidateQueries({ queryKey: [...KANBAN_KEY, 'board'] }),
      },
    );
  };

  /** The next page of one lane, appended to the board as loaded. */
  const loadMore = async (laneId: number) => {
    const current = qc.getQueryData<KanbanList>(key);
    const lane = current?.lanes.find((l) => l.id === laneId);
    if (!current || !lane) return;
    setLoadingLane(laneId);
    try {
      const page = Math.floor(lane.contacts.length / LANE_PAGE_SIZE) + 1;
      const next = (await fetchLanePage(laneId, search, page)).lanes[0];
      if (!next) return;
      qc.setQueryData<KanbanList>(
        key,
        (b) =>
          b && {
            lanes: b.lanes.map((l) =>
              l.id === laneId
                ? {
                    ...next,
                    contacts: [...l.contacts, ...next.contacts.filter((c) => !l.contacts.some((x) => x.id === c.id))],
                  }
                : l,
            ),
          },
      );
    } catch (err) {
      toastError(err);
    } finally {
      setLoadingLane(null);
    }
  };

  const saveCard: SaveMutation<KanbanMove, KanbanCard> = {
    isPending: move.isPending,
    mutate: ({ id, values }, opts) =>
      move.mutate(
        { contactId: id!, move: values },
        {
          onSuccess: (card) => {
            qc.setQueryData<KanbanList>(key, (b) => b && replaceCard(b, card));
            opts.onSuccess?.(card);
          },
          onError: opts.onError,
        },
      ),
  };

  if (board.isPending) return <LoadingBlock />;
  const totals = new Map((board.data?.lanes ?? []).map((l) => [l.id, l]));
  const ids = lanes.map((l) => l.id);
  return (
    <>
      <DndContext sensors={sensors} onDragEnd={(e) => void onDragEnd(e)}>
        <ScrollArea type="auto" offsetScrollbars>
          <Group align="flex-start" wrap="nowrap" gap="md" pb="md" data-testid="kanban-board">
            {lanes.map((lane, i) => (
              <LaneColumn
                key={lane.id}
                lane={lane}
                totals={totals.get(lane.id)}
                manage={
                  canManage
                    ? {
                        first: i === 0,
                        last: i === lanes.length - 1,
                        onShift: (step) =>
                          reorder.mutate(shiftLane(ids, lane.id, step), { onError: (err) => toastError(err) }),
                        onEdit: () => onEditLane(lane),
                        onDelete: () => onDeleteLane(lane),
                      }
                    : null
                }
                onEditCard={setEditing}
                onLoadMore={() => void loadMore(lane.id)}
                loadingMore={loadingLane === lane.id}
              />
            ))}
          </Group>
        </ScrollArea>
      </DndContext>
      <CardFormModal opened={editing !== null} item={editing} onClose={() => setEditing(null)} save={saveCard} />
    </>
  );
}
