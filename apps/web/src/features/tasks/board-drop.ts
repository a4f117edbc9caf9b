import type { TaskStatus } from '@prosa/contracts';

/**
 * What dropping a card of `from` on the column `to` does: on "finished" it finishes the task; a
 * finished one dropped on "pending" or "delayed" is reopened (the server shows it as delayed when
 * past its limit). Between pending and delayed nothing changes: only the limit date moves a task
 * there, and the form edits that.
 */
export function dropAction(from: TaskStatus, to: TaskStatus): 'finish' | 'reopen' | null {
  if (from === to) return null;
  if (to === 'finished') return 'finish';
  return from === 'finished' ? 'reopen' : null;
}
