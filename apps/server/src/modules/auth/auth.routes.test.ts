import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../platform/security/tokens.js';
import { requestPasswordReset } from './commands/request-password-reset.js';
import { PASSWORD, startHarness, uniqueEmail, type Company, type Harness } from '../../test/harness.js';
import { forgot } from './forgot-password.test-support.js';

let h: Harness;
let a: Company;
let b: Company;
const supportEmail = uniqueEmail('support');

beforeAll(async () => {
  h = await startHarness({ supportEmails: [supportEmail] });
  a = await h.company();
  b = await h.company();
});
afterAll(() => h.close());

describe('POST /auth/login/', () => {
  it('answers the login response of SPEC §3 and sets an httpOnly refresh cookie', async () => {
    const res = await h.request('POST', '/auth/login/', { body: { email: `  ${a.admin.email.toUpperCase()} `, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      ['configs', 'email', 'profile', 'queues', 'tenantId', 'token', 'userId', 'username'].sort(),
    );
    expect(res.body).toMatchObject({ profile: 'admin', tenantId: a.tenantId, email: a.admin.email, queues: [] });
    expect(res.body.configs).toMatchObject({ isDark: false, filtrosAtendimento: {} });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/prosa_rt=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
  });

  it('rejects a malformed email and a missing password with field codes', async () => {
    const res = await h.request('POST', '/auth/login/', { body: { email: 'not-an-email', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { email: 'validation.email', password: 'validation.required' } });
  });

  it('refuses wrong credentials the same way for a wrong password and an unknown email', async () => {
    const wrong = await h.request('POST', '/auth/login/', { body: { email: a.admin.email, password: 'nope-nope' } });
    const unknown = await h.request('POST', '/auth/login/', { body: { email: uniqueEmail(), password: 'nope-nope' } });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
    expect(unknown).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
  });

  it('answers 429 after repeated failures, even with the right password', async () => {
    const agent = await h.user(a, 'user');
    for (let i = 0; i < h.config.loginMaxFailures; i++) {
      const r = await h.request('POST', '/auth/login/', { body: { email: agent.email, password: 'wrong-pass' } });
      expect(r.status).toBe(401);
    }
    const blocked = await h.request('POST', '/auth/login/', { body: { email: agent.email, password: PASSWORD } });
    expect(blocked).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_ATTEMPTS' } });
    // Another account from the same address is not blocked.
    expect((await h.request('POST', '/auth/login/', { body: { email: a.admin.email, password: PASSWORD } })).status).toBe(200);
  });
});

describe('tokens and sessions', () => {
  it('no token or a forged token answers 401 ERR_SESSION_EXPIRED', async () => {
    expect(await h.request('GET', '/auth/me')).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    const forged = await signAccessToken(
      { userId: a.admin.userId, tenantId: a.tenantId, profile: 'admin', sessionId: crypto.randomUUID() },
      new TextEncoder().encode('x'.repeat(48)),
      600,
    );
    expect(await h.request('GET', '/auth/me', { token: forged })).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
  });

  it('an expired access token answers 403 so the client refreshes once', async () => {
    const s = await h.login(a.admin.email);
    const me = await h.request('GET', '/auth/me', { token: s.token });
    const expired = await signAccessToken(
      { userId: s.userId, tenantId: s.tenantId, profile: 'admin', sessionId: decodeSid(s.token) },
      h.config.jwtSecret,
      -5,
    );
    expect(await h.request('GET', '/auth/me', { token: expired })).toMatchObject({ status: 403, body: { error: 'ERR_TOKEN_EXPIRED' } });
    const refreshed = await h.request('POST', '/auth/refresh_token', { cookie: s.cookie });
    expect(refreshed.status).toBe(200);
    const again = await h.request('GET', '/auth/me', { token: refreshed.body.token });
    expect(again.body.userId).toBe(me.body.userId);
  });

  it('rotates the refresh secret and ends the session when an old one comes back', async () => {
    const s = await h.login(a.admin.email);
    const r1 = await h.request('POST', '/auth/refresh_token', { cookie: s.cookie });
    const c1 = String(r1.headers['set-cookie']).split(';')[0]!;
    expect(c1).not.toBe(s.cookie);
    const r2 = await h.request('POST', '/auth/refresh_token', { cookie: c1 });
    expect(r2.status).toBe(200);
    const c2 = String(r2.headers['set-cookie']).split(';')[0]!;
    // The first secret, two rotations old, is a stolen copy: the whole session ends.
    expect(await h.request('POST', '/auth/refresh_token', { cookie: s.cookie })).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect((await h.request('POST', '/auth/refresh_token', { cookie: c2 })).status).toBe(401);
    expect((await h.request('GET', '/auth/me', { token: r2.body.token })).status).toBe(401);
  });

  it('a made-up secret for a known session id is refused and revokes nothing (issue 9, L4)', async () => {
    const s = await h.login(a.admin.email);
    const forged = `prosa_rt=${decodeSid(s.token)}.wrong`;
    expect(await h.request('POST', '/auth/refresh_token', { cookie: forged })).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect((await h.request('GET', '/auth/me', { token: s.token })).status).toBe(200);
    expect((await h.request('POST', '/auth/refresh_token', { cookie: s.cookie })).status).toBe(200);
  });

  it('refresh without a cookie answers 401', async () => {
    expect(await h.request('POST', '/auth/refresh_token')).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
  });

  it('logout revokes the session and its refresh cookie, and no other', async () => {
    const s1 = await h.login(a.admin.email);
    const s2 = await h.login(a.admin.email);
    expect((await h.request('POST', '/auth/logout/', { token: s1.token })).status).toBe(204);
    expect((await h.request('GET', '/auth/me', { token: s1.token })).status).toBe(401);
    expect((await h.request('POST', '/auth/refresh_token', { cookie: s1.cookie })).status).toBe(401);
    expect((await h.request('GET', '/auth/me', { token: s2.token })).status).toBe(200);
    expect((await h.request('POST', '/auth/logout/')).status).toBe(401);
  });

  it('with block-multiple-logins a new login ends the older session', async () => {
    const first = await h.user(a, 'user', { blockMultipleLogins: true });
    const second = await h.login(first.email);
    expect(await h.request('GET', '/auth/me', { token: first.token })).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect((await h.request('GET', '/auth/me', { token: second.token })).status).toBe(200);
  });

  it("another tenant's token sees only its own tenant", async () => {
    const meB = await h.request('GET', '/auth/me', { token: b.admin.token });
    expect(meB.body.tenant.id).toBe(b.tenantId);
    expect(meB.body.tenantId).not.toBe(a.tenantId);
    // B logging out does not touch A's session.
    await h.request('POST', '/auth/logout/', { token: (await h.login(b.admin.email)).token });
    expect((await h.request('GET', '/auth/me', { token: a.admin.token })).status).toBe(200);
  });
});

describe('profiles and the platform operator', () => {
  it('the support email counts as admin (SPEC §6)', async () => {
    const { withTenant } = await import('../../platform/db/tenant-scope.js');
    const { users } = await import('../../platform/db/schema.js');
    const { hashPassword } = await import('../../platform/security/passwords.js');
    await withTenant(h.app.platform.db, a.tenantId, async (scope) =>
      scope.insert(users, { name: 'Suporte', email: supportEmail, profile: 'user', passwordHash: await hashPassword(PASSWORD) }),
    );
    const s = await h.login(supportEmail);
    const me = await h.request('GET', '/auth/me', { token: s.token });
    expect(me.body).toMatchObject({ profile: 'user', isAdmin: true, isOperator: false });
    expect((await h.request('POST', '/queue', { token: s.token, body: { name: 'Suporte', color: '#123456' } })).status).toBe(201);
  });

  it('only an admin of tenant 1 is the operator', async () => {
    const op = await h.operator();
    expect((await h.request('GET', '/auth/me', { token: op.token })).body).toMatchObject({ tenantId: 1, isOperator: true });
    expect((await h.request('GET', '/auth/me', { token: a.admin.token })).body).toMatchObject({ isAdmin: true, isOperator: false });
  });

  it('a company past its due date is blocked by the server outside billing routes', async () => {
    const late = await h.company({ dueDate: '2020-01-01' });
    expect(await h.request('GET', '/queue', { token: late.admin.token })).toMatchObject({ status: 402, body: { error: 'ERR_PLAN_EXPIRED' } });
    expect((await h.request('GET', '/auth/me', { token: late.admin.token })).status).toBe(200);
  });
});

describe('password recovery', () => {
  it('emails a code, refuses a wrong one, sets the new password and ends old sessions', async () => {
    const agent = await h.user(a, 'user');
    const mail = await forgot(h, agent.email);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const body = { email: agent.email, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' };
    expect(await h.request('POST', '/auth/reset-password/', { body: { ...body, code: wrongCode } })).toMatchObject({
      status: 400,
      body: { error: 'ERR_INVALID_RESET_CODE' },
    });
    expect((await h.request('POST', '/auth/login/', { body: { email: agent.email, password: PASSWORD } })).status).toBe(200);
    expect((await h.request('POST', '/auth/reset-password/', { body: { ...body, code } })).status).toBe(204);
    expect((await h.request('GET', '/auth/me', { token: agent.token })).status).toBe(401);
    expect((await h.request('POST', '/auth/login/', { body: { email: agent.email, password: PASSWORD } })).status).toBe(401);
    expect((await h.request('POST', '/auth/login/', { body: { email: agent.email, password: 'brand-new-pass' } })).status).toBe(200);
    // A code works once.
    expect((await h.request('POST', '/auth/reset-password/', { body: { ...body, code } })).status).toBe(400);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const unknown = uniqueEmail();
    expect((await h.request('POST', '/auth/forgot-password/', { body: { email: unknown } })).status).toBe(204);
    await requestPasswordReset(h.app.platform, unknown);
    expect(h.mails.filter((m) => m.to === unknown)).toEqual([]);
  });

  it('rejects a confirmation that does not match', async () => {
    const res = await h.request('POST', '/auth/reset-password/', {
      body: { email: a.admin.email, code: '123456', password: 'abcdefg', confirmPassword: 'abcdefh' },
    });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: { confirmPassword: 'validation.passwordMismatch' } } });
  });
});


function decodeSid(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;
}
