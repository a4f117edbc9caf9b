/** The running time of a recording: 0:07, 1:23, 12:05. */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A voice note, not just any audio file: OGG/Opus is what WhatsApp and Telegram record. */
export const isVoiceNote = (mimeType: string | null | undefined) =>
  !!mimeType && /^audio\/(ogg|opus)\b/i.test(mimeType.trim());
