/**
 * The number check of the external API on a WhatsApp Web channel (Baileys' onWhatsApp through the
 * fake socket), the same check before a contact is created, and the per-token rate limit.
 */
import type { UserFacingSocketConfig } from 'baileys';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_RATE_LIMIT_PER_MINUTE } from '@prosa/contracts';
import { contacts } from '../../../platform/db/schema.js';
import { withTenant } from '../../../platform/db/tenant-scope.js';
import { whatsappChannel } from '../../../channels/testing/whatsapp.test-support.js';
import { FakeSocket } from '../../../channels/whatsapp/fakes/fake-socket.js';
import { setLiveSocket } from '../../../channels/whatsapp/whatsapp.socket.js';
import { startHarness, type Company, type Harness } from '../../../test/harness.js';
import { phone } from '../../messages/messages.test-support.js';

let h: Harness;
let a: Company;
let api: { id: number; token: string };
let channelId: number;
const fake = new FakeSocket({} as UserFacingSocketConfig);

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  channelId = (await whatsappChannel(h, a, { status: 'CONNECTED' })).id;
  const res = await h.request('POST', '/api-config', {
    token: a.admin.token,
    body: { name: 'WhatsApp', channelId, statusUrl: '', active: true },
  });
  api = { id: res.body.apiConfig.id, token: res.body.token };
});
afterAll(async () => {
  setLiveSocket(channelId, null);
  await h.close();
});

const post = (path: string, body: unknown) =>
  h.request('POST', `/v1/api/external/${api.id}${path}`, { headers: { authorization: `Bearer ${api.token}` }, body });
const contactsWith = (number: string) =>
  withTenant(h.app.platform.db, a.tenantId, (s) => s.select(contacts, eq(contacts.number, number)));
const connect = () =>
  setLiveSocket(channelId, { tenantId: a.tenantId, platform: h.app.platform, socket: fake.asSocket(), number: '5511900000000', jids: new Map() });

describe(`external API number check (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('answers the JID of a number on WhatsApp, and the spec codes otherwise', async () => {
    const known = phone();
    const unknown = phone();
    // Not connected on this instance: WhatsApp cannot be asked.
    expect(await post('/check-number', { number: known })).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_CHECK_CONTACT' } });
    connect();
    fake.registered.set(known, `${known}@s.whatsapp.net`);
    expect(await post('/check-number', { number: known })).toMatchObject({
      status: 200,
      body: { number: known, exists: true, jid: `${known}@s.whatsapp.net` },
    });
    expect(fake.calls).toContain(`onWhatsApp:${known}@s.whatsapp.net`);
    expect(await post('/check-number', { number: unknown })).toMatchObject({
      status: 400,
      body: { error: 'ERR_CONTACTS_NOT_EXISTS_WHATSAPP' },
    });
  });

  it('creates a contact only when the number is on WhatsApp', async () => {
    connect();
    const known = phone();
    const unknown = phone();
    fake.registered.set(known, `${known}@s.whatsapp.net`);
    expect(await post('/contacts', { name: 'Sem WhatsApp', number: unknown })).toMatchObject({
      status: 400,
      body: { error: 'ERR_CONTACTS_NOT_EXISTS_WHATSAPP' },
    });
    expect(await contactsWith(unknown)).toEqual([]);
    expect(await post('/contacts', { name: 'Com WhatsApp', number: known })).toMatchObject({ status: 201, body: { number: known } });
    expect(await contactsWith(known)).toHaveLength(1);
  });

  it(`limits a token to ${API_RATE_LIMIT_PER_MINUTE} requests a minute`, async () => {
    connect();
    const known = phone();
    fake.registered.set(known, `${known}@s.whatsapp.net`);
    const statuses: number[] = [];
    for (let i = 0; i < API_RATE_LIMIT_PER_MINUTE + 2; i++) statuses.push((await post('/check-number', { number: known })).status);
    const limited = await post('/check-number', { number: known });
    expect(limited).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_ATTEMPTS' } });
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    // Another token (a wrong one) has its own budget: it is refused as unauthenticated, not limited.
    const wrong = await h.request('POST', `/v1/api/external/${api.id}/check-number`, {
      headers: { authorization: `Bearer ${api.token}x` },
      body: { number: known },
    });
    expect(wrong.status).toBe(401);
  });
});
