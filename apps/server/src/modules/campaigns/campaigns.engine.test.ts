/**
 * The campaign engine against the Telegram stand-in: each contact gets one message, at most once
 * (concurrent triggers, a crash between claim and answer), a cancel stops the sends, a new
 * schedule after it sends only to the rest, and the channel's receipts move the delivery states.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { campaignContacts, campaigns, channels, contacts, messages, plans, tenants, tickets } from '../../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../../platform/db/tenant-scope.js';
import { jobsOf } from '../../platform/jobs/enqueue.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { startTelegramStandIn, type TelegramStandIn } from '../../channels/telegram/stand-in/stand-in.js';
import '../../channels/telegram/telegram.adapter.js';
import { newChatId, telegramChannel, until } from '../../channels/testing/telegram.test-support.js';
import type { ChannelRow } from '../channels/channel-adapter.js';
import { ingestInbound } from '../messages/commands/ingest-inbound.js';
import { parseTelegramUpdate } from '../../channels/telegram/telegram.parser.js';
import { sendNextContact } from './commands/send-next-contact.js';
import { runCampaign, sendCampaignJob } from './jobs/send-campaign.job.js';
import { sweepDueCampaigns } from './jobs/sweep-campaigns.job.js';

let standIn: TelegramStandIn;
let h: Harness;
let a: Company;
let channel: ChannelRow;

beforeAll(async () => {
  standIn = await startTelegramStandIn();
  h = await startHarness({ providers: { graphApiUrl: 'http://127.0.0.1:9', telegramApiRoot: standIn.url } });
  a = await h.company();
  const row = await telegramChannel(h, a, standIn.token);
  channel = (await withTenant(h.app.platform.db, a.tenantId, (s) => s.update(channels, { status: 'CONNECTED' }, eq(channels.id, row.id))))[0]!;
});
afterAll(async () => {
  await h.close();
  await standIn.close();
});
// The test switch: no delay between sends unless a test asks for it.
beforeAll(() => void (process.env.CAMPAIGN_DELAY_OFF = '1'));
afterEach(() => void (process.env.CAMPAIGN_DELAY_OFF = '1'));

const db = () => h.app.platform.db;
const inA = <R>(fn: Parameters<typeof withTenant<R>>[2]) => withTenant(db(), a.tenantId, fn);
const ahead = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const campaignRow = (id: number) => inA((s) => s.first(campaigns, eq(campaigns.id, id)));
const rowsOf = (id: number) => inA((s) => s.select(campaignContacts, eq(campaignContacts.campaignId, id)).orderBy(campaignContacts.id));
const sentTo = (chatId: number) => standIn.sent().filter((m) => m.chatId === chatId);

/** A Telegram contact whose chat exists at the stand-in (bots cannot start chats). */
async function telegramContact(name: string, over: Partial<typeof contacts.$inferInsert> = {}) {
  const chatId = newChatId();
  await standIn.userSends({ chatId, text: 'oi', from: { first_name: name } });
  const contact = await inA((s) => s.insert(contacts, { name, externalKey: `${channel.id}:${chatId}`, ...over }));
  return { chatId, contact };
}

