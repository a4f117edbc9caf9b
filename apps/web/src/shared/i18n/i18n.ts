import {
  FALLBACK_LANGUAGE,
  LANGUAGES,
  parseValidationMessage,
  uiCatalogues,
  validationTexts,
  type Language,
} from '@prosa/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import 'dayjs/locale/en';
import 'dayjs/locale/es';
import 'dayjs/locale/pt-br';

const STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice, else the first browser language we speak, else pt (SPEC §1). */
export function detectLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of browser) {
    const base = tag?.slice(0, 2).toLowerCase();
    if (isLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}

/** Locale tags for Intl and dayjs. */
export const LOCALE_OF: Record<Language, { intl: string; dayjs: string }> = {
  pt: { intl: 'pt-BR', dayjs: 'pt-br' },
  en: { intl: 'en-US', dayjs: 'en' },
  es: { intl: 'es-ES', dayjs: 'es' },
};

const resources = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, { translation: { ...uiCatalogues[lang], validation: validationTexts[lang] } }]),
);

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyDocumentLanguage(lang: string): void {
  if (isLanguage(lang) && typeof document !== 'undefined') document.documentElement.lang = LOCALE_OF[lang].intl;
}
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
}

/** Switches the interface language and remembers the choice on this device. */
export async function setLanguage(lang: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEY, lang);
  await i18n.changeLanguage(lang);
}

/**
 * For texts whose key is only known at run time (validation keys sent by the server). A key may
 * carry numbers (`validation.min|min=6`, see vMessage), which the text interpolates.
 */
export function translateKey(message: string): string {
  const { key, params } = parseValidationMessage(message);
  return i18n.exists(key) ? (i18n.t as (k: string, p: Record<string, number>) => string)(key, params) : message;
}

export { i18n };
