import dayjs from 'dayjs';

/**
 * The days a month calendar shows: whole weeks (Sunday first, as the app's date pickers), from the
 * week of the 1st to the week of the last day. Keys are local `YYYY-MM-DD`.
 */
export function monthDays(month: string): { key: string; inMonth: boolean }[] {
  const first = dayjs(`${month}-01`);
  const start = first.subtract(first.day(), 'day');
  const last = first.endOf('month');
  const end = last.add(6 - last.day(), 'day');
  const days: { key: string; inMonth: boolean }[] = [];
  for (let d = start; !d.isAfter(end, 'day'); d = d.add(1, 'day'))
    days.push({ key: d.format('YYYY-MM-DD'), inMonth: d.month() === first.month() });
  return days;
}

/** The month's range as the API wants it (ISO), covering the whole shown weeks. */
export function monthRange(month: string): { from: string; to: string } {
  const days = monthDays(month);
  return {
    from: dayjs(days[0]!.key).startOf('day').toISOString(),
    to: dayjs(days[days.length - 1]!.key).endOf('day').toISOString(),
  };
}

/** Items by local day of `at`. */
export function byDay<T>(items: T[], at: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const key = dayjs(at(item)).format('YYYY-MM-DD');
    out.set(key, [...(out.get(key) ?? []), item]);
  }
  return out;
}
