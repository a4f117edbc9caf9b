/** SPEC §9 quick schedule options: 30 minutes, tomorrow, next week, or a date and time picked. */
export const QUICK_OPTIONS = ['30min', 'tomorrow', 'nextWeek', 'custom'] as const;
export type QuickOption = (typeof QUICK_OPTIONS)[number];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The send time of a quick option (ISO), to the minute; `custom` has none until picked. */
export function quickSendAt(option: QuickOption, now = new Date()): string | null {
  const offset = { '30min': 30 * MINUTE, tomorrow: DAY, nextWeek: 7 * DAY, custom: null }[option];
  if (offset === null) return null;
  const at = new Date(now.getTime() + offset);
  at.setSeconds(0, 0);
  return at.toISOString();
}
