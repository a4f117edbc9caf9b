/**
 * What a WhatsApp message says, in Prosa's terms: its text, its kind, the media to fetch, the
 * message it quotes, the button or list row it answers. Wrappers (disappearing, view once,
 * document with caption) are unwrapped first. Protocol messages (edits, deletions), reactions,
 * poll votes and key distribution carry no conversation content: they answer null and are not
 * stored as messages.
 */
import type { proto } from 'baileys';
import type { InboundEvent } from '../../modules/channels/channel-adapter.js';
import type { BaileysModule } from './whatsapp.jid.js';

type MessageEvent = Extract<InboundEvent, { kind: 'message' }>;
export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

export interface WaContent {
  body: string;
  mediaType: NonNullable<MessageEvent['mediaType']>;
  media?: { kind: MediaKind; mimeType: string; fileName: string };
  quotedId?: string;
  replyId?: string;
}

type Node = { contextInfo?: proto.IContextInfo | null } | null | undefined;

const baseMime = (mime: string | null | undefined, fallback: string) =>
  mime?.split(';')[0]?.trim().toLowerCase() || fallback;
const extOf = (mime: string) =>
  (mime.split('/')[1] ?? 'bin')
    .replace(/^x-/, '')
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 8) || 'bin';

function media(
  kind: MediaKind,
  mime: string | null | undefined,
  fallback: string,
  fileName?: string | null,
): WaContent['media'] {
  const mimeType = baseMime(mime, fallback);
  return { kind, mimeType, fileName: fileName?.trim() || `${kind}.${extOf(mimeType)}` };
}

function locationBody(l: proto.Message.ILocationMessage | proto.Message.ILiveLocationMessage): string {
  const where = `https://maps.google.com/maps?q=${l.degreesLatitude ?? 0},${l.degreesLongitude ?? 0}`;
  const named = 'name' in l ? [l.name, l.address] : [];
  return [...named, 'caption' in l ? l.caption : null, where].filter(Boolean).join('\n');
}

/** "Maria Souza 5511988887777" from a vCard (its waid= numbers, else its TEL lines). */
export function contactBody(displayName: string | null | undefined, vcard: string | null | undefined): string {
  const card = vcard ?? '';
  const waids = [...card.matchAll(/waid=(\d+)/g)].map((m) => m[1]!);
  const tels = waids.length ? waids : [...card.matchAll(/^TEL[^:]*:(.+)$/gm)].map((m) => m[1]!.replace(/[^\d+]/g, ''));
  const name = displayName?.trim() || /^FN:(.+)$/m.exec(card)?.[1]?.trim() || '';
  return [name, ...tels].filter(Boolean).join(' ');
}

export function contentOf(B: BaileysModule, message: proto.IMessage | null | undefined): WaContent | null {
  const c = B.normalizeMessageContent(message);
  if (!c || c.protocolMessage || c.reactionMessage || c.pollUpdateMessage || c.encReactionMessage) return null;
  const type = B.getContentType(c);
  if (!type) return null;
  const node = c[type] as Node;
  const quotedId = (typeof node === 'object' && node?.contextInfo?.stanzaId) || undefined;
  const out = (x: Omit<WaContent, 'quotedId'>): WaContent => ({ ...x, ...(quotedId ? { quotedId } : {}) });
  switch (type) {
    case 'conversation':
      return c.conversation ? out({ body: c.conversation, mediaType: 'chat' }) : null;
    case 'extendedTextMessage':
      return c.extendedTextMessage?.text ? out({ body: c.extendedTextMessage.text, mediaType: 'chat' }) : null;
    case 'imageMessage':
      return out({
        body: c.imageMessage?.caption ?? '',
        mediaType: 'image',
        media: media('image', c.imageMessage?.mimetype, 'image/jpeg'),
      });
    case 'videoMessage':
      return out({
        body: c.videoMessage?.caption ?? '',
        mediaType: 'video',
        media: media('video', c.videoMessage?.mimetype, 'video/mp4'),
      });
    case 'ptvMessage':
      return out({ body: '', mediaType: 'video', media: media('video', c.ptvMessage?.mimetype, 'video/mp4') });
    case 'audioMessage':
      return out({
        body: '',
        mediaType: 'audio',
        media: media('audio', c.audioMessage?.mimetype, c.audioMessage?.ptt ? 'audio/ogg' : 'audio/mpeg'),
      });
    case 'documentMessage': {
      const d = c.documentMessage;
      return out({
        body: d?.caption ?? '',
        mediaType: 'document',
        media: media('document', d?.mimetype, 'application/octet-stream', d?.fileName),
      });
    }
    case 'stickerMessage':
      return out({ body: '', mediaType: 'sticker', media: media('sticker', c.stickerMessage?.mimetype, 'image/webp') });
    case 'locationMessage':
      return out({ body: locationBody(c.locationMessage!), mediaType: 'location' });
    case 'liveLocationMessage':
      return out({ body: locationBody(c.liveLocationMessage!), mediaType: 'location' });
    case 'contactMessage':
      return out({ body: contactBody(c.contactMessage?.displayName, c.contactMessage?.vcard), mediaType: 'chat' });
    case 'contactsArrayMessage': {
      const list = c.contactsArrayMessage?.contacts ?? [];
      return out({ body: list.map((x) => contactBody(x.displayName, x.vcard)).join('\n'), mediaType: 'chat' });
    }
    case 'buttonsResponseMessage': {
      const r = c.buttonsResponseMessage;
      return out({
        body: r?.selectedDisplayText ?? '',
        mediaType: 'chat',
        ...(r?.selectedButtonId ? { replyId: r.selectedButtonId } : {}),
      });
    }
    case 'templateButtonReplyMessage': {
      const r = c.templateButtonReplyMessage;
      return out({
        body: r?.selectedDisplayText ?? '',
        mediaType: 'chat',
        ...(r?.selectedId ? { replyId: r.selectedId } : {}),
      });
    }
    case 'listResponseMessage': {
      const r = c.listResponseMessage;
      const rowId = r?.singleSelectReply?.selectedRowId;
      return out({ body: r?.title ?? '', mediaType: 'chat', ...(rowId ? { replyId: rowId } : {}) });
    }
    case 'pollCreationMessage':
    case 'pollCreationMessageV2':
    case 'pollCreationMessageV3': {
      const p = c[type];
      return out({
        body: [`📊 ${p?.name ?? ''}`, ...(p?.options ?? []).map((o) => `- ${o.optionName ?? ''}`)].join('\n'),
        mediaType: 'chat',
      });
    }
    default:
      return null;
  }
}
