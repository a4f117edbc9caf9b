import type { Ticket } from '@prosa/contracts';
import type { Tab } from '../api/ticket-keys';

/**
 * SPEC §4: a focused pending ticket is displayed as open: on the Open tab it is shown at the top
 * (marked as focused), unless the page already holds it. Any other tab, status or no focus: none.
 */
export function pinnedFocused<T extends Pick<Ticket, 'id' | 'status'>>(
  tab: Tab,
  focused: T | undefined,
  rows: readonly T[],
): T | null {
  if (tab !== 'open' || !focused || focused.status !== 'pending') return null;
  return rows.some((tk) => tk.id === focused.id) ? null : focused;
}
