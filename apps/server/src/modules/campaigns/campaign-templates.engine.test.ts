/**
 * Template campaigns sent through the WhatsApp Cloud API stand-in: each contact gets the template
 * once, by name and language, with its own parameters and the media header (by URL, or the
 * campaign's file uploaded once); a contact without a mapped value is an error, never a send.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignContacts, campaigns, contacts, whatsappTemplates } from '../../platform/db/schema.js';
import type { Company } from '../../test/harness.js';
import { customer, inTenant, startWabaEnv, wabaChannel, type WabaEnv } from '../../channels/testing/waba.test-support.js';
import type { StandInTemplate } from '../../channels/waba/stand-in/stand-in.js';
import '../../channels/waba/waba.adapter.js';
import type { ChannelRow } from '../channels/channel-adapter.js';
import { sendNextContact } from './commands/send-next-contact.js';
import { multipart, PNG } from './campaigns.test-support.js';

let env: WabaEnv;
let a: Company;
let ch: ChannelRow;
const ids = { offer: 0 };

/** An image header, a body with two variables, and a URL button with one. */
const OFFER: StandInTemplate = {
  id: '770000000000001',
  name: 'oferta_semana',
  language: 'pt_BR',
  status: 'APPROVED',
  category: 'MARKETING',
  components: [
    { type: 'HEADER', format: 'IMAGE' },
    { type: 'BODY', text: 'Olá {{1}}, seu cupom é {{2}}.' },
    { type: 'FOOTER', text: 'Loja Prosa' },
    { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Comprar', url: 'https://loja.example/c/{{1}}' }] },
  ],
};
const MAPPING = [
  { source: 'field', field: 'name' },
  { source: 'extra', name: 'cupom' },
  { source: 'text', text: 'SEMANA10' },
];

beforeAll(async () => {
  process.env.CAMPAIGN_DELAY_OFF = '1';
  env = await startWabaEnv();
  a = await env.h.company();
  ch = await wabaChannel(env, a);
  env.standIn.setTemplates([OFFER]);
  const sync = await env.h.request('POST', `/channels/${ch.id}/templates/sync`, { token: a.admin.token });
  expect(sync.body).toMatchObject({ synced: 1 });
  ids.offer = (await inA((s) => s.first(whatsappTemplates, eq(whatsappTemplates.name, OFFER.name))))!.id;
});
afterAll(async () => {
  delete process.env.CAMPAIGN_DELAY_OFF;
  await env.close();
});

const inA = <R>(fn: Parameters<typeof inTenant<R>>[2]) => inTenant(env, a, fn);
const ahead = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const people = (names: string[], coupons: (string | null)[]) =>
  inA((s) =>
    s.insert(
      contacts,
      names.map((name, i) => ({ name, number: customer(), extraInfo: coupons[i] ? [{ name: 'Cupom', value: coupons[i]! }] : [] })),
    ),
  );

/** Links the contacts, schedules, makes it due, and steps the engine until it finishes. */
async function run(id: number, who: { id: number }[]) {
  await env.h.request('POST', `/campaigns/contacts/${id}`, { token: a.admin.token, body: { contactIds: who.map((p) => p.id) } });
  const started = await env.h.request('POST', `/campaigns/start/${id}`, { token: a.admin.token, body: { startAt: ahead(16) } });
  expect(started.body.status).toBe('scheduled');
  const past = new Date(Date.now() - 1000);
  await inA((s) => s.update(campaigns, { startAt: past, nextSendAt: past }, eq(campaigns.id, id)));
  let last = '';
  for (let i = 0; i < who.length + 3 && last !== 'finished'; i++) last = (await inA((s) => sendNextContact(env.h.app.platform, s, id))).kind;
  expect(last).toBe('finished');
  return inA((s) => s.select(campaignContacts, eq(campaignContacts.campaignId, id)).orderBy(campaignContacts.id));
}
const templateSends = (to: string) => env.standIn.sent().filter((m) => m.to === to && m.type === 'template');

describe(`template campaigns through the Cloud API stand-in (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('sends the template once per contact with its parameters and the header image link', async () => {
    const created = await env.h.request('POST', '/campaigns', {
      token: a.admin.token,
      body: { name: 'Oferta', channelId: ch.id, delaySeconds: 20, templateId: ids.offer, templateParameters: MAPPING, templateHeaderUrl: 'https://cdn.example/oferta.png' },
    });
    expect(created.status).toBe(201);
    const who = await people(['Ana', 'Bia', 'Caio', 'Davi'], ['ANA5', 'BIA7', 'CAIO9', null]);
    const rows = await run(created.body.id, who);

    for (const [i, p] of who.slice(0, 3).entries()) {
      const got = templateSends(p.number);
      expect(got, p.name).toHaveLength(1);
      expect(got[0]!.payload.template).toEqual({
        name: 'oferta_semana',
        language: { code: 'pt_BR' },
        components: [
          { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example/oferta.png' } }] },
          { type: 'body', parameters: [{ type: 'text', text: p.name }, { type: 'text', text: ['ANA5', 'BIA7', 'CAIO9'][i] }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'SEMANA10' }] },
        ],
      });
      const row = rows.find((r) => r.contactId === p.id)!;
      // The stored text is the rendered template.
      expect(row).toMatchObject({ status: 'delivery-pending', variant: null, providerMessageId: got[0]!.id });
      expect(row.body).toBe(`Olá ${p.name}, seu cupom é ${['ANA5', 'BIA7', 'CAIO9'][i]}.\n\nLoja Prosa`);
    }
    // Davi has no "cupom": not sent, an error that does not count towards the ban risk.
    expect(templateSends(who[3]!.number)).toHaveLength(0);
    expect(rows.find((r) => r.contactId === who[3]!.id)).toMatchObject({ status: 'error', errorReason: 'ERR_TEMPLATE_VALUE_MISSING: cupom', claimToken: null });
    const shown = await env.h.request('GET', `/campaigns/${created.body.id}`, { token: a.admin.token });
    expect(shown.body).toMatchObject({ status: 'finished', counts: { 'delivery-pending': 3, error: 1 }, riskNotice: false });
  });

  it("sends the campaign's file as the header image, uploaded once for all contacts", async () => {
    const form = multipart([
      { name: 'name', value: 'Oferta com arquivo' },
      { name: 'channelId', value: String(ch.id) },
      { name: 'templateId', value: String(ids.offer) },
      { name: 'templateParameters', value: JSON.stringify(MAPPING) },
      { name: 'file', value: PNG, filename: 'oferta.png', type: 'image/png' },
    ]);
    const created = await env.h.request('POST', '/campaigns', { token: a.admin.token, ...form });
    expect(created.status).toBe(201);
    const uploads = () => env.standIn.calls().filter((c) => c.method === 'POST' && c.path.endsWith('/media')).length;
    const before = uploads();
    const who = await people(['Eva', 'Fabi', 'Gil'], ['E1', 'F2', 'G3']);
    await run(created.body.id, who);
    const mediaIds = new Set<string>();
    for (const p of who) {
      const [got] = templateSends(p.number);
      const header = (got!.payload.template as { components: { type: string; parameters: { image?: { id?: string } }[] }[] }).components[0]!;
      expect(header.type).toBe('header');
      mediaIds.add(header.parameters[0]!.image!.id!);
    }
    expect(mediaIds.size).toBe(1);
    expect(uploads() - before).toBe(1);
  });

  it('the stand-in refuses a media header template sent without its media (#132012), as the Cloud API does', async () => {
    // A campaign whose header URL was cleared behind the API's back: the send fails with the provider's reason.
    const created = await env.h.request('POST', '/campaigns', {
      token: a.admin.token,
      body: { name: 'Sem imagem', channelId: ch.id, delaySeconds: 20, templateId: ids.offer, templateParameters: MAPPING, templateHeaderUrl: 'https://cdn.example/x.png' },
    });
    await inA((s) => s.update(campaigns, { templateHeaderUrl: null }, eq(campaigns.id, created.body.id)));
    const [p] = await people(['Hugo'], ['H1']);
    const rows = await run(created.body.id, [p!]);
    expect(rows[0]).toMatchObject({ status: 'error', errorReason: expect.stringContaining('#132012') });
    expect(templateSends(p!.number)).toHaveLength(0);
  });
});
