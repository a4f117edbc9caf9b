import dayjs from 'dayjs';

/** yyyy-MM-dd (what the API speaks) -> dd/MM/yyyy (what the screen shows, SPEC §5). */
export function formatIsoDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = dayjs(iso.slice(0, 10));
  return d.isValid() ? d.format('DD/MM/YYYY') : '—';
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = dayjs(iso);
  return d.isValid() ? d.format('DD/MM/YYYY HH:mm') : '—';
}

/** Today on the user's calendar, yyyy-MM-dd. */
export function todayLocalIso(): string {
  return dayjs().format('YYYY-MM-DD');
}

/** A due date has passed when it is before today (the due day itself still counts). */
export function isPastDue(dueDate: string | null | undefined): boolean {
  return !!dueDate && dueDate.slice(0, 10) < todayLocalIso();
}

export function daysUntil(dueDate: string | null | undefined): number | null {
  if (!dueDate) return null;
  return dayjs(dueDate.slice(0, 10)).diff(dayjs().startOf('day'), 'day');
}
