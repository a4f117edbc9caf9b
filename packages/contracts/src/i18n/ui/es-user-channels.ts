import type { UiCatalogue } from '../index.js';

/** A user's channels in Spanish; spread into uiEs (es.ts). */
export const uiEsUserChannels: Pick<UiCatalogue, 'userChannels'> = {
  userChannels: {
    label: 'Conexiones',
    placeholder: 'Todas las conexiones',
    hint: 'Vacío: el usuario ve e inicia atenciones en todas las conexiones.',
    notFound: 'Conexión no encontrada',
  },
};
