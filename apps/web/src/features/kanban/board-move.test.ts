import type { KanbanCard, KanbanList } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { moveCard, replaceCard, shiftLane } from './board-move';

const card = (id: number, name: string, laneId: number, dealValue: number | null): KanbanCard => ({
  id,
  name,
  number: '',
  profilePicUrl: '',
  laneId,
  dealValue,
  description: '',
  lastTicketId: null,
  updatedAt: '',
});
const board = (): KanbanList => ({
  lanes: [
    { id: 1, count: 2, dealValue: 300, contacts: [card(10, 'Ana', 1, 100), card(11, 'Caio', 1, 200)], hasMore: false },
    { id: 2, count: 1, dealValue: 50, contacts: [card(12, 'Bia', 2, 50)], hasMore: false },
  ],
});

describe('moveCard', () => {
  it('moves the card in name order and carries its deal value between the totals', () => {
    const next = moveCard(board(), card(11, 'Caio', 1, 200), 2);
    expect(next.lanes[0]).toMatchObject({ count: 1, dealValue: 100 });
    expect(next.lanes[1]).toMatchObject({ count: 2, dealValue: 250 });
    expect(next.lanes[1]!.contacts.map((c) => [c.name, c.laneId])).toEqual([
      ['Bia', 2],
      ['Caio', 2],
    ]);
  });

  it('a drop on its own lane changes nothing; off the board it only leaves', () => {
    expect(moveCard(board(), card(10, 'Ana', 1, 100), 1)).toEqual(board());
    const off = moveCard(board(), card(12, 'Bia', 2, 50), null);
    expect(off.lanes[1]).toMatchObject({ count: 0, dealValue: 0, contacts: [] });
  });
});

describe('replaceCard and shiftLane', () => {
  it("updates the lane's total with the new deal value", () => {
    expect(replaceCard(board(), card(10, 'Ana', 1, 150)).lanes[0]!.dealValue).toBe(350);
  });
  it('swaps a lane with its neighbour, not past the ends', () => {
    expect(shiftLane([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(shiftLane([1, 2, 3], 3, 1)).toEqual([1, 2, 3]);
  });
});
