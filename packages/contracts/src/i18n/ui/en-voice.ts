import type { UiCatalogue } from '../index.js';

/** Voice notes (recording in the composer, playing audio) in English; spread into uiEn (en.ts). */
export const uiEnVoice: Pick<UiCatalogue, 'voice'> = {
  voice: {
    record: 'Record a voice message',
    recording: 'Recording time',
    cancel: 'Discard the recording',
    send: 'Send the voice message',
    noMicrophone: "Couldn't use the microphone. Check the browser's permission.",
    note: 'Voice message',
    speed: 'Playback speed',
  },
};
