// The plan's flags and limits (SPEC §6 "Plan flags gate campaigns, integrations and groups", §8):
// each one, on a plan without it, answers its error and changes nothing; on a plan with it the
// same call works; another company's token still gets 404. Campaigns' and integrations' own
// route files test their routes too; this file checks every place each flag and limit applies.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, contacts, plans, settings, tenants, tickets, users } from '../../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, uniqueEmail, type Company, type Harness } from '../../test/harness.js';
import { integrationOfQueue } from '../integrations/hand-over.js';
import { inbound, makeChannel } from '../messages/messages.test-support.js';

let h: Harness;
const uniq = () => randomUUID().slice(0, 8);
const premium = { status: 403, body: { error: 'ERR_PREMIUM_FEATURE' } };

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type PlanOver = Partial<
  Pick<typeof plans.$inferInsert, 'maxUsers' | 'maxConnections' | 'group' | 'campaign' | 'integrations'>
>;
async function companyOn(over: PlanOver): Promise<Company> {
  const [plan] = await unsafeSystemDb(h.app.platform.db)
    .insert(plans)
    .values({ name: `Plano ${uniq()}`, maxUsers: 5, maxConnections: 5, value: 10, ...over })
    .returning();
  return h.company({ planId: plan!.id });
}
const inC = <R>(c: Company, fn: Parameters<typeof withTenant<R>>[2]) => withTenant(h.app.platform.db, c.tenantId, fn);
const as = (c: Company) => ({ token: c.admin.token });
const newUser = () => ({
  name: 'Nova',
  email: uniqueEmail('n'),
  password: 'senha-forte-1',
  profile: 'user',
  queues: [],
});

/** A valid creation body of each channel type (nothing reaches a provider on creation). */
const secret = () => `secret-${uniq()}-abcdef`;
const channelBodies = () => [
  { name: `Site ${uniq()}`, type: 'webchat' },
  { name: `Zap ${uniq()}`, type: 'whatsapp' },
  {
    name: `WABA ${uniq()}`,
    type: 'waba',
    token: `EAAG-${uniq()}-token-1234`,
    config: { phoneNumberId: '123456789012', wabaId: '987654321098', appSecret: secret() },
  },
  { name: `Tg ${uniq()}`, type: 'telegram', token: `123456:${uniq()}-token` },
  {
    name: `Page ${uniq()}`,
    type: 'messenger',
    token: `EAAG-${uniq()}-token-1234`,
    config: { pageId: '111222333444', appSecret: secret() },
  },
  {
    name: `IG ${uniq()}`,
    type: 'instagram',
    token: `EAAG-${uniq()}-token-1234`,
    config: { pageId: '111222333444', igUserId: '555666777888', appSecret: secret() },
  },
];

describe('plan limits: users and connections', () => {
  it('a company at its user limit adds no user; one with room does; another company cannot touch its users', async () => {
    const full = await companyOn({ maxUsers: 1 });
    expect(await h.request('POST', '/users', { ...as(full), body: newUser() })).toMatchObject({
      status: 403,
      body: { error: 'ERR_USER_LIMIT_REACHED' },
    });
    expect(await inC(full, (s) => s.count(users))).toBe(1);
    const roomy = await companyOn({ maxUsers: 2 });
    const made = await h.request('POST', '/users', { ...as(roomy), body: newUser() });
    expect(made.status).toBe(201);
    expect(await h.request('PUT', `/users/${made.body.id}`, { ...as(full), body: { name: 'Outra' } })).toMatchObject({
      status: 404,
    });
    expect((await inC(roomy, (s) => s.first(users, eq(users.id, made.body.id))))!.name).toBe('Nova');
  });

  it('every kind of channel counts as a connection and stops at the limit', async () => {
    const none = await companyOn({ maxConnections: 0 });
    for (const body of channelBodies()) {
      const res = await h.request('POST', '/channels', { ...as(none), body });
      expect(res, body.type).toMatchObject({ status: 403, body: { error: 'ERR_CONNECTION_LIMIT_REACHED' } });
    }
    expect(await inC(none, (s) => s.count(channels))).toBe(0);
    const six = await companyOn({ maxConnections: 6 });
    for (const body of channelBodies())
      expect((await h.request('POST', '/channels', { ...as(six), body })).status, body.type).toBe(201);
    expect((await h.request('POST', '/channels', { ...as(six), body: channelBodies()[0] })).body.error).toBe(
      'ERR_CONNECTION_LIMIT_REACHED',
    );
    expect((await h.request('GET', '/tenants/plan/', as(six))).body.usage.connections).toBe(6);
    const [one] = await inC(six, (s) => s.select(channels));
    expect(await h.request('DELETE', `/channels/${one!.id}`, as(none))).toMatchObject({ status: 404 });
    expect(await inC(six, (s) => s.count(channels))).toBe(6);
  });
});

