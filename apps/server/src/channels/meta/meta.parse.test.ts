import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GraphError } from '../shared/graph-api.js';
import { accountOf } from './meta.config.js';
import { attachmentTypeOf, fileNameOf } from './meta.media.js';
import { parseMetaPayload, PROSA_METADATA, type MetaItem } from './meta.parse.js';
import { sendErrorOf } from './meta.send.js';

const PAGE_ID = '103845291845123';
const IG_ID = '17841405822304914';
const PSID = '6912345678901234';
const IGSID = '1254459154682919';
const messenger = accountOf({ type: 'messenger', pageId: PAGE_ID, appSecret: 's', verifyToken: 'v' });
const instagram = accountOf({ type: 'instagram', pageId: PAGE_ID, igUserId: IG_ID, appSecret: 's', verifyToken: 'v' });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixtures are read as loose JSON and mutated per test
const fixture = (name: string): any =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));
const parse = (name: string, account = name.startsWith('instagram') ? instagram : messenger) =>
  parseMetaPayload(fixture(name), account);
const only = (name: string): MetaItem => {
  const items = parse(name);
  expect(items).toHaveLength(1);
  return items[0]!;
};

describe('reactions, edits and unsent messages (message_reactions, message_edits, is_deleted)', () => {
  it("reads a person's reaction to our message, and its unreact", () => {
    const target = 'm_AQHRpreviousPageMessage0000000000000000000000000000000000000000001';
    expect(parse('messenger-reaction')).toEqual([
      {
        kind: 'change',
        event: { kind: 'reaction', targetExternalId: target, emoji: '❤️', author: PSID, fromMe: false },
      },
      { kind: 'change', event: { kind: 'reaction', targetExternalId: target, emoji: '', author: PSID, fromMe: false } },
    ]);
  });

  it('reads an Instagram reaction that names it without an emoji', () => {
    expect(only('instagram-reaction')).toMatchObject({
      kind: 'change',
      event: { kind: 'reaction', emoji: '❤️', author: IGSID },
    });
  });

  it("reads an edit as the message's new text", () => {
    expect(only('messenger-edit')).toEqual({
      kind: 'change',
      event: {
        kind: 'edit',
        targetExternalId: 'm_AQHRm4mzU0cWFd0t3y2_9hqDXk9c4PdV7m5y1R8e2wz8q0r1Yk6vQp9xJ3wG2hB7nL5cT8sF4dE1aZ0uI6oM',
        body: 'Olá! Vocês entregam em Campinas e Valinhos?',
      },
    });
  });

  it('reads an Instagram message marked deleted as its deletion, not as a new message', () => {
    expect(only('instagram-unsend')).toEqual({
      kind: 'change',
      event: {
        kind: 'delete',
        targetExternalId:
          'aWdfZAG1faXRlbToxOklHTWVzc2FnZAWQ6MTc4NDE0MDU4MjIzMDQ5MTQ6MzQwMjgyMzY2ODQxNzEwMzAxMjQ0MjU5NjU2NjQ0ODg5NjY3NTI3',
      },
    });
  });

  it("another page's reaction in the payload is not this channel's", () => {
    expect(
      parseMetaPayload(
        fixture('messenger-reaction'),
        accountOf({ type: 'messenger', pageId: '1', appSecret: 's', verifyToken: 'v' }),
      ),
    ).toEqual([]);
  });
});

