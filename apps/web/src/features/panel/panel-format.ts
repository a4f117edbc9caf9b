/** "4 min", "1 h 20 min", "2 d 3 h": a wait, from `since` to `now` (both ISO or ms). */
export function waitText(since: string | null, now: number): string | null {
  if (since === null) return null;
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** The colour of a wait: calm under 5 minutes, a warning under 15, then alarm. */
export function waitColor(since: string | null, now: number): 'teal' | 'yellow' | 'red' | 'gray' {
  if (since === null) return 'gray';
  const minutes = (now - Date.parse(since)) / 60_000;
  return minutes < 5 ? 'teal' : minutes < 15 ? 'yellow' : 'red';
}
