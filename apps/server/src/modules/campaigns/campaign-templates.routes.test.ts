/**
 * Template campaigns on the WhatsApp Cloud API (SPEC §3, §4): an approved template of a Cloud API
 * channel, every variable mapped, the media header given; once scheduled, only the send date.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, contacts, whatsappTemplates, type WabaTemplateComponent } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { channelWithQueue } from '../../channels/testing/common.js';
import { multipart, PNG } from './campaigns.test-support.js';

let h: Harness;
let a: Company;
let b: Company;
let wabaA: number;
let wabaA2: number;
let wabaB: number;
let telegramA: number;
const tpl = { order: 0, promo: 0, pending: 0, otherChannel: 0, b: 0 };

const db = () => h.app.platform.db;
const inT = <R>(c: Company, fn: Parameters<typeof withTenant<R>>[2]) => withTenant(db(), c.tenantId, fn);
const ahead = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const waba = (c: Company, token: string) =>
  channelWithQueue(h, c, 'WhatsApp', '#2f9e44', { type: 'waba', token, config: { phoneNumberId: '1', wabaId: '2', appSecret: 's', verifyToken: 'v' } });
const template = (c: Company, channelId: number, name: string, components: WabaTemplateComponent[], status = 'APPROVED') =>
  inT(c, (s) => s.insert(whatsappTemplates, { channelId, externalId: `${Math.random()}`.slice(2), name, language: 'pt_BR', status, category: 'MARKETING', components }));

/** A text header {{1}}, a body {{1}} {{2}} and a URL button {{1}}: 4 parameters. */
const ORDER: WabaTemplateComponent[] = [
  { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
  { type: 'BODY', text: 'Olá {{1}}, seu código é {{2}}.' },
  { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Ver', url: 'https://loja.example/p/{{1}}' }] },
];
const PROMO: WabaTemplateComponent[] = [
  { type: 'HEADER', format: 'IMAGE' },
  { type: 'BODY', text: 'Oi {{1}}!' },
];
const FOUR = [
  { source: 'text', text: 'A-1' },
  { source: 'field', field: 'name' },
  { source: 'extra', name: 'Código' },
  { source: 'field', field: 'number' },
];

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  wabaA = (await waba(a, `tok-a-${Math.random()}`)).id;
  wabaA2 = (await waba(a, `tok-a2-${Math.random()}`)).id;
  wabaB = (await waba(b, `tok-b-${Math.random()}`)).id;
  telegramA = (await channelWithQueue(h, a, 'Telegram', '#229ED9', { type: 'telegram', token: `t-${Math.random()}` })).id;
  tpl.order = (await template(a, wabaA, 'pedido', ORDER)).id;
  tpl.promo = (await template(a, wabaA, 'promo', PROMO)).id;
  tpl.pending = (await template(a, wabaA, 'pendente', PROMO, 'PENDING')).id;
  tpl.otherChannel = (await template(a, wabaA2, 'pedido', ORDER)).id;
  tpl.b = (await template(b, wabaB, 'pedido', ORDER)).id;
});
afterAll(() => h.close());

