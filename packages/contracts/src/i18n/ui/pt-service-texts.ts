/**
 * What a channel says on its own (rating after close, default farewell) and its outbound webhook,
 * in Brazilian Portuguese; spread into uiPt (pt.ts).
 */
export const uiPtServiceTexts = {
  serviceTexts: {
    ratingWaitMinutes: 'Prazo para avaliar (minutos)',
    ratingWaitHint: 'Depois do encerramento, uma resposta de 1 a 5 dentro deste prazo vale como avaliação.',
    ratingThanksMessage: 'Agradecimento pela avaliação',
    ratingThanksPlaceholder: 'Obrigado pela sua avaliação!',
    ratingInvalidMessage: 'Resposta inválida',
    ratingInvalidPlaceholder: 'Por favor, responda só com um número de 1 a 5.',
    ratingInvalidHint: 'Enviada uma vez; a mensagem seguinte abre um novo atendimento.',
    useChannelFarewell: 'Sem texto acima, enviar a despedida padrão da conexão (se houver)',
  },
};
