import type { DashboardQuery } from '@prosa/contracts';

export type PeriodPreset = 'today' | 'last7' | 'last30' | 'custom';
export const PERIOD_PRESETS: PeriodPreset[] = ['today', 'last7', 'last30', 'custom'];

export interface DashboardFilterState {
  preset: PeriodPreset;
  from: string;
  to: string;
  queueIds: number[];
  channelIds: number[];
}

/** A local calendar day as yyyy-MM-dd (the browser's; the server reads days in the company's zone). */
export function isoDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The preset's days: today, or the last 7 or 30 days ending today. */
export function presetRange(preset: Exclude<PeriodPreset, 'custom'>, now = new Date()): { from: string; to: string } {
  const back = preset === 'today' ? 0 : preset === 'last7' ? 6 : 29;
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - back);
  return { from: isoDay(start), to: isoDay(now) };
}

export function initialFilter(now = new Date()): DashboardFilterState {
  return { preset: 'last7', ...presetRange('last7', now), queueIds: [], channelIds: [] };
}

/** The query GET /dashboard takes (ZDashboardQuery, the same schema the server checks). */
export function toQuery(f: DashboardFilterState): DashboardQuery {
  return { from: f.from, to: f.to, queueIds: f.queueIds, channelIds: f.channelIds };
}

/** Seconds as a short duration in the reader's language: 45 s, 12 min, 3 h 5 min, 2 d 4 h. */
export function formatDuration(seconds: number | null, locale: string): string {
  if (seconds === null) return '—';
  const unit = (value: number, u: 'second' | 'minute' | 'hour' | 'day') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'narrow', maximumFractionDigits: 0 }).format(
      value,
    );
  const s = Math.round(seconds);
  if (s < 60) return unit(s, 'second');
  if (s < 3600) return unit(Math.round(s / 60), 'minute');
  if (s < 86_400) {
    const m = Math.round((s % 3600) / 60);
    return m ? `${unit(Math.floor(s / 3600), 'hour')} ${unit(m, 'minute')}` : unit(Math.floor(s / 3600), 'hour');
  }
  const h = Math.round((s % 86_400) / 3600);
  return h ? `${unit(Math.floor(s / 86_400), 'day')} ${unit(h, 'hour')}` : unit(Math.floor(s / 86_400), 'day');
}

export const formatShare = (share: number | null, locale: string) =>
  share === null ? '—' : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(share);
