import { fillVariables, greetingFor } from '@prosa/contracts';

/** The sample contact the phone mock-up fills the variables with (the real one is known only at send time). */
export interface SampleContact {
  name: string;
  number: string;
  email: string;
}

/**
 * The text a contact would read: {{name}}, {{phoneNumber}}, {{email}}, {{greeting}}, {{hour}} and
 * {{date}} filled from the sample and the browser's clock; other variables (extra information,
 * ticket ones) stay as written, as the server keeps unknown ones.
 */
export function previewText(text: string, sample: SampleContact, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return fillVariables(text, {
    name: sample.name,
    phoneNumber: sample.number,
    email: sample.email,
    greeting: greetingFor(now.getHours()),
    hour: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
    date: `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`,
  });
}

/** Sent of total, 0-100: every contact past send-pending counts as done (sent, failed or skipped). */
export function progressOf(counts: Record<string, number>, total: number): number {
  if (total <= 0) return 0;
  const pending = counts['send-pending'] ?? 0;
  return Math.round(((total - pending) / total) * 100);
}
