import type { TicketStatus } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { TABS } from '../api/ticket-keys';
import { pinnedFocused } from './pinned-focused';

const tk = (id: number, status: TicketStatus) => ({ id, status });

describe('a focused pending ticket is displayed as open (SPEC §4)', () => {
  it('shows the focused pending ticket on the Open tab', () => {
    const focused = tk(7, 'pending');
    expect(pinnedFocused('open', focused, [tk(1, 'open'), tk(2, 'open')])).toBe(focused);
    expect(pinnedFocused('open', focused, [])).toBe(focused);
  });

  it('does not show it twice when the Open page already holds it', () => {
    expect(pinnedFocused('open', tk(7, 'pending'), [tk(7, 'pending')])).toBeNull();
  });

  it.each(['open', 'closed'] as const)('a focused %s ticket is not pinned', (status) => {
    expect(pinnedFocused('open', tk(7, status), [tk(1, 'open')])).toBeNull();
  });

  it('only on the Open tab, and only with a focused ticket', () => {
    for (const tab of TABS.filter((t) => t !== 'open')) expect(pinnedFocused(tab, tk(7, 'pending'), [])).toBeNull();
    expect(pinnedFocused('open', undefined, [tk(1, 'open')])).toBeNull();
  });
});
