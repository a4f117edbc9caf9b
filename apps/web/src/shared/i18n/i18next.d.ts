import type { UiCatalogue } from '@prosa/contracts';
import 'i18next';

/** Typed keys: a t('...') call with a key missing from the catalogues does not compile. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: UiCatalogue & { validation: Record<string, string> };
    };
  }
}