/** A scheduled campaign to `people`, its start then moved to now (as if the 15 minutes had passed). */
async function dueCampaign(people: { contact: { id: number } }[], over: Record<string, unknown> = {}) {
  const created = await h.request('POST', '/campaigns', {
    token: a.admin.token,
    body: { name: `Campanha ${Math.random()}`, channelId: channel.id, delaySeconds: 20, message1: 'Olá {{name}}!', message2: 'Oi {{name}}, novidade', ...over },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  await h.request('POST', `/campaigns/contacts/${id}`, { token: a.admin.token, body: { contactIds: people.map((p) => p.contact.id) } });
  await makeDue(id);
  return id;
}
async function makeDue(id: number) {
  const started = await h.request('POST', `/campaigns/start/${id}`, { token: a.admin.token, body: { startAt: ahead(16) } });
  expect(started.body.status).toBe('scheduled');
  const past = new Date(Date.now() - 1000);
  await inA((s) => s.update(campaigns, { startAt: past, nextSendAt: past }, eq(campaigns.id, id)));
}
const finished = (id: number) => until(() => campaignRow(id), (c) => c?.status === 'finished');

describe(`campaign engine (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('sends exactly one message to each contact, skips a campaign-disabled one, opens no ticket', async () => {
    const people = [await telegramContact('Ana'), await telegramContact('Bia'), await telegramContact('Caio')];
    const off = await telegramContact('Davi', { disableCampaign: true });
    const id = await dueCampaign([...people, off]);
    // Every trigger at once (the sweep twice, a late timer): one send per contact still.
    await Promise.all([
      sweepDueCampaigns(db()),
      sweepDueCampaigns(db()),
      jobsOf(db()).send(sendCampaignJob, { tenantId: a.tenantId, campaignId: id }),
    ]);
    expect((await finished(id))?.status).toBe('finished');
    for (const p of people) {
      const got = sentTo(p.chatId);
      expect(got).toHaveLength(1);
      expect([`Olá ${p.contact.name}!`, `Oi ${p.contact.name}, novidade`]).toContain(got[0]!.text);
    }
    expect(sentTo(off.chatId)).toHaveLength(0);
    const rows = await rowsOf(id);
    for (const r of rows.filter((x) => x.contactId !== off.contact.id)) {
      expect(r).toMatchObject({ status: 'delivery-pending', channelId: channel.id, providerMessageId: expect.any(String) });
      expect(r.body).toEqual(r.variant === 1 ? `Olá ${people.find((p) => p.contact.id === r.contactId)!.contact.name}!` : expect.stringMatching(/^Oi /));
    }
    expect(rows.find((r) => r.contactId === off.contact.id)?.status).toBe('skipped');
    const shown = await h.request('GET', `/campaigns/${id}`, { token: a.admin.token });
    expect(shown.body).toMatchObject({ status: 'finished', counts: { 'delivery-pending': 3, skipped: 1 }, riskNotice: false });
    // Sending opens no ticket and stores no message.
    expect(await inA((s) => s.count(tickets, eq(tickets.channelId, channel.id)))).toBe(0);
    expect(await inA((s) => s.count(messages, eq(messages.channelId, channel.id)))).toBe(0);
  });

  it('steps run at the same time claim different contacts: none gets two', async () => {
    const people = [await telegramContact('Mara'), await telegramContact('Nina'), await telegramContact('Otto')];
    const id = await dueCampaign(people);
    // On PostgreSQL these run on separate connections, as two instances would.
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => inA((s) => sendNextContact(h.app.platform, s, id))));
    // A step that found the campaign locked by another passed it by ('busy'): the rest go now.
    expect(outcomes.filter((o) => o.kind === 'sent').length).toBeLessThanOrEqual(3);
    let last = '';
    for (let i = 0; i < 5 && last !== 'finished'; i++)
      last = (await inA((s) => sendNextContact(h.app.platform, s, id, new Date(Date.now() + 60_000)))).kind;
    expect(last).toBe('finished');
    for (const p of people) expect(sentTo(p.chatId)).toHaveLength(1);
  });

  it("sends the campaign's file with the chosen text as its caption", async () => {
    const person = await telegramContact('Paula');
    const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const B = '----campaign-file';
    const part = (name: string, value: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const form = Buffer.concat([
      Buffer.from(part('name', 'Com foto') + part('channelId', String(channel.id)) + part('message1', 'Veja, {{name}}')),
      Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${B}--\r\n`),
    ]);
    const created = await h.request('POST', '/campaigns', { token: a.admin.token, headers: { 'content-type': `multipart/form-data; boundary=${B}` }, body: form });
    expect(created.status).toBe(201);
    await h.request('POST', `/campaigns/contacts/${created.body.id}`, { token: a.admin.token, body: { contactIds: [person.contact.id] } });
    await makeDue(created.body.id);
    await sweepDueCampaigns(db());
    expect((await finished(created.body.id))?.status).toBe('finished');
    const got = sentTo(person.chatId);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ method: 'sendPhoto', caption: 'Veja, Paula' });
  });

  it('a cancel stops the sends; scheduled again, it sends only to the contacts not yet sent to', async () => {
    delete process.env.CAMPAIGN_DELAY_OFF; // the real delay: one send, then 20 s to the next
    const people = [await telegramContact('Eva'), await telegramContact('Fabio'), await telegramContact('Gil')];
    const id = await dueCampaign(people);
    const step = () => inA((s) => sendNextContact(h.app.platform, s, id));
    expect((await step()).kind).toBe('sent');
    // The delay is stored: the next step now finds nothing due.
    expect((await step()).kind).toBe('not-due');
    expect((await campaignRow(id))!.nextSendAt!.getTime()).toBeGreaterThan(Date.now() + 15_000);
    expect((await h.request('POST', `/campaigns/cancel/${id}`, { token: a.admin.token })).body.status).toBe('cancelled');
    // Even when its time comes, a cancelled campaign sends nothing more.
    expect((await inA((s) => sendNextContact(h.app.platform, s, id, new Date(Date.now() + 3_600_000)))).kind).toBe('not-due');
    await sweepDueCampaigns(db(), new Date(Date.now() + 3_600_000));
    const first = people.filter((p) => sentTo(p.chatId).length === 1);
    expect(first).toHaveLength(1);
    expect(people.reduce((n, p) => n + sentTo(p.chatId).length, 0)).toBe(1);

    process.env.CAMPAIGN_DELAY_OFF = '1';
    await makeDue(id);
    await sweepDueCampaigns(db());
    expect((await finished(id))?.status).toBe('finished');
    for (const p of people) expect(sentTo(p.chatId)).toHaveLength(1);
    expect((await rowsOf(id)).map((r) => r.status)).toEqual(['delivery-pending', 'delivery-pending', 'delivery-pending']);
  });

  it('a row claimed but never confirmed (a crash mid-send) is not sent again', async () => {
    const people = [await telegramContact('Hugo'), await telegramContact('Iara')];
    const id = await dueCampaign(people);
    const [crashed] = await rowsOf(id);
    await inA((s) =>
      s.update(
        campaignContacts,
        { claimToken: 'crashed-instance', claimedAt: new Date(Date.now() - 3_600_000), variant: 1, body: 'x' },
        eq(campaignContacts.id, crashed!.id),
      ),
    );
    await sweepDueCampaigns(db());
    expect((await finished(id))?.status).toBe('finished');
    const rows = await rowsOf(id);
    expect(rows[0]).toMatchObject({ status: 'error', errorReason: 'interrupted', providerMessageId: null });
    expect(rows[1]!.status).toBe('delivery-pending');
    expect(sentTo(people[0]!.chatId)).toHaveLength(0);
    expect(sentTo(people[1]!.chatId)).toHaveLength(1);
    // An interruption says nothing about the number: no ban-risk notice for it.
    expect((await h.request('GET', `/campaigns/${id}`, { token: a.admin.token })).body.riskNotice).toBe(false);
  });

  it("the channel's receipts move the delivery states, never backwards; a failure past 2% raises the risk notice", async () => {
    const people = [await telegramContact('Joana'), await telegramContact('Kleber'), await telegramContact('Lia')];
    await standIn.block(people[2]!.chatId);
    const id = await dueCampaign(people);
    await sweepDueCampaigns(db());
    expect((await finished(id))?.status).toBe('finished');
    const [r1, r2, blocked] = await rowsOf(id);
    expect(blocked).toMatchObject({ status: 'error', errorReason: 'ERR_WAPP_INVALID_CONTACT' });
    const status = (externalId: string, s: 'delivered' | 'read' | 'played' | 'failed', error?: string) =>
      inA((scope) => ingestInbound(scope, channel, { kind: 'status', externalId, status: s, ...(error ? { error } : {}) }));
    const stateOf = async (rowId: number) => (await inA((s) => s.first(campaignContacts, eq(campaignContacts.id, rowId))))!;
    await status(r1!.providerMessageId!, 'delivered');
    expect((await stateOf(r1!.id)).status).toBe('received');
    await status(r1!.providerMessageId!, 'read');
    await status(r1!.providerMessageId!, 'delivered');
    expect((await stateOf(r1!.id)).status).toBe('read');
    await status(r1!.providerMessageId!, 'played');
    expect((await stateOf(r1!.id)).status).toBe('played');
    await status(r2!.providerMessageId!, 'failed', '131026: receiver incapable');
    expect(await stateOf(r2!.id)).toMatchObject({ status: 'error', errorReason: '131026: receiver incapable' });
    const shown = await h.request('GET', `/campaigns/${id}`, { token: a.admin.token });
    expect(shown.body).toMatchObject({ riskNotice: true, counts: { played: 1, error: 2 } });
    expect((await campaignRow(id))!.riskNotifiedAt).not.toBeNull();
    // The same provider id on another channel is not this campaign's send.
    const otherChannel = await telegramChannel(h, a, 'another-token');
    await inA((scope) => ingestInbound(scope, otherChannel, { kind: 'status', externalId: r1!.providerMessageId!, status: 'failed' }));
    expect((await stateOf(r1!.id)).status).toBe('played');
  });

  it("a block after the send (Telegram my_chat_member) counts towards the risk notice and turns the contact's campaigns off", async () => {
    const people = [await telegramContact('Mara'), await telegramContact('Nina'), await telegramContact('Otto')];
    const id = await dueCampaign(people);
    await sweepDueCampaigns(db());
    expect((await finished(id))?.status).toBe('finished');
    expect((await h.request('GET', `/campaigns/${id}`, { token: a.admin.token })).body).toMatchObject({ optedOut: 0, riskNotice: false });
    // Mara blocks the bot: Telegram sends my_chat_member with the bot's new status `kicked`.
    const { update } = await standIn.block(people[0]!.chatId);
    const events = await parseTelegramUpdate(h.app.platform, channel, update);
    expect(events).toEqual([{ kind: 'optout', from: { providerId: String(people[0]!.chatId) }, reason: 'blocked' }]);
    for (const e of events) await inA((scope) => ingestInbound(scope, channel, e));
    const shown = await h.request('GET', `/campaigns/${id}`, { token: a.admin.token });
    expect(shown.body).toMatchObject({ optedOut: 1, riskNotice: true, counts: { 'delivery-pending': 3 } });
    expect((await campaignRow(id))!.riskNotifiedAt).not.toBeNull();
    expect((await inA((s) => s.first(contacts, eq(contacts.id, people[0]!.contact.id))))!.disableCampaign).toBe(true);
    // The same block again changes nothing more.
    for (const e of events) await inA((scope) => ingestInbound(scope, channel, e));
    expect((await h.request('GET', `/campaigns/${id}`, { token: a.admin.token })).body.optedOut).toBe(1);
    // Someone no campaign reached: their contact's campaigns go off, no campaign counts it.
    const stranger = await telegramContact('Pietro');
    await inA((scope) => ingestInbound(scope, channel, { kind: 'optout', from: { providerId: String(stranger.chatId) }, reason: 'blocked' }));
    expect((await inA((s) => s.first(contacts, eq(contacts.id, stranger.contact.id))))!.disableCampaign).toBe(true);
    expect((await h.request('GET', `/campaigns/${id}`, { token: a.admin.token })).body.optedOut).toBe(1);
  });

  it('a company whose plan lost campaigns sends nothing (timer or sweep) until the plan has them again', async () => {
    const person = await telegramContact('Rita');
    const id = await dueCampaign([person]);
    const sys = unsafeSystemDb(db());
    const [plan] = await sys.insert(plans).values({ name: `Sem campanhas ${Math.random()}`, maxUsers: 5, maxConnections: 5, value: 1, campaign: false }).returning();
    await sys.update(tenants).set({ planId: plan!.id }).where(eq(tenants.id, a.tenantId));
    try {
      // The timer's job and the sweep both pass it by: nothing is sent, the campaign stays due.
      await inA((s) => runCampaign(h.app.platform, s, id));
      expect(await sweepDueCampaigns(db(), new Date(Date.now() + 60_000))).toBe(0);
      expect(sentTo(person.chatId)).toHaveLength(0);
      expect((await campaignRow(id))!.status).toBe('scheduled');
    } finally {
      await sys.update(tenants).set({ planId: null }).where(eq(tenants.id, a.tenantId));
    }
    // Back on a plan with campaigns, the sweep finds it and it finishes.
    expect(await sweepDueCampaigns(db())).toBeGreaterThanOrEqual(1);
    expect((await finished(id))?.status).toBe('finished');
    expect(sentTo(person.chatId)).toHaveLength(1);
  });
});