const body = (over: Record<string, unknown> = {}) => ({
  name: `Modelo ${Math.random().toString(36).slice(2, 7)}`,
  channelId: wabaA,
  delaySeconds: 30,
  templateId: tpl.order,
  templateParameters: FOUR,
  ...over,
});
const create = (s: Session, over: Record<string, unknown> = {}) => h.request('POST', '/campaigns', { token: s.token, body: body(over) });
const put = (s: Session, id: number, over: Record<string, unknown> = {}) => h.request('PUT', `/campaigns/${id}`, { token: s.token, body: body(over) });
const rowOf = (c: Company, id: number) => inT(c, (s) => s.first(campaigns, eq(campaigns.id, id)));
const count = async (c: Company) => inT(c, (s) => s.count(campaigns));

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('campaigns: WhatsApp template campaigns', () => {
  it('needs a token', async () => {
    expect((await h.request('POST', '/campaigns', { body: body() })).status).toBe(401);
    expect((await h.request('PUT', '/campaigns/1', { body: body() })).status).toBe(401);
  });

  it('creates a template campaign with its mapping; shows it back', async () => {
    const created = await create(a.admin);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ templateId: tpl.order, templateParameters: FOUR, templateHeaderUrl: null, message1: '' });
    expect(await rowOf(a, created.body.id)).toMatchObject({ templateId: tpl.order, templateParameters: FOUR });
    // An image header by URL; by the campaign's file (multipart sends the mapping as JSON).
    const byUrl = await create(a.admin, { templateId: tpl.promo, templateParameters: [FOUR[1]], templateHeaderUrl: 'https://cdn.example/promo.png' });
    expect(byUrl).toMatchObject({ status: 201, body: { templateHeaderUrl: 'https://cdn.example/promo.png' } });
    const form = multipart([
      { name: 'name', value: 'Promo com imagem' },
      { name: 'channelId', value: String(wabaA) },
      { name: 'templateId', value: String(tpl.promo) },
      { name: 'templateParameters', value: JSON.stringify([FOUR[1]]) },
      { name: 'file', value: PNG, filename: 'promo.png', type: 'image/png' },
    ]);
    const byFile = await h.request('POST', '/campaigns', { token: a.admin.token, ...form });
    expect(byFile).toMatchObject({ status: 201, body: { mediaName: 'promo.png', templateParameters: [FOUR[1]], templateHeaderUrl: null } });
  });

  it('refuses bad input with its code and changes nothing', async () => {
    const before = await count(a);
    const fields = (res: { status: number; body: { error?: string; fields?: Record<string, string> } }) => ({ status: res.status, ...res.body });
    expect(fields(await create(a.admin, { templateParameters: FOUR.slice(0, 3) }))).toEqual({
      status: 400,
      error: 'ERR_VALIDATION',
      fields: { templateParameters: 'validation.campaignTemplateParameters' },
    });
    expect(fields(await create(a.admin, { templateParameters: [...FOUR, FOUR[0]] })).fields).toEqual({ templateParameters: 'validation.campaignTemplateParameters' });
    expect(await create(a.admin, { templateParameters: [{ source: 'field', field: 'cpf' }, ...FOUR.slice(1)] })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await create(a.admin, { templateParameters: [{ source: 'text', text: 'duas\nlinhas' }, ...FOUR.slice(1)] })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(fields(await create(a.admin, { message1: 'Texto livre' })).fields).toEqual({ message1: 'validation.campaignTemplateMessages' });
    expect(await create(a.admin, { templateId: tpl.pending, templateParameters: [FOUR[1]], templateHeaderUrl: 'https://x.example/a.png' })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TEMPLATE_FOUND' } });
    expect(await create(a.admin, { templateId: tpl.otherChannel })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TEMPLATE_FOUND' } });
    expect(await create(a.admin, { templateId: 999_999 })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TEMPLATE_FOUND' } });
    expect(await create(a.admin, { channelId: telegramA })).toMatchObject({ status: 400, body: { error: 'ERR_CAMPAIGN_TEMPLATE_NEEDS_WABA' } });
    expect(await create(a.admin, { channelId: '' })).toMatchObject({ status: 400, body: { error: 'ERR_CAMPAIGN_TEMPLATE_NEEDS_WABA' } });
    // An image header needs the file or a URL; a PDF is no image; a URL must be http(s).
    const promo = { templateId: tpl.promo, templateParameters: [FOUR[1]] };
    expect(fields(await create(a.admin, promo)).fields).toEqual({ templateHeaderUrl: 'validation.campaignTemplateMedia' });
    expect(fields(await create(a.admin, { ...promo, templateHeaderUrl: 'javascript:alert(1)' })).fields).toEqual({ templateHeaderUrl: 'validation.invalidValue' });
    const pdf = multipart([
      { name: 'name', value: 'Promo PDF' },
      { name: 'channelId', value: String(wabaA) },
      { name: 'templateId', value: String(tpl.promo) },
      { name: 'templateParameters', value: JSON.stringify([FOUR[1]]) },
      { name: 'file', value: PDF, filename: 'promo.pdf', type: 'application/pdf' },
    ]);
    expect(await h.request('POST', '/campaigns', { token: a.admin.token, ...pdf })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: { file: 'validation.campaignTemplateMedia' } } });
    expect(await count(a)).toBe(before);
  });

  it('a user may not; another company answers 404 and changes nothing', async () => {
    const user = await h.user(a, 'user');
    expect(await create(user)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const { body: c } = await create(a.admin);
    const beforeB = await count(b);
    // B names A's channel, A's template: not found; A's campaign: not found.
    expect(await create(b.admin, { channelId: wabaA })).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(await create(b.admin, { channelId: wabaB, templateId: tpl.order })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TEMPLATE_FOUND' } });
    expect(await put(b.admin, c.id, { channelId: wabaB, templateId: tpl.b })).toMatchObject({ status: 404, body: { error: 'ERR_NO_CAMPAIGN_FOUND' } });
    // A may not use B's template either.
    expect(await create(a.admin, { templateId: tpl.b })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TEMPLATE_FOUND' } });
    expect(await count(b)).toBe(beforeB);
    expect(await rowOf(a, c.id)).toMatchObject({ name: c.name, templateId: tpl.order, channelId: wabaA });
  });

  it('once scheduled, only the send date changes (ERR_CAMPAIGN_TEMPLATE_ONLY_DATE); a draft is edited freely', async () => {
    const { body: c } = await create(a.admin);
    const same = { name: c.name };
    // A draft (pending): anything may change.
    expect((await put(a.admin, c.id, { name: 'Rascunho', templateParameters: [...FOUR].reverse() })).body).toMatchObject({ name: 'Rascunho' });
    same.name = 'Rascunho';
    expect(await put(a.admin, c.id, { ...same, templateParameters: FOUR })).toMatchObject({ status: 200 });
    const [x] = await inT(a, (s) => s.insert(contacts, [{ name: 'Ana', number: '5511987650001' }]));
    await h.request('POST', `/campaigns/contacts/${c.id}`, { token: a.admin.token, body: { contactIds: [x!.id] } });
    const first = ahead(20);
    expect((await h.request('POST', `/campaigns/start/${c.id}`, { token: a.admin.token, body: { startAt: first } })).body.status).toBe('scheduled');

    const onlyDate = { status: 409, body: { error: 'ERR_CAMPAIGN_TEMPLATE_ONLY_DATE' } };
    for (const change of [
      { name: 'Outro nome' },
      { delaySeconds: 60 },
      { templateParameters: [{ source: 'text', text: 'B-2' }, ...FOUR.slice(1)] },
      { templateId: tpl.promo, templateParameters: [FOUR[1]], templateHeaderUrl: 'https://cdn.example/x.png' },
      { channelId: wabaA2, templateId: tpl.otherChannel },
    ])
      expect(await put(a.admin, c.id, { ...same, startAt: first, ...change }), JSON.stringify(change)).toMatchObject(onlyDate);
    expect(await rowOf(a, c.id)).toMatchObject({ name: 'Rascunho', delaySeconds: 30, templateParameters: FOUR, status: 'scheduled' });

    // The date: held to the scheduling rules, and it moves the first send.
    expect(await put(a.admin, c.id, { ...same, startAt: ahead(5) })).toMatchObject({ status: 400, body: { error: 'ERROR_CAMPAIGN_DATE_NOT_VALID' } });
    const later = ahead(45);
    const moved = await put(a.admin, c.id, { ...same, startAt: later });
    expect(moved).toMatchObject({ status: 200, body: { status: 'scheduled', startAt: new Date(later).toISOString() } });
    expect((await rowOf(a, c.id))!.nextSendAt?.toISOString()).toBe(new Date(later).toISOString());

    // Cancelled: still the date only.
    await h.request('POST', `/campaigns/cancel/${c.id}`, { token: a.admin.token });
    expect(await put(a.admin, c.id, { ...same, startAt: later, name: 'Nova' })).toMatchObject(onlyDate);
    const again = ahead(90);
    expect(await put(a.admin, c.id, { ...same, startAt: again })).toMatchObject({ status: 200, body: { status: 'cancelled', startAt: new Date(again).toISOString() } });

    // Sending or sent: nothing changes.
    await inT(a, (s) => s.update(campaigns, { status: 'processing' }, eq(campaigns.id, c.id)));
    expect(await put(a.admin, c.id, { ...same, startAt: ahead(120) })).toMatchObject({ status: 409, body: { error: 'ERR_NO_UPDATE_CAMPAIGN_NOT_IN_CANCELED_PENDING' } });
    expect((await rowOf(a, c.id))!.startAt?.toISOString()).toBe(new Date(again).toISOString());
  });

  it('scheduling checks the template again: one no longer approved is not found', async () => {
    const { body: c } = await create(a.admin, { templateId: tpl.promo, templateParameters: [FOUR[1]], templateHeaderUrl: 'https://cdn.example/p.png' });
    const [x] = await inT(a, (s) => s.insert(contacts, [{ name: 'Bia', number: '5511987650002' }]));
    await h.request('POST', `/campaigns/contacts/${c.id}`, { token: a.admin.token, body: { contactIds: [x!.id] } });
    await inT(a, (s) => s.update(whatsappTemplates, { status: 'PAUSED' }, eq(whatsappTemplates.id, tpl.promo)));
    try {
      const start = await h.request('POST', `/campaigns/start/${c.id}`, { token: a.admin.token, body: { startAt: ahead(20) } });
      expect(start).toMatchObject({ status: 404, body: { error: 'ERR_NO_TEMPLATE_FOUND' } });
      expect((await rowOf(a, c.id))!.status).toBe('pending');
    } finally {
      await inT(a, (s) => s.update(whatsappTemplates, { status: 'APPROVED' }, eq(whatsappTemplates.id, tpl.promo)));
    }
  });
});
