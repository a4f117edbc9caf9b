/**
 * The parser on recorded Baileys events (fixtures/), stored the way the session stores them. Media
 * is fetched and decrypted by Baileys' real downloadMediaMessage from the CDN stand-in.
 */
import type { WAMessage } from 'baileys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings, whatsappAuthKeys } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import type { ChannelRow, InboundEvent } from '../../modules/channels/channel-adapter.js';
import { startMediaCdn, type MediaCdn } from './fakes/media-cdn.js';
import { ingestInbound } from '../../modules/messages/commands/ingest-inbound.js';
import { parseWhatsapp } from './whatsapp.parser.js';
import { toJsonValue } from './whatsapp.json.js';
import { fixture, serveMedia, upsertOf, whatsappChannel } from '../testing/whatsapp.test-support.js';

let h: Harness;
let a: Company;
let cdn: MediaCdn;
let channel: ChannelRow;

beforeAll(async () => {
  [h, cdn] = await Promise.all([startHarness(), startMediaCdn()]);
  a = await h.company();
  channel = await whatsappChannel(h, a, { number: '5511900001111' });
});
afterAll(async () => {
  await Promise.all([h.close(), cdn.close()]);
});

type MessageEvent = Extract<InboundEvent, { kind: 'message' }>;
/** As stored: the session keeps JSON of the payload. */
const parse = (payload: unknown) => parseWhatsapp(h.app.platform, channel, toJsonValue(payload));
const upsert = (messages: WAMessage[]) => parse({ kind: 'upsert', type: 'notify', messages });
async function one(name: string, prepare?: (m: WAMessage) => Promise<void>): Promise<MessageEvent> {
  const [m] = upsertOf(name).messages;
  await prepare?.(m!);
  const events = await upsert([m!]);
  expect(events).toHaveLength(1);
  return events[0] as MessageEvent;
}
const bytes = (label: string) => Buffer.from(`${label}:${'0123456789abcdef'.repeat(40)}`);