describe('plan flag: groups', () => {
  const groupFrom = () => ({ providerId: `-100${Math.floor(Math.random() * 1e9)}`, name: 'Grupo da família' });
  const takeGroups = (c: Company) =>
    h.request('PUT', '/settings/ignoreGroupMsg', { ...as(c), body: { value: 'disabled' } });

  it('a plan without groups takes no group conversation in, and its admin cannot switch them on', async () => {
    const c = await companyOn({ group: false });
    expect(await takeGroups(c)).toMatchObject(premium);
    // Even with the setting written before the plan changed, group messages open nothing.
    await inC(c, (s) => s.insert(settings, { key: 'ignoreGroupMsg', value: 'disabled' }));
    const channel = await makeChannel(h, c);
    const res = await inbound(h, c, channel, { isGroup: true, from: groupFrom() });
    expect(res).toMatchObject({ messageId: null, ticketId: null });
    expect(await inC(c, (s) => s.count(tickets))).toBe(0);
    expect(await inC(c, (s) => s.count(contacts))).toBe(0);
    // A one-to-one message still opens its ticket.
    expect((await inbound(h, c, channel, { from: { number: '5511988887777', name: 'Ana' } })).ticketId).toEqual(
      expect.any(Number),
    );
    // Nor can an agent open a ticket on a group contact.
    const group = await inC(c, (s) =>
      s.insert(contacts, { name: 'Grupo', externalKey: `${channel.id}:-1001`, isGroup: true }),
    );
    const opened = await h.request('POST', '/tickets/new', {
      ...as(c),
      body: { contactId: group.id, whatsappId: channel.id },
    });
    expect(opened).toMatchObject(premium);
    expect(await inC(c, (s) => s.count(tickets, eq(tickets.contactId, group.id)))).toBe(0);
  });

  it('a plan with groups takes them; another company cannot open a ticket on its group', async () => {
    const c = await companyOn({ group: true });
    expect(await takeGroups(c)).toMatchObject({ status: 200, body: { key: 'ignoreGroupMsg', value: 'disabled' } });
    const channel = await makeChannel(h, c);
    const res = await inbound(h, c, channel, { isGroup: true, from: groupFrom() });
    const ticket = await inC(c, (s) => s.first(tickets, eq(tickets.id, res.ticketId!)));
    expect(ticket).toMatchObject({ isGroup: true });
    const other = await companyOn({ group: true });
    const cross = await h.request('POST', '/tickets/new', { ...as(other), body: { contactId: ticket!.contactId } });
    expect(cross.status).toBe(404);
    expect(await inC(c, (s) => s.count(tickets))).toBe(1);
  });
});

describe('plan flags: campaigns and integrations', () => {
  it('a plan without campaigns refuses every campaign route; with them they work; another company gets 404', async () => {
    const without = await companyOn({ campaign: false });
    expect(await h.request('GET', '/campaigns', as(without))).toMatchObject(premium);
    expect(await h.request('POST', '/campaigns', { ...as(without), body: { name: 'X' } })).toMatchObject(premium);
    const withIt = await companyOn({ campaign: true });
    const ch = (await h.request('POST', '/channels', { ...as(withIt), body: channelBodies()[1] })).body;
    const made = await h.request('POST', '/campaigns', {
      ...as(withIt),
      body: {
        name: `C ${uniq()}`,
        channelId: ch.id,
        delaySeconds: 30,
        message1: 'Olá {{name}}',
        message2: 'Oi {{name}}',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.status).toBe(201);
    const other = await companyOn({ campaign: true });
    expect(await h.request('GET', `/campaigns/${made.body.id}`, as(other))).toMatchObject({ status: 404 });
  });

  it('a plan without integrations cannot create one; with them it can; another company gets 404', async () => {
    const without = await companyOn({ integrations: false });
    const body = { name: `N8N ${uniq()}`, type: 'n8n', url: 'https://n8n.example.com/webhook/x' };
    expect(await h.request('POST', '/queueIntegration', { ...as(without), body })).toMatchObject(premium);
    expect((await h.request('GET', '/queueIntegration', as(without))).body).toEqual([]);
    const withIt = await companyOn({ integrations: true });
    const made = await h.request('POST', '/queueIntegration', { ...as(withIt), body });
    expect(made.status).toBe(201);
    const other = await companyOn({ integrations: true });
    expect(await h.request('PUT', `/queueIntegration/${made.body.id}`, { ...as(other), body })).toMatchObject({
      status: 404,
    });
  });

  it('a company whose plan lost integrations hands no ticket to one, and cannot give one to a queue', async () => {
    const c = await companyOn({ integrations: true });
    const body = { name: `N8N ${uniq()}`, type: 'n8n', url: 'https://n8n.example.com/webhook/x' };
    const integration = (await h.request('POST', '/queueIntegration', { ...as(c), body })).body;
    const queue = await h.request('POST', '/queue', {
      ...as(c),
      body: { name: `Q ${uniq()}`, color: '#123456', integrationId: integration.id },
    });
    expect(queue.status).toBe(201);
    expect(await inC(c, (s) => integrationOfQueue(s, queue.body.id))).toBe(integration.id);
    const [lesser] = await unsafeSystemDb(h.app.platform.db)
      .insert(plans)
      .values({ name: `Plano ${uniq()}`, maxUsers: 5, maxConnections: 5, value: 10, integrations: false })
      .returning();
    await unsafeSystemDb(h.app.platform.db)
      .update(tenants)
      .set({ planId: lesser!.id })
      .where(eq(tenants.id, c.tenantId));
    expect(await inC(c, (s) => integrationOfQueue(s, queue.body.id))).toBeNull();
    const again = await h.request('POST', '/queue', {
      ...as(c),
      body: { name: `Q ${uniq()}`, color: '#123456', integrationId: integration.id },
    });
    expect(again).toMatchObject(premium);
  });

  it('GET /tenants/plan/ tells the web app which flags the plan has', async () => {
    const c = await companyOn({ group: false, campaign: true, integrations: false });
    expect((await h.request('GET', '/tenants/plan/', as(c))).body.plan).toMatchObject({
      group: false,
      campaign: true,
      integrations: false,
    });
  });
});
