import dayjs from 'dayjs';
import { i18n } from '../../../shared/i18n/i18n';

/** List time: the hour today, "yesterday", else the date. */
export function listTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  if (!d.isValid()) return '';
  const today = dayjs().startOf('day');
  if (!d.isBefore(today)) return d.format('HH:mm');
  if (!d.isBefore(today.subtract(1, 'day'))) return i18n.t('desk.yesterday');
  return d.format('DD/MM/YY');
}

export const timeOf = (iso: string) => dayjs(iso).format('HH:mm');

/** The day separator of the conversation. */
export function dayLabel(iso: string): string {
  const d = dayjs(iso);
  const today = dayjs().startOf('day');
  if (!d.isBefore(today)) return i18n.t('desk.today');
  if (!d.isBefore(today.subtract(1, 'day'))) return i18n.t('desk.yesterday');
  return d.format('DD/MM/YYYY');
}

/** Plain text for one line: message bodies are never rendered as HTML. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
