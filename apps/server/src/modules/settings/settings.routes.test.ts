import { SETTING_DEFAULTS, SETTING_KEYS } from '@prosa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';

let h: Harness;
let a: Company;
let b: Company;
let agent: Session;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  agent = await h.user(a, 'user');
});
afterAll(() => h.close());

const list = async (token: string) =>
  new Map(((await h.request('GET', '/settings', { token })).body as { key: string; value: string }[]).map((s) => [s.key, s.value]));
const put = (token: string, key: string, value: unknown) => h.request('PUT', `/settings/${key}`, { token, body: { value } });

describe('settings', () => {
  it('needs a token', async () => {
    expect((await h.request('GET', '/settings')).status).toBe(401);
    expect(await put('', 'spyticket', 'enabled')).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
  });

  it('every signed-in user reads every key, unsaved keys with their default', async () => {
    const seen = await list(agent.token);
    expect([...seen.keys()].sort()).toEqual([...SETTING_KEYS].sort());
    expect(seen.get('userDisableSignature')).toBe(SETTING_DEFAULTS.userDisableSignature);
  });

  it('an admin changes a setting; an agent may not', async () => {
    expect(await put(a.admin.token, 'userDisableSignature', 'enabled')).toMatchObject({
      status: 200,
      body: { key: 'userDisableSignature', value: 'enabled' },
    });
    expect((await list(agent.token)).get('userDisableSignature')).toBe('enabled');
    const refused = await put(agent.token, 'userDisableSignature', 'disabled');
    expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await list(a.admin.token)).get('userDisableSignature')).toBe('enabled');
  });

  it('a value its schema refuses answers ERR_VALIDATION and changes nothing', async () => {
    const before = await list(a.admin.token);
    const cases: [string, unknown, string][] = [
      ['groupnotification', 'yes', 'validation.invalidValue'],
      ['groupnotification', 'ENABLED', 'validation.invalidValue'],
      ['TicketsLimitOpen', 'forty', 'validation.integer'],
      ['TicketsLimitOpen', '4', 'validation.invalidValue'],
      ['autoCloseTicketsTime', '7', 'validation.invalidValue'],
      ['botDistribution', 'X', 'validation.invalidValue'],
      ['maxRetriesBusinessHours', '101', 'validation.max'],
    ];
    for (const [key, value, message] of cases) {
      const res = await put(a.admin.token, key, value);
      expect(res, `${key}=${String(value)}`).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: { value: message } } });
    }
    // Not a string at all: the body schema refuses it before the setting's own schema.
    expect((await put(a.admin.token, 'TicketsLimitOpen', 40)).body.error).toBe('ERR_VALIDATION');
    expect(await list(a.admin.token)).toEqual(before);
  });

  it('an unknown key answers ERR_NO_SETTING_FOUND and stores nothing', async () => {
    const before = await list(a.admin.token);
    expect(await put(a.admin.token, 'noSuchSetting', 'enabled')).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_SETTING_FOUND' },
    });
    expect(await list(a.admin.token)).toEqual(before);
  });

  it("one company's change never reaches another company", async () => {
    const before = await list(b.admin.token);
    expect((await put(a.admin.token, 'groupnotification', 'enabled')).status).toBe(200);
    expect((await put(b.admin.token, 'TicketsLimitOpen', '60')).status).toBe(200);
    expect((await list(b.admin.token)).get('groupnotification')).toBe(before.get('groupnotification'));
    expect((await list(a.admin.token)).get('TicketsLimitOpen')).toBe(SETTING_DEFAULTS.TicketsLimitOpen);
    expect((await list(a.admin.token)).get('groupnotification')).toBe('enabled');
  });
});
