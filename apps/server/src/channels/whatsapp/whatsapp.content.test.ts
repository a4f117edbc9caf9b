/**
 * Pure pieces: what Prosa sends is turned into WhatsApp messages by the real Baileys message
 * builder (upload replaced, no network, no image/video tools: no thumbnails are generated), the
 * content mapping of inbound kinds, JSON of Baileys objects, the import period, identities.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { identityOf } from '../../modules/messages/inbound-contact-ticket.js';
import type { ChannelRow, OutboundMessage } from '../../modules/channels/channel-adapter.js';
import { contactBody, contentOf } from './whatsapp.content.js';
import { importPeriodOf } from './whatsapp.history.js';
import { baileys, isIgnoredChat, normalizeJid, phoneOf } from './whatsapp.jid.js';
import { fromJsonValue, toJsonValue } from './whatsapp.json.js';
import { contentFor, waMessageIdOf } from './whatsapp.send.js';

const dir = mkdtempSync(path.join(tmpdir(), 'prosa-wa-'));
const file = (name: string, data: Buffer) => {
  const p = path.join(dir, name);
  writeFileSync(p, data);
  return p;
};
const out = (over: Partial<OutboundMessage>): OutboundMessage => ({
  messageId: 1,
  ticketId: 1,
  body: '',
  mediaType: 'chat',
  to: { number: '5511987654321' },
  ...over,
});

async function build(msg: OutboundMessage, quoted?: unknown) {
  const B = await baileys();
  const uploads: string[] = [];
  const { content } = contentFor(msg);
  const built = await B.generateWAMessage('5511987654321@s.whatsapp.net', content, {
    userJid: '5511900001111:7@s.whatsapp.net',
    logger: pino({ level: 'silent' }),
    messageId: waMessageIdOf(1, msg.messageId),
    upload: async (encFilePath, opts) => {
      uploads.push(opts.mediaType);
      return { mediaUrl: `https://mmg.whatsapp.net/fake/${path.basename(encFilePath)}`, directPath: '/fake' };
    },
    ...(quoted ? { quoted: quoted as never } : {}),
  });
  return { message: built.message!, id: built.key.id, uploads };
}

describe('whatsapp outbound content, built by Baileys', () => {
  it('text without a link preview; a quoted reply carries the quoted id', async () => {
    const { message, id } = await build(out({ body: 'Veja https://prosa.app' }), {
      key: { remoteJid: '5511987654321@s.whatsapp.net', id: '3EB0C4F5A1B2C3D4E5F6A7', fromMe: false },
      message: { conversation: 'Olá' },
    });
    expect(id).toBe(waMessageIdOf(1, 1));
    expect(message.extendedTextMessage?.text).toBe('Veja https://prosa.app');
    expect(message.extendedTextMessage?.matchedText ?? '').toBe('');
    expect(message.extendedTextMessage?.contextInfo).toMatchObject({
      stanzaId: '3EB0C4F5A1B2C3D4E5F6A7',
      quotedMessage: { conversation: 'Olá' },
    });
  });

  it('image with caption, document with its name, OGG audio as a voice note: uploaded, no thumbnail tools', async () => {
    const png = file(
      'a.png',
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    const img = await build(
      out({ body: 'Foto', mediaType: 'image', media: { path: png, mimeType: 'image/png', fileName: 'a.png' } }),
    );
    expect(img.message.imageMessage).toMatchObject({ caption: 'Foto', mimetype: 'image/png' });
    expect(img.uploads).toEqual(['image']);
    const pdf = file('boleto.pdf', Buffer.from('%PDF-1.7 fake'));
    const doc = await build(
      out({
        body: 'Boleto',
        mediaType: 'document',
        media: { path: pdf, mimeType: 'application/pdf', fileName: 'boleto.pdf' },
      }),
    );
    expect(doc.message.documentMessage).toMatchObject({
      fileName: 'boleto.pdf',
      mimetype: 'application/pdf',
      caption: 'Boleto',
    });
    const ogg = file('voz.ogg', Buffer.from('OggS fake voice'));
    const voice = await build(
      out({ mediaType: 'audio', media: { path: ogg, mimeType: 'audio/ogg', fileName: 'voz.ogg' } }),
    );
    expect(voice.message.audioMessage).toMatchObject({ ptt: true, mimetype: 'audio/ogg; codecs=opus' });
  });

  it('which kind a file goes as; text too long for a caption follows the file', () => {
    const media = (mimeType: string, mediaType = 'image') =>
      contentFor(out({ body: 'x', mediaType, media: { path: '/f', mimeType, fileName: 'f' } })).content;
    expect(Object.keys(media('image/jpeg'))).toContain('image');
    expect(Object.keys(media('image/webp'))).toContain('document');
    expect(Object.keys(media('image/png', 'document'))).toContain('document');
    expect(Object.keys(media('video/mp4', 'video'))).toContain('video');
    expect(media('audio/mpeg', 'audio')).toMatchObject({ mimetype: 'audio/mpeg' });
    expect(media('audio/mpeg', 'audio')).not.toHaveProperty('ptt');
    const long = contentFor(
      out({ body: 'y'.repeat(1500), mediaType: 'image', media: { path: '/f', mimeType: 'image/jpeg', fileName: 'f' } }),
    );
    expect(long).toMatchObject({ content: { caption: '' }, followUp: 'y'.repeat(1500) });
  });
});

describe('whatsapp inbound content and helpers', () => {
  it('buttons and list replies carry the chosen id; contacts become text; polls list their options', async () => {
    const B = await baileys();
    expect(
      contentOf(B, { buttonsResponseMessage: { selectedButtonId: 'btn-2', selectedDisplayText: 'Financeiro' } }),
    ).toEqual({
      body: 'Financeiro',
      mediaType: 'chat',
      replyId: 'btn-2',
    });
    expect(
      contentOf(B, {
        listResponseMessage: { title: 'Segunda via', singleSelectReply: { selectedRowId: 'row-boleto' } },
      }),
    ).toMatchObject({ replyId: 'row-boleto' });
    expect(contentOf(B, { ephemeralMessage: { message: { conversation: 'some em 7 dias' } } })).toMatchObject({
      body: 'some em 7 dias',
    });
    expect(
      contentOf(B, { viewOnceMessageV2: { message: { imageMessage: { mimetype: 'image/jpeg' } } } }),
    ).toMatchObject({ mediaType: 'image' });
    expect(
      contactBody(
        'Maria',
        'BEGIN:VCARD\nVERSION:3.0\nFN:Maria Souza\nTEL;type=CELL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD',
      ),
    ).toBe('Maria 5511988887777');
    expect(
      contentOf(B, {
        pollCreationMessageV3: { name: 'Horário?', options: [{ optionName: 'Manhã' }, { optionName: 'Tarde' }] },
      })?.body,
    ).toBe('📊 Horário?\n- Manhã\n- Tarde');
    expect(contentOf(B, { protocolMessage: { type: 0 } })).toBeNull();
    expect(contentOf(B, { senderKeyDistributionMessage: { groupId: 'x' } })).toBeNull();
  });

  it('JSON of Baileys objects: Buffers and Uint8Arrays round-trip, Longs become numbers, NUL goes', () => {
    const v = {
      a: Buffer.from([1, 2, 3]),
      b: new Uint8Array([4, 5]),
      t: { low: 1732291200, high: 0, unsigned: true },
      big: { low: 0, high: 0x7fffffff, unsigned: false },
      s: 'a\u0000b',
    };
    const json = toJsonValue<Record<string, unknown>>(v);
    expect(json).toEqual({
      a: { type: 'Buffer', data: 'AQID' },
      b: { type: 'Buffer', data: 'BAU=' },
      t: 1732291200,
      big: '9223372032559808512',
      s: 'ab',
    });
    const back = fromJsonValue<{ a: Buffer; b: Buffer }>(json);
    expect(back.a.equals(Buffer.from([1, 2, 3]))).toBe(true);
    expect(back.b.equals(Buffer.from([4, 5]))).toBe(true);
  });

  it('the import period: at most 30 days, from importOptions or config', () => {
    const row = (importOptions: Record<string, unknown>, config: Record<string, unknown> = {}) => ({
      importOptions,
      config,
    });
    expect(importPeriodOf(row({ enabled: true, from: '2024-11-01', to: '2024-11-30' }))).toEqual({
      from: Date.parse('2024-11-01'),
      to: Date.parse('2024-12-01'),
    });
    expect(importPeriodOf(row({ enabled: true, from: '2024-11-01', to: '2024-12-02' }))).toBeNull();
    expect(importPeriodOf(row({ enabled: true, from: '2024-11-10', to: '2024-11-01' }))).toBeNull();
    expect(importPeriodOf(row({ enabled: false, from: '2024-11-01', to: '2024-11-02' }))).toBeNull();
    expect(importPeriodOf(row({}, { importFrom: '2024-11-01', importTo: '2024-11-02' }))).toEqual({
      from: Date.parse('2024-11-01'),
      to: Date.parse('2024-11-03'),
    });
  });

  it('JIDs and identities: a LID is a tenant-wide identity on WhatsApp only; groups are per channel', () => {
    expect(normalizeJid('5511987654321:12@s.whatsapp.net')).toBe('5511987654321@s.whatsapp.net');
    expect(phoneOf('201234567890123@lid')).toBe('');
    expect(['status@broadcast', '1203@newsletter', 'x@call', ''].every(isIgnoredChat)).toBe(true);
    expect(isIgnoredChat('120363025246125888@g.us')).toBe(false);
    const wa = { id: 7, type: 'whatsapp' } as ChannelRow;
    expect(identityOf(wa, { providerId: '219988776655443@lid' })).toEqual({ lid: '219988776655443@lid' });
    expect(identityOf(wa, { number: '5531988887777', providerId: '219988776655443@lid' })).toEqual({
      number: '5531988887777',
    });
    expect(identityOf(wa, { providerId: '120363025246125888@g.us' })).toEqual({
      externalKey: '7:120363025246125888@g.us',
    });
    expect(identityOf({ id: 8, type: 'telegram' } as ChannelRow, { providerId: '123@lid' })).toEqual({
      externalKey: '8:123@lid',
    });
  });
});
