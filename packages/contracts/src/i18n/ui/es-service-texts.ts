import type { UiCatalogue } from '../index.js';

/** What a channel says on its own (rating, default farewell) in Spanish; spread into uiEs (es.ts). */
export const uiEsServiceTexts: Pick<UiCatalogue, 'serviceTexts'> = {
  serviceTexts: {
    ratingWaitMinutes: 'Plazo para calificar (minutos)',
    ratingWaitHint: 'Tras el cierre, una respuesta de 1 a 5 dentro de este plazo cuenta como calificación.',
    ratingThanksMessage: 'Agradecimiento por la calificación',
    ratingThanksPlaceholder: '¡Gracias por tu calificación!',
    ratingInvalidMessage: 'Respuesta no válida',
    ratingInvalidPlaceholder: 'Por favor, responde solo con un número del 1 al 5.',
    ratingInvalidHint: 'Se envía una vez; el siguiente mensaje abre una nueva atención.',
    useChannelFarewell: 'Sin texto arriba, enviar la despedida predeterminada de la conexión (si la hay)',
  },
};