describe(`whatsapp parser (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a text from a phone: the number is the contact, the WhatsApp id the external id', async () => {
    expect(await one('upsert-text')).toEqual({
      kind: 'message',
      externalId: '3EB0C4F5A1B2C3D4E5F6A7',
      from: { number: '5511987654321', name: 'Mariana Souza' },
      body: 'Olá, preciso de ajuda com meu pedido',
      mediaType: 'chat',
      timestamp: new Date(1732291200 * 1000),
      isGroup: false,
      fromMe: false,
    });
  });

  it('an extended text quoting a message: contextInfo.stanzaId is the quoted external id', async () => {
    expect(await one('upsert-extended-quote')).toMatchObject({
      body: 'Esse aqui, o de ontem',
      quotedExternalId: '3EB0C4F5A1B2C3D4E5F6A7',
    });
  });

  it('an image with caption: the decrypted bytes, the caption as body', async () => {
    const photo = bytes('foto');
    const e = await one('upsert-image', (m) => serveMedia(cdn, m, photo));
    expect(e).toMatchObject({ body: 'Chegou assim, amassado', mediaType: 'image' });
    expect(e.media?.mimeType).toBe('image/jpeg');
    expect(e.media?.data.equals(photo)).toBe(true);
  });

  it('a voice note (ptt) is OGG audio; a document keeps its file name and caption', async () => {
    const voice = bytes('voz');
    const audio = await one('upsert-ptt', (m) => serveMedia(cdn, m, voice));
    expect(audio).toMatchObject({ mediaType: 'audio', body: '' });
    expect(audio.media).toMatchObject({ mimeType: 'audio/ogg', fileName: 'audio.ogg' });
    expect(audio.media?.data.equals(voice)).toBe(true);
    const pdf = bytes('%PDF-1.7');
    const doc = await one('upsert-document', (m) => serveMedia(cdn, m, pdf));
    expect(doc).toMatchObject({ mediaType: 'document', body: 'Segue o boleto' });
    expect(doc.media).toMatchObject({ mimeType: 'application/pdf', fileName: 'boleto-novembro.pdf' });
    expect(doc.media?.data.equals(pdf)).toBe(true);
  });

  it('media the CDN no longer has is kept as a note; a CDN failure throws so the job retries', async () => {
    const [m] = upsertOf('upsert-image').messages;
    await serveMedia(cdn, m!, bytes('x'));
    cdn.failNext(1, 410);
    const [gone] = (await upsert([m!])) as MessageEvent[];
    expect(gone).toMatchObject({ body: 'Chegou assim, amassado', mediaType: 'chat' });
    expect(gone!.media).toBeUndefined();
    cdn.failNext(1, 502);
    await expect(upsert([m!])).rejects.toThrow(/ERR_MEDIA_DOWNLOAD_FAILED/);
  });

  it('a location is text with a map link', async () => {
    const e = await one('upsert-location');
    expect(e.mediaType).toBe('location');
    expect(e.body).toBe(
      'Loja Paulista\nAv. Paulista, 1000 - Bela Vista, São Paulo\nhttps://maps.google.com/maps?q=-23.5613,-46.6565',
    );
  });

  it('a group message: the group is the contact, the author before the text', async () => {
    expect(await one('upsert-group')).toMatchObject({
      from: { providerId: '120363025246125888@g.us', name: 'Grupo 120363025246125888' },
      body: 'Carlos Lima: Bom dia! Alguém pode confirmar a entrega de hoje?',
      isGroup: true,
      fromMe: false,
    });
  });

  it('a message sent from the phone is fromMe, named by the number (its push name is ours)', async () => {
    expect(await one('upsert-fromme')).toMatchObject({
      from: { number: '5511987654321', name: '5511987654321' },
      body: 'Oi Mariana, já estamos vendo o seu pedido.',
      fromMe: true,
    });
  });

  it('a LID sender: by number when the phone comes beside it, else by LID, else from the stored LID map', async () => {
    expect((await one('upsert-lid-with-pn')).from).toEqual({ number: '5531988887777', name: 'Paula Reis' });
    expect((await one('upsert-lid-only')).from).toEqual({ providerId: '219988776655443@lid', name: 'Paula Reis' });
    // Baileys keeps what it learns in the auth state: `lid-mapping-{lid}_reverse` -> phone.
    await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.insert(whatsappAuthKeys, {
        channelId: channel.id,
        key: 'lid-mapping-219988776655443_reverse',
        value: { v: '5531988887777' },
      }),
    );
    expect((await one('upsert-lid-only')).from).toEqual({ number: '5531988887777', name: 'Paula Reis' });
  });

  it('statuses of our own messages: delivered, read; receipts in groups: read, delivered', async () => {
    expect(await parse({ kind: 'status', updates: fixture('messages-update-status') })).toEqual([
      { kind: 'status', externalId: '3EB0F00DF00DF00DF00D01', status: 'delivered' },
      { kind: 'status', externalId: '3EB0F00DF00DF00DF00D02', status: 'read' },
    ]);
    expect(await parse({ kind: 'receipt', receipts: fixture('message-receipt-update') })).toEqual([
      { kind: 'status', externalId: '3EB0F00DF00DF00DF00D03', status: 'read' },
      { kind: 'status', externalId: '3EB0F00DF00DF00DF00D04', status: 'delivered' },
    ]);
    const failed = await parse({
      kind: 'status',
      updates: [{ key: { id: 'X1', fromMe: true, remoteJid: '1@s.whatsapp.net' }, update: { status: 0 } }],
    });
    expect(failed).toEqual([{ kind: 'status', externalId: 'X1', status: 'failed', error: 'ERR_SENDING_WAPP_MSG' }]);
  });

  it('reactions (messages.reaction): the message reacted to, the emoji now, who (in groups), ours from the phone', async () => {
    expect(await parse({ kind: 'reaction', reactions: fixture('messages-reaction') })).toEqual([
      {
        kind: 'reaction',
        targetExternalId: '3EB0F00DF00DF00DF00D01',
        emoji: '👍',
        fromMe: false,
        author: '5511987654321@s.whatsapp.net',
      },
      {
        kind: 'reaction',
        targetExternalId: '3EB0C1C2C3C4C5C6C7C8C9',
        emoji: '😂',
        fromMe: false,
        author: '5511955554444@s.whatsapp.net',
      },
    ]);
    const removedByPhone = await parse({
      kind: 'reaction',
      reactions: [
        {
          key: { id: 'X2', remoteJid: '1@s.whatsapp.net', fromMe: false },
          reaction: { text: '', key: { fromMe: true, remoteJid: '1@s.whatsapp.net' } },
        },
      ],
    });
    expect(removedByPhone).toEqual([{ kind: 'reaction', targetExternalId: 'X2', emoji: '', fromMe: true }]);
  });

  it('messages.update: a deletion for everyone (REVOKE) and an edit, with the author kept in front in a group', async () => {
    expect(await parse({ kind: 'change', updates: fixture('messages-update-revoke') })).toEqual([
      { kind: 'delete', targetExternalId: '3EB0C4F5A1B2C3D4E5F6A7' },
    ]);
    expect(await parse({ kind: 'change', updates: fixture('messages-update-edit') })).toEqual([
      { kind: 'edit', targetExternalId: '3EB0C4F5A1B2C3D4E5F6A7', body: 'Olá, preciso de ajuda com meu pedido 8812' },
    ]);
    // The group message as first stored: "Carlos Lima: Bom dia!..."
    await withTenant(h.app.platform.db, a.tenantId, async (s) => {
      await s.insert(settings, { key: 'ignoreGroupMsg', value: 'disabled' });
      return ingestInbound(s, channel, (await upsert(upsertOf('upsert-group').messages))[0]!);
    });
    expect(await parse({ kind: 'change', updates: fixture('messages-update-edit-group') })).toEqual([
      {
        kind: 'edit',
        targetExternalId: '3EB0C1C2C3C4C5C6C7C8C9',
        body: 'Carlos Lima: Bom dia! Alguém pode confirmar a entrega de amanhã?',
      },
    ]);
  });

  it('statuses, newsletters, deletions and reactions are not messages; unknown payloads parse to nothing', async () => {
    expect(await upsert(upsertOf('upsert-ignored').messages)).toEqual([]);
    expect(await parseWhatsapp(h.app.platform, channel, { update_id: 1 })).toEqual([]);
  });
});
