import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { open } from '../../platform/security/secret-box.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { startWebhookReceiver } from '../channel-webhooks/webhook-receiver.test-support.js';

let h: Harness;
let a: Company;
let b: Company;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
});
afterAll(() => h.close());

const n8n = { name: 'Fluxo N8N', type: 'n8n', url: 'http://127.0.0.1:9/hook', apiKey: 'n8n-secret-key-1234' };
const openai = { name: 'Assistente', type: 'openai', model: 'gpt-4o-mini', prompt: 'Seja breve.', apiKey: 'sk-test-abcdWXYZ', maxTokens: 300, maxMessages: 8, temperature: 0.2 };

const list = async (c: Company) => (await h.request('GET', '/queueIntegration', { token: c.admin.token })).body as { id: number; name: string }[];
const rowOf = (c: Company, id: number) => withTenant(h.app.platform.db, c.tenantId, (s) => s.first(integrations, eq(integrations.id, id)));

describe('queue integrations', () => {
  it('needs a token', async () => {
    expect((await h.request('GET', '/queueIntegration')).status).toBe(401);
    expect((await h.request('POST', '/queueIntegration', { body: n8n })).body).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    expect((await h.request('POST', '/queueIntegration/1/test')).status).toBe(401);
    expect((await h.request('DELETE', '/queueIntegration/1')).status).toBe(401);
  });

  it('admin creates, lists, updates and deletes; keys sealed at rest and shown by their last 4 characters', async () => {
    const created = await h.request('POST', '/queueIntegration', { token: a.admin.token, body: openai });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Assistente', type: 'openai', model: 'gpt-4o-mini', apiKeyLast4: 'WXYZ', maxTokens: 300, temperature: 0.2 });
    expect(JSON.stringify(created.body)).not.toContain('sk-test-abcdWXYZ');
    const row = (await rowOf(a, created.body.id))!;
    expect(row.apiKeySealed).not.toContain('sk-test');
    expect(open(row.apiKeySealed!, h.config.encryptionSecret)).toBe('sk-test-abcdWXYZ');
    const listed = await h.request('GET', '/queueIntegration', { token: a.admin.token });
    expect(JSON.stringify(listed.body)).not.toContain('sk-test-abcdWXYZ');
    expect(listed.body.map((i: { name: string }) => i.name)).toContain('Assistente');

    // An update without a key keeps the stored one; with one, replaces it.
    const kept = await h.request('PUT', `/queueIntegration/${created.body.id}`, { token: a.admin.token, body: { ...openai, apiKey: '', name: 'Assistente 2' } });
    expect(kept).toMatchObject({ status: 200, body: { name: 'Assistente 2', apiKeyLast4: 'WXYZ' } });
    expect(open((await rowOf(a, created.body.id))!.apiKeySealed!, h.config.encryptionSecret)).toBe('sk-test-abcdWXYZ');
    const replaced = await h.request('PUT', `/queueIntegration/${created.body.id}`, { token: a.admin.token, body: { ...openai, apiKey: 'sk-new-key-9876' } });
    expect(replaced.body.apiKeyLast4).toBe('9876');
    expect(open((await rowOf(a, created.body.id))!.apiKeySealed!, h.config.encryptionSecret)).toBe('sk-new-key-9876');

    expect((await h.request('DELETE', `/queueIntegration/${created.body.id}`, { token: a.admin.token })).status).toBe(204);
    expect((await h.request('PUT', `/queueIntegration/${created.body.id}`, { token: a.admin.token, body: openai })).status).toBe(404);
  });

  it('keeps only the fields of its type', async () => {
    const res = await h.request('POST', '/queueIntegration', { token: a.admin.token, body: { ...n8n, name: 'Só webhook', model: 'x', prompt: 'y', typebotSlug: 'z' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ model: null, prompt: null, typebotSlug: null, apiKeyLast4: '1234' });
    expect(res.body.signingSecret).toEqual(expect.any(String));
  });

  it('rejects bad input with a code and changes nothing', async () => {
    const before = (await list(a)).length;
    const short = await h.request('POST', '/queueIntegration', { token: a.admin.token, body: { ...n8n, name: 'ab' } });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { name: 'validation.minLength|min=3' } });
    const noUrl = await h.request('POST', '/queueIntegration', { token: a.admin.token, body: { ...n8n, name: 'Sem URL', url: '' } });
    expect(noUrl.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { url: 'validation.required' } });
    const badType = await h.request('POST', '/queueIntegration', { token: a.admin.token, body: { ...n8n, name: 'Tipo', type: 'ftp' } });
    expect(badType.body.error).toBe('ERR_VALIDATION');
    const typebot = await h.request('POST', '/queueIntegration', { token: a.admin.token, body: { name: 'Bot', type: 'typebot', url: 'http://typebot.local' } });
    expect(typebot.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { typebotSlug: 'validation.required' } });
    const badQueue = await h.request('POST', '/queueIntegration', { token: a.admin.token, body: { ...n8n, name: 'Fila X', transferQueueId: 999999 } });
    expect(badQueue).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect((await list(a)).length).toBe(before);
  });

  it('refuses a duplicate name', async () => {
    await h.request('POST', '/queueIntegration', { token: a.admin.token, body: { ...n8n, name: 'Duplicada' } });
    const res = await h.request('POST', '/queueIntegration', { token: a.admin.token, body: { ...n8n, name: 'Duplicada' } });
    expect(res).toMatchObject({ status: 409, body: { error: 'ERR_INTEGRATION_EXISTS' } });
  });

  it('agents and supervisors may not see or change integrations', async () => {
    for (const profile of ['user', 'supervisor'] as const) {
      const u = await h.user(a, profile);
      expect((await h.request('GET', '/queueIntegration', { token: u.token })).status).toBe(403);
      const res = await h.request('POST', '/queueIntegration', { token: u.token, body: { ...n8n, name: `Nope ${profile}` } });
      expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
    expect((await list(a)).some((i) => i.name.startsWith('Nope'))).toBe(false);
  });

  it("another tenant's integration answers 404 and is left unchanged", async () => {
    const mine = (await h.request('POST', '/queueIntegration', { token: a.admin.token, body: { ...n8n, name: 'Privada' } })).body;
    const put = await h.request('PUT', `/queueIntegration/${mine.id}`, { token: b.admin.token, body: { ...n8n, name: 'Hacked' } });
    expect(put).toMatchObject({ status: 404, body: { error: 'ERR_NO_INTEGRATION_FOUND' } });
    expect((await h.request('DELETE', `/queueIntegration/${mine.id}`, { token: b.admin.token })).status).toBe(404);
    expect((await h.request('POST', `/queueIntegration/${mine.id}/test`, { token: b.admin.token })).status).toBe(404);
    expect((await h.request('GET', `/queueIntegration/${mine.id}`, { token: b.admin.token })).status).toBe(404);
    expect((await list(b)).find((x) => x.id === mine.id)).toBeUndefined();
    expect((await list(a)).find((x) => x.id === mine.id)).toMatchObject({ name: 'Privada' });
    // Nor can another tenant's queue be its transfer queue.
    const q = (await h.request('POST', '/queue', { token: b.admin.token, body: { name: 'Fila B', color: '#123456' } })).body;
    const res = await h.request('PUT', `/queueIntegration/${mine.id}`, { token: a.admin.token, body: { ...n8n, name: 'Privada', transferQueueId: q.id } });
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect((await rowOf(a, mine.id))!.transferQueueId).toBeNull();
  });

  it('an integration used by a queue cannot be deleted', async () => {
    const i = (await h.request('POST', '/queueIntegration', { token: a.admin.token, body: { ...n8n, name: 'Em uso' } })).body;
    const q = await h.request('POST', '/queue', { token: a.admin.token, body: { name: 'Com integração', color: '#2f9e44', integrationId: i.id } });
    expect(q.body.integrationId).toBe(i.id);
    const res = await h.request('DELETE', `/queueIntegration/${i.id}`, { token: a.admin.token });
    expect(res).toMatchObject({ status: 409, body: { error: 'ERR_INTEGRATION_IN_USE' } });
    expect((await list(a)).find((x) => x.id === i.id)).toBeDefined();
  });

  it('the test button makes one real signed call and shows the answer', async () => {
    const receiver = await startWebhookReceiver('unused');
    try {
      const i = (await h.request('POST', '/queueIntegration', { token: a.admin.token, body: { ...n8n, name: 'Testável', url: `${receiver.url}/n8n` } })).body;
      const ok = await h.request('POST', `/queueIntegration/${i.id}/test`, { token: a.admin.token });
      expect(ok).toMatchObject({ status: 200, body: { ok: true, status: 200 } });
      expect(receiver.received[0]!.headers['x-n8n-api-key']).toBe('n8n-secret-key-1234');
      receiver.failNext(1, 503);
      const down = await h.request('POST', `/queueIntegration/${i.id}/test`, { token: a.admin.token });
      expect(down.body).toMatchObject({ ok: false, status: 503, detail: 'HTTP 503' });
    } finally {
      await receiver.close();
    }
  });

  it('a plan without integrations cannot create them', async () => {
    const operator = await h.operator();
    const plan = await h.request('POST', '/admin/plans', {
      token: operator.token,
      body: { name: `Sem integrações ${Date.now()}`, maxUsers: 5, maxConnections: 5, value: 10, integrations: false },
    });
    expect(plan.status).toBe(201);
    const c = await h.company({ planId: plan.body.id });
    const res = await h.request('POST', '/queueIntegration', { token: c.admin.token, body: n8n });
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_PREMIUM_FEATURE' } });
    expect(await list(c)).toEqual([]);
  });
});
