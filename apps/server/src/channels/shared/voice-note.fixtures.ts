/**
 * A real voice note for tests: 1.5 s recorded by Chromium's MediaRecorder from its fake microphone
 * (WebM/Opus, as Chromium records), and the same packets remuxed into OGG/Opus (as Prosa sends).
 */
import { readFileSync } from 'node:fs';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

export const VOICE_NOTE_WEBM = fixture('voice-note.webm');
export const VOICE_NOTE_OGG = fixture('voice-note.ogg');

/** An OGG/Opus file: the Ogg capture pattern first, and the Opus identification header in it. */
export function isOggOpus(data: Buffer): boolean {
  return data.subarray(0, 4).toString('latin1') === 'OggS' && data.subarray(0, 200).includes('OpusHead');
}
