/** Voice notes (recording in the composer, playing audio) in Brazilian Portuguese; spread into uiPt (pt.ts). */
export const uiPtVoice = {
  voice: {
    record: 'Gravar mensagem de voz',
    recording: 'Tempo de gravação',
    cancel: 'Descartar gravação',
    send: 'Enviar mensagem de voz',
    noMicrophone: 'Não foi possível usar o microfone. Verifique a permissão do navegador.',
    note: 'Mensagem de voz',
    speed: 'Velocidade de reprodução',
  },
};
