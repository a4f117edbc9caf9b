// Password recovery away from the request (issue 9, M2) and in the user's language.
import { mailTexts } from '@prosa/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { hashPassword } from '../../platform/security/passwords.js';
import { PASSWORD, startHarness, uniqueEmail, type Company, type Harness } from '../../test/harness.js';
import { forgot } from './forgot-password.test-support.js';

let h: Harness;
let a: Company;
let b: Company;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
});
afterAll(() => h.close());

/** An agent of `c` that has never signed in. */
async function userWithoutLogin(c: Company = a): Promise<string> {
  const email = uniqueEmail('nologin');
  await withTenant(h.app.platform.db, c.tenantId, async (scope) =>
    scope.insert(users, { name: 'Sem login', email, profile: 'user', passwordHash: await hashPassword(PASSWORD) }),
  );
  return email;
}


describe('POST /auth/forgot-password/', () => {
  it('answers 204 for an existing email even when the mail server fails (issue 9, M2)', async () => {
    const agent = { email: await userWithoutLogin() };
    const { mailer } = h.app.platform;
    const send = mailer.send;
    let failed = 0;
    mailer.send = async () => {
      failed++;
      throw new Error('connect ECONNREFUSED');
    };
    try {
      expect((await h.request('POST', '/auth/forgot-password/', { body: { email: agent.email } })).status).toBe(204);
      expect((await h.request('POST', '/auth/forgot-password/', { body: { email: uniqueEmail() } })).status).toBe(204);
      // The lookup and the mail ran after the answer, in the job.
      await vi.waitFor(() => expect(failed).toBeGreaterThan(0), { timeout: 15_000, interval: 50 });
    } finally {
      mailer.send = send;
    }
  });

  it("mails in the user's language, else the request's, else Portuguese; login keeps the web app's language", async () => {
    const agent = { email: await userWithoutLogin() };
    expect((await forgot(h, agent.email, 'es')).subject).toBe(mailTexts.es.resetSubject('Prosa'));
    const fresh = { email: await userWithoutLogin() };
    expect((await forgot(h, fresh.email)).subject).toBe(mailTexts.pt.resetSubject('Prosa'));
    // The first login in English keeps English; a later login in another language does not override it.
    const first = await h.request('POST', '/auth/login/', { body: { email: agent.email, password: PASSWORD, language: 'en' } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.configs.language).toBe('en');
    const later = await h.request('POST', '/auth/login/', { body: { email: agent.email, password: PASSWORD, language: 'pt' } });
    expect(later.body.configs.language).toBe('en');
    expect((await forgot(h, agent.email, 'es')).subject).toBe(mailTexts.en.resetSubject('Prosa'));
  });

  it("a code asked for in one company is used only by that company's user", async () => {
    const other = await userWithoutLogin(b);
    const mail = await forgot(h, other);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const theirs = await userWithoutLogin(a);
    const body = { email: theirs, code, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' };
    expect(await h.request('POST', '/auth/reset-password/', { body })).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_RESET_CODE' } });
    expect((await h.request('POST', '/auth/login/', { body: { email: theirs, password: PASSWORD } })).status).toBe(200);
  });
});
