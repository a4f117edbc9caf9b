import type { UiCatalogue } from '../index.js';

/** Voice notes (recording in the composer, playing audio) in Spanish; spread into uiEs (es.ts). */
export const uiEsVoice: Pick<UiCatalogue, 'voice'> = {
  voice: {
    record: 'Grabar mensaje de voz',
    recording: 'Tiempo de grabación',
    cancel: 'Descartar la grabación',
    send: 'Enviar el mensaje de voz',
    noMicrophone: 'No se pudo usar el micrófono. Revise el permiso del navegador.',
    note: 'Mensaje de voz',
    speed: 'Velocidad de reproducción',
  },
};
