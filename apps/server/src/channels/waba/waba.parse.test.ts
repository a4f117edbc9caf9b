import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ChannelSendError } from '../../modules/channels/channel-adapter.js';
import { GraphError } from './waba.graph.js';
import { parseWabaCalls, parseWabaPayload } from './waba.parse.js';
import { interactiveOf, isVoiceNoteMime, sendErrorOf, waMediaTypeOf } from './waba.send.js';
import { parameterCount, renderTemplate } from './templates/template-render.js';

const PHONE_ID = '106540352242922';
const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));
const parse = (name: string) => parseWabaPayload(fixture(name), PHONE_ID);
const only = (name: string) => {
  const events = parse(name);
  expect(events).toHaveLength(1);
  return events[0]!;
};

describe('WhatsApp Cloud API webhook parser', () => {
  // fixtures/calls-connect.json: the `calls` field as the Calling API posts it (a user-initiated
  // connect with the caller's SDP offer, a business-initiated connect with an SDP answer, a
  // terminate), after
  // https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/user-initiated-calls
  // and .../calling/business-initiated-calls; `contacts` as in pipecat-ai/pipecat
  // src/pipecat/transports/whatsapp/api.py (WhatsAppConnectCallValue).
  it('reads the calls ringing the business: user-initiated connects only, never as messages', () => {
    expect(parseWabaCalls(fixture('calls-connect'), PHONE_ID)).toEqual([
      { id: 'wacid.ABGGFjFVU2AfAgo6V-Hc5eCgK5Gh', from: '5511987654321', name: 'Joana Prado' },
    ]);
    expect(parse('calls-connect')).toEqual([]);
    expect(parseWabaCalls(fixture('calls-connect'), '111111111111111')).toEqual([]);
    expect(parseWabaCalls(fixture('text'), PHONE_ID)).toEqual([]);
  });

  it('reads a text message with the profile name, the wa_id and the time', () => {
    expect(only('text')).toEqual({
      event: {
        kind: 'message',
        externalId: 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABIYFjNFQjBDMEI2RjU4RTFGQjQ1MkY2AA==',
        from: { number: '5511987654321', name: 'Maria Souza' },
        body: 'Olá, gostaria de saber o prazo de entrega',
        timestamp: new Date(1718035200 * 1000),
      },
    });
  });

  it('keeps media as a reference to download, with caption, mime type and file name', () => {
    expect(only('image')).toMatchObject({
      event: { mediaType: 'image', body: 'Foto do produto' },
      media: { id: '1512397172729471', mimeType: 'image/jpeg' },
    });
    expect(only('audio')).toMatchObject({
      event: { mediaType: 'audio', body: '' },
      media: { id: '963542301683174', mimeType: 'audio/ogg; codecs=opus' },
    });
    expect(only('document')).toMatchObject({
      event: { mediaType: 'document', body: 'Segue o comprovante' },
      media: { id: '1064187548104528', mimeType: 'application/pdf', fileName: 'comprovante.pdf' },
    });
  });

  it('turns a location into text with a map link', () => {
    const { event } = only('location');
    expect(event).toMatchObject({ kind: 'message', mediaType: 'location' });
    expect((event as { body: string }).body).toBe(
      'MASP\nAv. Paulista, 1578 - Bela Vista, São Paulo - SP\nhttps://maps.google.com/maps?q=-23.561414,-46.655881',
    );
  });

  it('takes the title of a reply button or list row as the body and keeps its id and the quoted message', () => {
    expect(only('interactive-button').event).toMatchObject({
      body: 'Falar com suporte',
      replyId: 'suporte',
      quotedExternalId: 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEjQ2QUY4RjA0MDZFQjI2RjM5NAA=',
    });
    expect(only('interactive-list').event).toMatchObject({ body: 'Plano anual', replyId: 'plano-anual' });
    expect(only('button').event).toMatchObject({ body: 'Confirmar', replyId: 'CONFIRMAR_PEDIDO' });
  });

  it('writes a shared contact as text', () => {
    expect(only('contacts').event).toMatchObject({ body: 'João Lima\n+55 21 99876-5432\njoao@example.com' });
  });

  it("reads a reaction as the customer's reaction to the message it names, and its removal (no emoji)", () => {
    const target = 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEjQ2QUY4RjA0MDZFQjI2RjM5NAA=';
    expect(only('reaction')).toEqual({
      event: { kind: 'reaction', targetExternalId: target, emoji: '👍', author: '5511987654321', fromMe: false },
    });
    expect(only('reaction-removed').event).toEqual({
      kind: 'reaction',
      targetExternalId: target,
      emoji: '',
      author: '5511987654321',
      fromMe: false,
    });
  });

  it('reads sent, delivered and read statuses, and a failure with its code and title', () => {
    const id = 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEjQ2QUY4RjA0MDZFQjI2RjM5NAA=';
    expect(parse('statuses').map((p) => p.event)).toEqual([
      { kind: 'status', externalId: id, status: 'sent' },
      { kind: 'status', externalId: id, status: 'delivered' },
      { kind: 'status', externalId: id, status: 'read' },
    ]);
    expect(only('status-failed').event).toEqual({
      kind: 'status',
      externalId: 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEjQ2QUY4RjA0MDZFQjI2RjM5NQA=',
      status: 'failed',
      error: '131047 Re-engagement message',
    });
  });

  // Fixture: the user_preferences webhook reference,
  // https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/user_preferences
  it('reads a marketing stop from user_preferences as an opt-out of that number; a resume is nothing', () => {
    expect(parse('user-preferences')).toEqual([{ event: { kind: 'optout', from: { number: '5511987654321' }, reason: 'marketing-stop' } }]);
  });

  it("ignores another phone number's changes and anything that is not a WhatsApp payload", () => {
    expect(parse('other-number')).toEqual([]);
    expect(parseWabaPayload(fixture('text'), '111111111111111')).toEqual([]);
    expect(parseWabaPayload({ object: 'page', entry: [] }, PHONE_ID)).toEqual([]);
    expect(parseWabaPayload(null, PHONE_ID)).toEqual([]);
    expect(parseWabaPayload({ object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages', value: 'x' }] }] }, PHONE_ID)).toEqual([]);
  });
});

describe('WhatsApp sending rules', () => {
  it('sorts Graph errors into retryable and final ones', () => {
    const e = (status: number, code: number | null) => sendErrorOf(new GraphError(status, code, 'x'));
    for (const [status, code] of [[429, 130429], [400, 4], [400, 80007], [400, 131056], [500, 131000], [503, 131016], [500, null], [0, null]] as const)
      expect(e(status, code).retryable, `${status}/${code}`).toBe(true);
    expect(e(400, 131047)).toMatchObject({ message: 'ERR_WINDOW_CLOSED', retryable: false });
    for (const code of [131026, 131030, 100]) expect(e(400, code)).toMatchObject({ message: 'ERR_WAPP_INVALID_CONTACT', retryable: false });
    expect(e(400, 132001)).toMatchObject({ retryable: false });
    expect(e(400, 132001).message).toMatch(/^ERR_SENDING_WAPP_MSG/);
    expect(sendErrorOf(new ChannelSendError('ERR_X', false)).message).toBe('ERR_X');
  });

  it('picks the WhatsApp media type by mime and size, else a document', () => {
    expect(waMediaTypeOf('image', 'image/jpeg', 1000)).toBe('image');
    expect(waMediaTypeOf('image', 'image/jpeg', 6 * 1024 * 1024)).toBe('document');
    expect(waMediaTypeOf('image', 'image/gif', 1000)).toBe('document');
    expect(waMediaTypeOf('image', 'image/webp', 1000)).toBe('sticker');
    expect(waMediaTypeOf('audio', 'audio/ogg; codecs=opus', 1000)).toBe('audio');
    expect(waMediaTypeOf('video', 'video/mp4', 1000)).toBe('video');
    expect(waMediaTypeOf('document', 'image/png', 1000)).toBe('document');
    expect(waMediaTypeOf('document', 'application/pdf', 1000)).toBe('document');
    // OGG/Opus audio goes as a voice message (voice: true); other audio as a plain audio file.
    expect(['audio/ogg; codecs=opus', 'audio/ogg', 'audio/opus'].every(isVoiceNoteMime)).toBe(true);
    expect(['audio/mpeg', 'audio/mp4', 'audio/oggx', 'video/ogg'].some(isVoiceNoteMime)).toBe(false);
  });

  it('builds reply buttons (at most 3) and lists as the Cloud API expects', () => {
    const buttons = interactiveOf('Escolha', {
      type: 'buttons',
      buttons: [1, 2, 3, 4].map((i) => ({ id: `b${i}`, title: `Opção ${i} com um título longo` })),
    });
    expect(buttons).toMatchObject({ type: 'button', body: { text: 'Escolha' } });
    const list = (buttons.action as { buttons: { reply: { title: string } }[] }).buttons;
    expect(list).toHaveLength(3);
    expect(list[0]).toEqual({ type: 'reply', reply: { id: 'b1', title: 'Opção 1 com um títul' } });
    expect(
      interactiveOf('Planos', { type: 'list', button: 'Ver planos', sections: [{ title: 'Planos', rows: [{ id: 'a', title: 'Anual' }] }] }),
    ).toEqual({
      type: 'list',
      body: { text: 'Planos' },
      action: { button: 'Ver planos', sections: [{ title: 'Planos', rows: [{ id: 'a', title: 'Anual' }] }] },
    });
  });

  it('fills template variables in order: header, body, URL buttons; positional and named', () => {
    const components = [
      { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
      { type: 'BODY', text: 'Olá {{1}}, seu pedido chega {{2}}. {{1}}!' },
      { type: 'FOOTER', text: 'Loja Prosa' },
      { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Rastrear', url: 'https://loja.test/r/{{1}}' }, { type: 'QUICK_REPLY', text: 'Ok' }] },
    ];
    expect(parameterCount(components)).toBe(4);
    expect(renderTemplate(components, ['123', 'Ana'])).toBeNull();
    const r = renderTemplate(components, ['123', 'Ana', 'amanhã', 'abc'])!;
    expect(r.text).toBe('Pedido 123\n\nOlá Ana, seu pedido chega amanhã. Ana!\n\nLoja Prosa');
    expect(r.components).toEqual([
      { type: 'header', parameters: [{ type: 'text', text: '123' }] },
      { type: 'body', parameters: [{ type: 'text', text: 'Ana' }, { type: 'text', text: 'amanhã' }] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'abc' }] },
    ]);
    const named = renderTemplate([{ type: 'BODY', text: 'Oi {{first_name}}' }], ['Bia'])!;
    expect(named.components).toEqual([{ type: 'body', parameters: [{ type: 'text', parameter_name: 'first_name', text: 'Bia' }] }]);
    expect(renderTemplate([{ type: 'BODY', text: 'Sem variáveis' }], [])).toEqual({ text: 'Sem variáveis', components: [] });
  });
});
