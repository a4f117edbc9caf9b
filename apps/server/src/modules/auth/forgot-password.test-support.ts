// Test support: password recovery runs in a job after the 204, so tests wait for its mail.
import { expect, vi } from 'vitest';
import type { Mail } from '../../platform/mail/mailer.js';
import type { Harness } from '../../test/harness.js';

/** Asks `h` for a recovery code for `email` and answers the mail the job then sends. */
export async function forgot(h: Harness, email: string, language?: string): Promise<Mail> {
  const before = h.mails.filter((m) => m.to === email).length;
  const res = await h.request('POST', '/auth/forgot-password/', { body: { email, ...(language ? { language } : {}) } });
  expect(res.status).toBe(204);
  let mail: Mail | undefined;
  await vi.waitFor(
    () => {
      const all = h.mails.filter((m) => m.to === email);
      expect(all.length).toBe(before + 1);
      mail = all.at(-1);
    },
    { timeout: 15_000, interval: 50 },
  );
  return mail!;
}
