/** A user's channels (SPEC §3 User "channels") in Brazilian Portuguese; spread into uiPt (pt.ts). */
export const uiPtUserChannels = {
  userChannels: {
    label: 'Conexões',
    placeholder: 'Todas as conexões',
    hint: 'Vazio: o usuário vê e inicia atendimentos em todas as conexões.',
    notFound: 'Conexão não encontrada',
  },
};
