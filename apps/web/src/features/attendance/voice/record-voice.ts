/**
 * A voice note recorded in the browser, made the OGG/Opus file that WhatsApp (Web and Cloud API)
 * and Telegram show as a voice note. Firefox records OGG/Opus itself; Chromium records WebM/Opus,
 * whose Opus packets mediabunny copies into an Ogg container (a remux, no re-encoding); a browser
 * recording another codec (Safari: AAC in MP4) is transcoded when it can encode Opus. When none of
 * that works the recording goes as it is: an audio file, not a voice note.
 */

/** What MediaRecorder is asked for, best first (Opus: what the voice notes want). */
const RECORDING_TYPES = ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'];
/** Speech needs little: 32 kbit/s keeps a minute near 240 KB (WhatsApp shows a play icon up to 512 KB). */
const BITS_PER_SECOND = 32_000;
export const VOICE_NOTE_MIME = 'audio/ogg; codecs=opus';

export interface VoiceRecording {
  /** Ends the recording: its bytes, as the browser recorded them. */
  stop(): Promise<Blob>;
  /** Ends it and throws it away. */
  cancel(): void;
}

export function canRecordVoice(): boolean {
  return typeof MediaRecorder !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;
}

/** Asks for the microphone (the browser prompts once) and starts recording. */
export async function startVoiceRecording(): Promise<VoiceRecording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const mimeType = RECORDING_TYPES.find((t) => MediaRecorder.isTypeSupported(t));
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: BITS_PER_SECOND });
  } catch (err) {
    stream.getTracks().forEach((t) => t.stop());
    throw err;
  }
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => {
    if (e.data.size > 0) chunks.push(e.data);
  };
  const stopped = new Promise<void>((resolve) => {
    recorder.onstop = () => resolve();
  });
  // The microphone light goes off as soon as the recording ends, sent or not.
  const release = () => stream.getTracks().forEach((t) => t.stop());
  recorder.start(250);
  return {
    async stop() {
      if (recorder.state !== 'inactive') recorder.stop();
      await stopped;
      release();
      return new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' });
    },
    cancel() {
      if (recorder.state !== 'inactive') recorder.stop();
      release();
    },
  };
}

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
const extensionOf = (type: string) => (type.includes('mp4') ? 'm4a' : type.includes('ogg') ? 'ogg' : 'webm');

/** The recording as an OGG/Opus file when it can be made one; otherwise as recorded. */
export async function toVoiceNoteFile(recorded: Blob): Promise<File> {
  const name = `voice-${stamp()}`;
  if (/^audio\/ogg/.test(recorded.type)) return new File([recorded], `${name}.ogg`, { type: VOICE_NOTE_MIME });
  try {
    // Loaded on first use: most agents never record, and the library is not small.
    const { ALL_FORMATS, BlobSource, BufferTarget, Conversion, Input, OggOutputFormat, Output } =
      await import('mediabunny');
    const input = new Input({ formats: ALL_FORMATS, source: new BlobSource(recorded) });
    const target = new BufferTarget();
    const output = new Output({ format: new OggOutputFormat(), target });
    const conversion = await Conversion.init({
      input,
      output,
      video: { discard: true },
      // Opus already (WebM from Chromium): the packets are copied; anything else is transcoded.
      audio: { codec: 'opus' },
    });
    if (conversion.isValid) {
      await conversion.execute();
      if (target.buffer) return new File([target.buffer], `${name}.ogg`, { type: VOICE_NOTE_MIME });
    }
  } catch {
    // Falls through: the recording still goes, as an audio file.
  }
  const type = recorded.type.split(';')[0] || 'audio/webm';
  return new File([recorded], `${name}.${extensionOf(type)}`, { type });
}
