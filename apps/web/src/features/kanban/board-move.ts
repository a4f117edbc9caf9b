import type { KanbanCard, KanbanList } from '@prosa/contracts';

/**
 * The board as it will be once `card` is on lane `to` (null: off the board): the card leaves its
 * lane and joins the other in name order, and both lanes' count and deal value total follow. The
 * optimistic update of a drop; the server's answer (or a rollback) replaces it.
 */
export function moveCard(board: KanbanList, card: KanbanCard, to: number | null): KanbanList {
  const value = card.dealValue ?? 0;
  const moved = { ...card, laneId: to };
  return {
    lanes: board.lanes.map((lane) => {
      if (lane.id === card.laneId && lane.id !== to) {
        return {
          ...lane,
          count: Math.max(0, lane.count - 1),
          dealValue: lane.dealValue - value,
          contacts: lane.contacts.filter((c) => c.id !== card.id),
        };
      }
      if (lane.id === to && card.laneId !== to) {
        const contacts = [...lane.contacts, moved].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || a.id - b.id);
        return { ...lane, count: lane.count + 1, dealValue: lane.dealValue + value, contacts };
      }
      return lane;
    }),
  };
}

/** The board with one card's deal value and description as saved (its lane's total follows). */
export function replaceCard(board: KanbanList, card: KanbanCard): KanbanList {
  return {
    lanes: board.lanes.map((lane) => {
      const old = lane.contacts.find((c) => c.id === card.id);
      if (!old) return lane;
      return {
        ...lane,
        dealValue: lane.dealValue - (old.dealValue ?? 0) + (card.dealValue ?? 0),
        contacts: lane.contacts.map((c) => (c.id === card.id ? card : c)),
      };
    }),
  };
}

/** Lane ids after moving one lane a step left (-1) or right (+1). */
export function shiftLane(ids: number[], id: number, step: -1 | 1): number[] {
  const i = ids.indexOf(id);
  const j = i + step;
  if (i < 0 || j < 0 || j >= ids.length) return ids;
  const next = [...ids];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}
