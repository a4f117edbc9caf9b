import type { Message, TicketLog } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { foldViews, itemKey, logMayHaveChanged, mergeTimeline } from './timeline';

const at = (min: number) => new Date(Date.UTC(2026, 10, 20, 12, min)).toISOString();
const msg = (id: number, min: number) => ({ id, createdAt: at(min) }) as Message;
const log = (id: number, type: string, min: number): TicketLog => ({
  id,
  type,
  user: { id: 1, name: 'Diego' },
  queue: null,
  payload: null,
  transfer: null,
  createdAt: at(min),
});
const shape = (items: ReturnType<typeof mergeTimeline>) =>
  items.map((i) => (i.kind === 'message' ? `m${i.message.id}` : `${i.log.type}${i.log.id}`));

describe('the conversation timeline', () => {
  it('puts a transfer, an accept and a close between the messages, and never a view', () => {
    const items = mergeTimeline(
      [msg(1, 0), msg(2, 5), msg(3, 10)],
      [
        log(10, 'create', 0),
        log(11, 'open', 4),
        log(12, 'access', 4),
        log(13, 'transfered', 7),
        log(14, 'receivedTransfer', 7),
        log(15, 'closed', 12),
        log(16, 'access', 30),
      ],
      true,
    );
    expect(shape(items)).toEqual(['m1', 'open11', 'm2', 'transfered13', 'm3', 'closed15']);
    // Keys never collide between a message and a line of the same number.
    expect(new Set(mergeTimeline([msg(11, 0)], [log(11, 'open', 1)], true).map(itemKey)).size).toBe(2);
  });

  it('keeps lines older than the loaded messages until the older page is loaded', () => {
    const logs = [log(11, 'open', 1), log(13, 'transfered', 7)];
    expect(shape(mergeTimeline([msg(2, 5), msg(3, 10)], logs, false))).toEqual(['m2', 'transfered13', 'm3']);
    expect(shape(mergeTimeline([msg(2, 5), msg(3, 10)], logs, true))).toEqual(['open11', 'm2', 'transfered13', 'm3']);
    // No message yet: the lines still show once the (empty) conversation is known to be complete.
    expect(shape(mergeTimeline([], logs, true))).toEqual(['open11', 'transfered13']);
    expect(mergeTimeline([], logs, false)).toEqual([]);
  });
});

describe('the history panel', () => {
  it('folds consecutive views into one item and keeps every other entry', () => {
    const folded = foldViews([
      log(1, 'create', 0),
      log(2, 'access', 1),
      log(3, 'access', 2),
      log(4, 'closed', 3),
      log(5, 'access', 4),
      log(6, 'access', 5),
      log(7, 'access', 6),
    ]);
    expect(folded.map((i) => (i.kind === 'entry' ? i.log.type : `views×${i.logs.length}`))).toEqual([
      'create',
      'views×2',
      'closed',
      'views×3',
    ]);
  });
});

describe('reading the log again', () => {
  it('after a change of status, queue or agent, not after a message', () => {
    const t = { status: 'open', queueId: 1, userId: 2 } as const;
    expect(logMayHaveChanged(t, { ...t })).toBe(false);
    expect(logMayHaveChanged(t, { ...t, status: 'closed' })).toBe(true);
    expect(logMayHaveChanged(t, { ...t, queueId: 3 })).toBe(true);
    expect(logMayHaveChanged(t, { ...t, userId: null })).toBe(true);
  });
});
