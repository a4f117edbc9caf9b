/**
 * The parser on Bot API payloads (fixtures/, in the shapes Telegram sends). Media is downloaded
 * from the stand-in, which serves the fixtures' file ids.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../platform/platform.js';
import type { ChannelRow, InboundEvent } from '../../modules/channels/channel-adapter.js';
import { startTelegramStandIn, type TelegramStandIn } from './stand-in/stand-in.js';
import { parseTelegramUpdate } from './telegram.parser.js';
import { mediaMethodOf, quotedMessageId } from './telegram.send.js';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));

let standIn: TelegramStandIn;
let platform: Platform;
let channel: ChannelRow;
const bytes = (label: string) => Buffer.from(`${label}-${'x'.repeat(64)}`);

beforeAll(async () => {
  standIn = await startTelegramStandIn();
  // The parser only reads the API root from the platform.
  platform = { config: { providers: { telegramApiRoot: standIn.url } } } as unknown as Platform;
  channel = { id: 1, tenantId: 1, type: 'telegram', token: standIn.token, config: {} } as unknown as ChannelRow;
  standIn.putFile('AgACAgEAAxkBAAIBnWdAphoto-s', bytes('small'), 'small.jpg');
  standIn.putFile('AgACAgEAAxkBAAIBnWdAphoto-m', bytes('medium'), 'medium.jpg');
  standIn.putFile('AgACAgEAAxkBAAIBnWdAphoto-x', bytes('large'), 'large.jpg');
  standIn.putFile('BQACAgEAAxkBAAIBnmdAdoc', bytes('pdf'), 'nota.pdf');
  standIn.putFile('AwACAgEAAxkBAAIBn2dAvoice', bytes('voice'), 'file_9.oga');
  standIn.putFile('CQACAgEAAxkBAAIBoGdAaudio', bytes('audio'), 'recado.mp3');
  standIn.putFile('BAACAgEAAxkBAAIBoWdAvideo', bytes('video'), 'caixa.mp4');
  standIn.putFile('CAACAgIAAxkBAAIBomdAsticker', bytes('sticker'), 'sticker.webp');
});
afterAll(() => standIn.close());

const parse = (name: string) => parseTelegramUpdate(platform, channel, fixture(name));
const one = async (name: string) => {
  const events = await parse(name);
  expect(events).toHaveLength(1);
  return events[0] as Extract<InboundEvent, { kind: 'message' }>;
};

describe('telegram parser', () => {
  it('a private text message: chat id as contact, chat:message as id, the name, the date', async () => {
    expect(await one('private-text')).toEqual({
      kind: 'message',
      externalId: '5512348871:412',
      from: { providerId: '5512348871', name: 'Mariana Souza' },
      body: 'Olá, preciso de ajuda com meu pedido',
      mediaType: 'chat',
      timestamp: new Date(1732291200 * 1000),
      isGroup: false,
    });
  });

  it('a photo: the largest size is downloaded, the caption is the body', async () => {
    const e = await one('private-photo');
    expect(e).toMatchObject({ externalId: '5512348871:413', body: 'Chegou assim, amassado', mediaType: 'image' });
    expect(e.media?.data.equals(bytes('large'))).toBe(true);
    expect(e.media?.mimeType).toBe('image/jpeg');
  });

  it.each([
    ['private-document', 'document', 'application/pdf', 'nota-fiscal-8812.pdf', 'pdf'],
    ['private-voice', 'audio', 'audio/ogg', 'file_9.oga', 'voice'],
    ['private-audio', 'audio', 'audio/mpeg', 'recado.mp3', 'audio'],
    ['private-video', 'video', 'video/mp4', 'caixa.mp4', 'video'],
    ['private-sticker', 'sticker', 'image/webp', 'sticker.webp', 'sticker'],
  ])('%s: %s with its mime type, name and bytes', async (name, mediaType, mimeType, fileName, label) => {
    const e = await one(name);
    expect(e.mediaType).toBe(mediaType);
    expect(e.media).toMatchObject({ mimeType, fileName: expect.stringContaining(fileName.split('.').pop()!) });
    if (name === 'private-document' || name === 'private-audio' || name === 'private-video')
      expect(e.media?.fileName).toBe(fileName);
    expect(e.media?.data.equals(bytes(label))).toBe(true);
  });

  it('a location becomes a map link', async () => {
    expect(await one('private-location')).toMatchObject({
      mediaType: 'location',
      body: 'https://maps.google.com/maps?q=-23.561414,-46.655881',
    });
  });

  it('a reply quotes the replied message by its chat:message id', async () => {
    expect(await one('private-reply')).toMatchObject({ body: 'É o 8812', quotedExternalId: '5512348871:420' });
  });

  it('a group message: the group is the contact, the sender goes before the text', async () => {
    expect(await one('group-text')).toMatchObject({
      externalId: '-4012556677:77',
      from: { providerId: '-4012556677', name: 'Compras da Firma' },
      body: 'Pedro Lima: Alguém pode ver a cotação?',
      isGroup: true,
    });
  });

  it('an edited message is an edit of the stored one (in a group, with who wrote it in front)', async () => {
    expect(await parse('edited-message')).toEqual([
      { kind: 'edit', targetExternalId: '5512348871:412', body: 'Olá, preciso de ajuda com meu pedido 8812' },
    ]);
    expect(await parse('group-edited-message')).toEqual([
      { kind: 'edit', targetExternalId: '-4012556677:77', body: 'Pedro Lima: Alguém pode ver a cotação de hoje?' },
    ]);
  });

  it("a reaction update is the person's reaction now, none when taken back", async () => {
    const target = '5512348871:415';
    expect(await parse('message-reaction')).toEqual([
      { kind: 'reaction', targetExternalId: target, emoji: '👍', author: '5512348871', fromMe: false },
    ]);
    expect(await parse('message-reaction-removed')).toEqual([
      { kind: 'reaction', targetExternalId: target, emoji: '', author: '5512348871', fromMe: false },
    ]);
  });

  it('a private my_chat_member with the bot kicked is the person blocking the company; an unblock is nothing', async () => {
    expect(await parse('my-chat-member-blocked')).toEqual([{ kind: 'optout', from: { providerId: '5512348871' }, reason: 'blocked' }]);
    const unblocked = fixture('my-chat-member-blocked') as { my_chat_member: { old_chat_member: { status: string }; new_chat_member: { status: string } } };
    unblocked.my_chat_member.old_chat_member.status = 'kicked';
    unblocked.my_chat_member.new_chat_member.status = 'member';
    expect(await parseTelegramUpdate(platform, channel, unblocked)).toEqual([]);
  });

  it.each(['callback-query', 'channel-post'])(
    '%s is ignored without failing',
    async (name) => {
      expect(await parse(name)).toEqual([]);
    },
  );

  it('junk is ignored without failing', async () => {
    for (const junk of [null, 'x', 42, {}, { update_id: 1, message: {} }])
      expect(await parseTelegramUpdate(platform, channel, junk)).toEqual([]);
  });

  it('a failed download throws, so the inbound job retries it', async () => {
    standIn.failNext(1, 500, undefined, 'file');
    await expect(parse('private-document')).rejects.toThrow(/ERR_MEDIA_DOWNLOAD_FAILED/);
    // The retry downloads it.
    expect((await one('private-document')).media?.data.equals(bytes('pdf'))).toBe(true);
  });

  it('a file Telegram will not serve (over 20 MB) is kept as a note, not retried forever', async () => {
    const update = fixture('private-document') as { message: { document: { file_id: string } } };
    update.message.document.file_id = 'unknown-file-id';
    const [e] = (await parseTelegramUpdate(platform, channel, update)) as Extract<InboundEvent, { kind: 'message' }>[];
    expect(e).toMatchObject({ body: '[nota-fiscal-8812.pdf]', mediaType: 'chat' });
    expect(e!.media).toBeUndefined();
  });
});

describe('telegram send helpers', () => {
  it('reads the message id of a quoted message only when it is of the same chat', () => {
    expect(quotedMessageId('5512348871:420', '5512348871')).toBe(420);
    expect(quotedMessageId('-4012556677:77', '-4012556677')).toBe(77);
    expect(quotedMessageId('999:420', '5512348871')).toBeUndefined();
    expect(quotedMessageId('wamid.HBgM', '5512348871')).toBeUndefined();
    expect(quotedMessageId(null, '1')).toBeUndefined();
  });

  it('picks the send method by kind and format', () => {
    expect(mediaMethodOf('image', 'image/png')).toBe('sendPhoto');
    expect(mediaMethodOf('image', 'image/gif')).toBe('sendDocument');
    expect(mediaMethodOf('audio', 'audio/ogg; codecs=opus')).toBe('sendVoice');
    expect(mediaMethodOf('audio', 'audio/mpeg')).toBe('sendAudio');
    expect(mediaMethodOf('video', 'video/mp4')).toBe('sendVideo');
    expect(mediaMethodOf('document', 'application/pdf')).toBe('sendDocument');
  });
});
