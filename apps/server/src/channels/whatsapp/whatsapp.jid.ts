/**
 * WhatsApp addresses (JIDs) and the lazily loaded Baileys module. Baileys (and its protobuf
 * definitions) is loaded on first use, not when the adapter registers, so every app start and
 * every test file that never touches WhatsApp Web does not pay for it.
 *
 * JIDs: `5511999990000@s.whatsapp.net` (a phone number, "PN"), `123456789012345@lid` (a LID,
 * WhatsApp's privacy id for a user), `120363000000000000@g.us` (a group); `user:device@server`
 * addresses one device. Status broadcasts, broadcast lists and newsletters are not conversations.
 */
export type BaileysModule = typeof import('baileys');

let loading: Promise<BaileysModule> | null = null;
export function baileys(): Promise<BaileysModule> {
  loading ??= import('baileys');
  return loading;
}

export interface Jid {
  user: string;
  server: string;
}

export function parseJid(jid: string | null | undefined): Jid | null {
  if (!jid) return null;
  const at = jid.indexOf('@');
  if (at <= 0) return null;
  const server = jid.slice(at + 1);
  // `user_agent:device` -> user
  const user = jid.slice(0, at).split(':')[0]!.split('_')[0]!;
  return user ? { user, server: server === 'c.us' ? 's.whatsapp.net' : server } : null;
}

/** The JID without its device part: `5511...:12@s.whatsapp.net` -> `5511...@s.whatsapp.net`. */
export function normalizeJid(jid: string | null | undefined): string {
  const j = parseJid(jid);
  return j ? `${j.user}@${j.server}` : '';
}

export const isPnJid = (jid: string | null | undefined) => {
  const s = parseJid(jid)?.server;
  return s === 's.whatsapp.net' || s === 'hosted';
};
export const isLidJid = (jid: string | null | undefined) => {
  const s = parseJid(jid)?.server;
  return s === 'lid' || s === 'hosted.lid';
};
export const isGroupJid = (jid: string | null | undefined) => parseJid(jid)?.server === 'g.us';

/** Chats that are not conversations with a customer or a group: statuses, broadcasts, channels. */
export function isIgnoredChat(jid: string | null | undefined): boolean {
  const s = parseJid(jid)?.server;
  return (
    !s || s === 'broadcast' || s === 'newsletter' || s === 'call' || (!isPnJid(jid) && !isLidJid(jid) && s !== 'g.us')
  );
}

/** Digits of a phone JID (`5511999990000`), or '' when it is not one. */
export const phoneOf = (jid: string | null | undefined): string =>
  isPnJid(jid) ? parseJid(jid)!.user.replace(/\D/g, '') : '';

export const phoneJid = (digits: string) => `${digits}@s.whatsapp.net`;