describe('Messenger webhook parser', () => {
  it('reads a text message with the PSID, the time and the message it replies to', () => {
    expect(only('messenger-text')).toEqual({
      kind: 'message',
      event: {
        kind: 'message',
        externalId: 'm_AQHRm4mzU0cWFd0t3y2_9hqDXk9c4PdV7m5y1R8e2wz8q0r1Yk6vQp9xJ3wG2hB7nL5cT8sF4dE1aZ0uI6oM',
        from: { providerId: PSID },
        body: 'Olá! Vocês entregam em Campinas?',
        quotedExternalId: 'm_AQHRpreviousPageMessage0000000000000000000000000000000000000000001',
        timestamp: new Date(1718035200201),
      },
    });
  });

  it('turns each attachment into a message with its kind and URL; the second gets its own id', () => {
    const [image, file] = parse('messenger-image');
    expect(image).toMatchObject({
      event: {
        externalId: 'm_AQHRimageMessage0Kx8vZ2c5Lq1Yh7Tg3Wn9Pd4Rf6Js0Ub2Ee8Mk1Ha5Xo3Cl7Vi9Qb2Nt4Sy6',
        mediaType: 'image',
        body: '',
      },
      attachment: { type: 'image', url: expect.stringMatching(/^https:\/\/scontent\.xx\.fbcdn\.net\//) },
    });
    expect(file).toMatchObject({
      event: {
        externalId: 'm_AQHRimageMessage0Kx8vZ2c5Lq1Yh7Tg3Wn9Pd4Rf6Js0Ub2Ee8Mk1Ha5Xo3Cl7Vi9Qb2Nt4Sy6:1',
        mediaType: 'document',
      },
      attachment: { type: 'file' },
    });
  });

  it('a message the page sent from elsewhere is ours, to the recipient; our own sends are dropped', () => {
    expect(only('messenger-echo')).toMatchObject({
      kind: 'message',
      event: { fromMe: true, from: { providerId: PSID }, body: 'Entregamos sim! O frete para Campinas é R$ 15.' },
    });
    const ours = fixture('messenger-echo');
    ours.entry[0].messaging[0].message.metadata = PROSA_METADATA;
    expect(parseMetaPayload(ours, messenger)).toEqual([]);
  });

  it('a delivery with mids marks those messages delivered', () => {
    expect(only('messenger-delivery')).toEqual({
      kind: 'status',
      event: {
        kind: 'status',
        externalId: 'm_AQHRsentByProsa01Wq8Er5Ty2Ui9Op6As3Df0Gh7Jk4Lz1Xc8Vb5Nm2Qw9Er6Ty3Ui0Op7As4',
        status: 'delivered',
      },
    });
    const noMids = fixture('messenger-delivery');
    delete noMids.entry[0].messaging[0].delivery.mids;
    expect(parseMetaPayload(noMids, messenger)).toEqual([
      { kind: 'watermark', providerId: PSID, status: 'delivered', until: new Date(1718035380512) },
    ]);
  });

  it('a read receipt is a watermark of everything sent to that person', () => {
    expect(only('messenger-read')).toEqual({
      kind: 'watermark',
      providerId: PSID,
      status: 'read',
      until: new Date(1718035440512),
    });
  });

  it('a comment on a page post becomes a marked comment of the commenter, keyed by the comment id', () => {
    expect(only('messenger-feed-comment')).toEqual({
      kind: 'message',
      event: {
        kind: 'message',
        externalId: '122134567890123456_1045678901234567',
        from: { providerId: '7023456789012345', name: 'Carla Mendes' },
        body: '[comentário] Tem esse tênis no tamanho 38?',
        mediaType: 'comment',
        timestamp: new Date(1718035500 * 1000),
      },
    });
  });

  it("ignores the page's own comments, edits and removals", () => {
    const own = fixture('messenger-feed-comment');
    own.entry[0].changes[0].value.from = { id: PAGE_ID, name: 'Loja Prosa' };
    expect(parseMetaPayload(own, messenger)).toEqual([]);
    const edited = fixture('messenger-feed-comment');
    edited.entry[0].changes[0].value.verb = 'edited';
    expect(parseMetaPayload(edited, messenger)).toEqual([]);
  });

  it('a like sticker is a thumbs up', () => {
    const item = only('messenger-sticker');
    expect(item).toMatchObject({ event: { body: '👍' } });
    expect(item).not.toHaveProperty('attachment');
    expect(item).not.toHaveProperty('event.mediaType');
  });

  it("reads only this channel's object and page", () => {
    expect(parseMetaPayload(fixture('messenger-text'), instagram)).toEqual([]);
    const other = fixture('messenger-text');
    other.entry[0].id = '999999999999999';
    expect(parseMetaPayload(other, messenger)).toEqual([]);
    expect(parseMetaPayload({ object: 'page', entry: 'nope' }, messenger)).toEqual([]);
    expect(parseMetaPayload(null, messenger)).toEqual([]);
  });
});

describe('Instagram webhook parser', () => {
  it('reads a text with the IGSID', () => {
    expect(only('instagram-text')).toMatchObject({
      kind: 'message',
      event: { from: { providerId: IGSID }, body: 'Oi! Qual o prazo de entrega?', timestamp: new Date(1718036000402) },
    });
  });

  it('an image is downloaded from its CDN link', () => {
    expect(only('instagram-image')).toMatchObject({
      event: { mediaType: 'image' },
      attachment: { type: 'image', url: expect.stringMatching(/^https:\/\/lookaside\.fbsbx\.com\//) },
    });
  });

  it('a story reply is marked and carries the story link', () => {
    expect(only('instagram-story-reply')).toMatchObject({
      event: {
        body: '[resposta ao story] https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=17998765432109876&signature=Story1 Amei essa cor!',
      },
    });
  });

  it('a comment on a media becomes a marked comment with the username as name', () => {
    expect(only('instagram-comment')).toMatchObject({
      event: {
        externalId: '17865799348012345',
        from: { providerId: IGSID, name: 'bia.compras' },
        body: '[comentário] Quanto custa? 😍',
        mediaType: 'comment',
      },
    });
  });

  it('"seen" names the last message read', () => {
    expect(only('instagram-seen')).toEqual({
      kind: 'readUpTo',
      providerId: IGSID,
      mid: 'aWdfZAG1faXRlbToxOklHTWVzc2FnZAWQ6MTc4NDE0MDU4MjIzMDQ5MTQ6MzQwMjgyMzY2ODQxNzEwMzAxMjQ0MjU5NjU2NjQ0ODg5NjY3NTMw',
    });
  });
});

describe('Meta send errors and files', () => {
  const err = (httpStatus: number, code: number | null, subcode: number | null = null) =>
    sendErrorOf(new GraphError(httpStatus, code, 'x', subcode));

  it('sorts Graph errors into retryable ones and final codes', () => {
    expect(err(400, 10, 2018278)).toMatchObject({ message: 'ERR_WINDOW_CLOSED', retryable: false });
    expect(err(400, 10, 2534022)).toMatchObject({ message: 'ERR_WINDOW_CLOSED', retryable: false });
    for (const code of [4, 32, 613]) expect(err(400, code).retryable).toBe(true);
    expect(err(500, 2).retryable).toBe(true);
    expect(err(0, null).retryable).toBe(true);
    expect(err(400, 100, 2018001)).toMatchObject({ message: 'ERR_WAPP_INVALID_CONTACT', retryable: false });
    expect(err(400, 100, 2534014)).toMatchObject({ message: 'ERR_WAPP_INVALID_CONTACT', retryable: false });
    expect(err(400, 551)).toMatchObject({ message: 'ERR_WAPP_INVALID_CONTACT', retryable: false });
    expect(err(401, 190)).toMatchObject({ message: 'ERR_CHANNEL_TOKEN_INVALID', retryable: false });
    expect(err(400, 10).retryable).toBe(false);
  });

  it('names files from their CDN link and picks the attachment type from the mime type', () => {
    expect(fileNameOf('https://cdn.fbsbx.com/v/t59/orcamento.pdf?x=1', 'application/pdf', 'file-1')).toBe(
      'orcamento.pdf',
    );
    expect(fileNameOf('https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1', 'image/jpeg', 'image-1')).toBe(
      'image-1.jpg',
    );
    expect(attachmentTypeOf('image/png')).toBe('image');
    expect(attachmentTypeOf('image/webp')).toBe('file');
    expect(attachmentTypeOf('audio/ogg; codecs=opus')).toBe('audio');
    expect(attachmentTypeOf('application/pdf')).toBe('file');
  });
});
