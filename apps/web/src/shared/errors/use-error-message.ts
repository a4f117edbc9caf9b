import { useTranslation } from 'react-i18next';
import { isLanguage } from '../i18n/i18n';
import { errorText } from './error-text';
import { toastError } from './toast-error';

/** For screens that show an error inline: the text of a failure, in the language on screen. */
export function useErrorMessage(): { message: (err: unknown) => string; toast: (err: unknown) => void } {
  const { i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : undefined;
  return { message: (err) => errorText(err, lang).message, toast: toastError };
}
