import type { UiCatalogue } from '../index.js';

/** A user's channels in English; spread into uiEn (en.ts). */
export const uiEnUserChannels: Pick<UiCatalogue, 'userChannels'> = {
  userChannels: {
    label: 'Connections',
    placeholder: 'All connections',
    hint: 'Empty: the user sees and starts tickets on every connection.',
    notFound: 'Connection not found',
  },
};
