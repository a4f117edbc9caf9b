import type { UiCatalogue } from '../index.js';

/** What a channel says on its own (rating, default farewell) in English; spread into uiEn (en.ts). */
export const uiEnServiceTexts: Pick<UiCatalogue, 'serviceTexts'> = {
  serviceTexts: {
    ratingWaitMinutes: 'Time to rate (minutes)',
    ratingWaitHint: 'After the close, an answer from 1 to 5 within this time counts as the rating.',
    ratingThanksMessage: 'Thanks for the rating',
    ratingThanksPlaceholder: 'Thank you for your rating!',
    ratingInvalidMessage: 'Invalid answer',
    ratingInvalidPlaceholder: 'Please answer with a number from 1 to 5 only.',
    ratingInvalidHint: 'Sent once; the next message opens a new ticket.',
    useChannelFarewell: "With no text above, send the connection's default farewell (if any)",
  },
};
