/**
 * A visitor's recording as a voice note. The widget posts what the browser recorded: OGG/Opus
 * (Firefox) is kept, WebM/Opus (Chromium) is remuxed into OGG/Opus by mediabunny (the Opus packets
 * are copied, nothing is re-encoded, no codec runs on the server), other audio the browser records
 * (Safari's AAC in MP4) is kept as an audio file. The type is decided by the bytes, never by the
 * declared content type; anything that is not audio is refused.
 */
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../platform/http/app-error.js';

/** 5 MB: some 20 minutes of speech at the 32 kbit/s the widget records. */
export const VOICE_NOTE_MAX_BYTES = 5 * 1024 * 1024;
export const OGG_OPUS = 'audio/ogg; codecs=opus';

export interface VoiceNoteFile {
  data: Buffer;
  mimeType: string;
  fileName: string;
}

const refused = () => new AppError('ERR_FILE_TYPE_NOT_ALLOWED');

/** The Opus packets of a WebM recording in an Ogg container; undefined when the audio is not Opus. */
async function remuxToOgg(data: Buffer): Promise<Buffer | undefined> {
  const { ALL_FORMATS, BufferSource, BufferTarget, Conversion, Input, OggOutputFormat, Output } = await import('mediabunny');
  const input = new Input({ formats: ALL_FORMATS, source: new BufferSource(data) });
  const track = await input.getPrimaryAudioTrack();
  if (!track || track.codec !== 'opus') return undefined;
  const target = new BufferTarget();
  const output = new Output({ format: new OggOutputFormat(), target });
  const conversion = await Conversion.init({ input, output, video: { discard: true }, audio: { codec: 'opus' } });
  if (!conversion.isValid) return undefined;
  await conversion.execute();
  return target.buffer ? Buffer.from(target.buffer) : undefined;
}

export async function asVoiceNote(data: Buffer): Promise<VoiceNoteFile> {
  if (data.length === 0) throw refused();
  const found = await fileTypeFromBuffer(data);
  if (found?.mime === OGG_OPUS) return { data, mimeType: OGG_OPUS, fileName: 'voice.ogg' };
  if (found && /^(audio|video)\/webm$/.test(found.mime)) {
    const ogg = await remuxToOgg(data).catch(() => undefined);
    if (ogg && (await fileTypeFromBuffer(ogg))?.mime === OGG_OPUS)
      return { data: ogg, mimeType: OGG_OPUS, fileName: 'voice.ogg' };
    throw refused();
  }
  // MP4 from a browser's recorder is audio only, but its brand often says video: checked by its tracks.
  if (found && (found.mime.startsWith('audio/') || found.mime === 'video/mp4')) {
    const { ALL_FORMATS, BufferSource, Input } = await import('mediabunny');
    const input = new Input({ formats: ALL_FORMATS, source: new BufferSource(data) });
    const [audio, video] = await Promise.all([input.getPrimaryAudioTrack(), input.getPrimaryVideoTrack()]).catch(() => [
      null,
      null,
    ]);
    if (!audio || video) throw refused();
    const mimeType = found.mime === 'video/mp4' || found.mime === 'audio/x-m4a' ? 'audio/mp4' : found.mime;
    return { data, mimeType, fileName: `voice.${mimeType === 'audio/mp4' ? 'm4a' : found.ext}` };
  }
  throw refused();
}
