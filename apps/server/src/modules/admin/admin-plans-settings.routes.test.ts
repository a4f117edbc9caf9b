// Plans and platform settings of admin.routes.ts (access, validation and 404s of every admin route
// are in admin.routes.test.ts). Platform settings are shared by every test file on a shared
// PostgreSQL: this file touches only the SMTP keys and puts them back.
import { randomUUID } from 'node:crypto';
import { PLATFORM_SETTING_KEYS } from '@prosa/contracts';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSettings } from '../../platform/db/schema.js';
import { startHarness, type Harness, type Session } from '../../test/harness.js';
import { getPlatformSetting, PLATFORM_SETTING_DEFAULTS } from './platform-settings.queries.js';

let h: Harness;
let op: Session;
const SMTP_KEYS = ['smtpHost', 'smtpUser', 'smtpPassword'] as const;
const savedSmtp: Record<string, string> = {};

const planBody = (name = `Plano ${randomUUID().slice(0, 8)}`) => ({
  name,
  maxUsers: 10,
  maxConnections: 3,
  value: 149.9,
  isPublic: false,
  group: true,
  campaign: false,
  integrations: true,
});
const op_ = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => h.request(method, url, { token: op.token, body });

beforeAll(async () => {
  h = await startHarness();
  op = await h.operator();
  for (const key of SMTP_KEYS) savedSmtp[key] = await getPlatformSetting(h.app.platform.db, key);
});
afterAll(async () => {
  await op_('PUT', '/admin/settings', savedSmtp);
  await h.close();
});

describe('admin: plans', () => {
  it('creates, lists, updates and deletes a plan', async () => {
    const body = planBody();
    const created = await op_('POST', '/admin/plans', body);
    expect(created).toMatchObject({ status: 201, body });
    const list = (await op_('GET', '/admin/plans')).body as { id: number }[];
    expect(list.find((p) => p.id === created.body.id)).toEqual(created.body);
    const changed = { ...planBody(), value: '59.90', maxUsers: '7' };
    const updated = await op_('PUT', `/admin/plans/${created.body.id}`, changed);
    expect(updated).toMatchObject({ status: 200, body: { id: created.body.id, name: changed.name, value: 59.9, maxUsers: 7 } });
    expect((await op_('DELETE', `/admin/plans/${created.body.id}`)).status).toBe(204);
    expect(await op_('DELETE', `/admin/plans/${created.body.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_PLAN_FOUND' } });
    expect(((await op_('GET', '/admin/plans')).body as { id: number }[]).some((p) => p.id === created.body.id)).toBe(false);
  });

  it('refuses a name another plan has, on create and on update', async () => {
    const a = (await op_('POST', '/admin/plans', planBody())).body;
    const b = (await op_('POST', '/admin/plans', planBody())).body;
    expect(await op_('POST', '/admin/plans', planBody(a.name))).toMatchObject({ status: 409, body: { error: 'ERR_PLAN_NAME_EXISTS' } });
    expect(await op_('PUT', `/admin/plans/${b.id}`, planBody(a.name))).toMatchObject({ status: 409, body: { error: 'ERR_PLAN_NAME_EXISTS' } });
    expect((await op_('PUT', `/admin/plans/${a.id}`, planBody(a.name))).status).toBe(200);
    const list = (await op_('GET', '/admin/plans')).body as { id: number; name: string }[];
    expect(list.find((p) => p.id === b.id)?.name).toBe(b.name);
  });

  it('a plan some company is on cannot be deleted', async () => {
    const p = (await op_('POST', '/admin/plans', planBody())).body;
    const c = await h.company({ planId: p.id });
    expect(await op_('DELETE', `/admin/plans/${p.id}`)).toMatchObject({ status: 409, body: { error: 'ERR_PLAN_IN_USE' } });
    expect(((await op_('GET', '/admin/plans')).body as { id: number }[]).some((x) => x.id === p.id)).toBe(true);
    await op_('DELETE', `/admin/tenants/${c.tenantId}`);
    expect((await op_('DELETE', `/admin/plans/${p.id}`)).status).toBe(204);
  });
});

describe('admin: platform settings', () => {
  it('answers every key, with the default for those never saved', async () => {
    const res = await op_('GET', '/admin/settings');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...PLATFORM_SETTING_KEYS].sort());
    const saved = await h.app.platform.db.raw
      .select()
      .from(platformSettings)
      .where(inArray(platformSettings.key, [...PLATFORM_SETTING_KEYS]));
    const savedKeys = new Set(saved.map((r) => r.key));
    for (const key of PLATFORM_SETTING_KEYS.filter((k) => !savedKeys.has(k) && k !== 'smtpPassword')) {
      expect(res.body[key], key).toBe(PLATFORM_SETTING_DEFAULTS[key]);
    }
    expect(PLATFORM_SETTING_DEFAULTS).toMatchObject({ trialDays: '7', allowSignup: 'true', smtpPort: '587', smtpSecure: 'false', paymentGateway: '', pixKey: '' });
  });

  it('masks the SMTP password, keeps it when the mask comes back, clears it when emptied', async () => {
    const set = await op_('PUT', '/admin/settings', { smtpHost: 'smtp.test.invalid', smtpUser: 'mailer', smtpPassword: 's3gredo!' });
    expect(set).toMatchObject({ status: 200, body: { smtpHost: 'smtp.test.invalid', smtpUser: 'mailer', smtpPassword: '********' } });
    expect((await op_('GET', '/admin/settings')).body.smtpPassword).toBe('********');
    expect(await getPlatformSetting(h.app.platform.db, 'smtpPassword')).toBe('s3gredo!');

    const kept = await op_('PUT', '/admin/settings', { smtpUser: 'mailer2', smtpPassword: '********' });
    expect(kept.body).toMatchObject({ smtpUser: 'mailer2', smtpPassword: '********' });
    expect(await getPlatformSetting(h.app.platform.db, 'smtpPassword')).toBe('s3gredo!');

    const cleared = await op_('PUT', '/admin/settings', { smtpPassword: '' });
    expect(cleared.body.smtpPassword).toBe('');
    expect(await getPlatformSetting(h.app.platform.db, 'smtpPassword')).toBe('');
  });
});
