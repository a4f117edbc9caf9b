import type { FieldError, FieldErrors, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isErrorCode } from '@prosa/contracts';
import { errorText } from '../errors/error-text';
import { translateKey } from '../i18n/i18n';

/**
 * zod's own English messages (a wrong type) are not keys; they show as "invalid value". A key may
 * carry numbers after a bar (`validation.min|min=6`).
 */
export function i18nKeyLike(message: string): boolean {
  return /^[a-zA-Z]+(\.[a-zA-Z0-9_]+)+(\|[a-zA-Z]+=-?[0-9.]+(&[a-zA-Z]+=-?[0-9.]+)*)?$/.test(message);
}

/**
 * Zod messages are i18n keys (`validation.required`), so a field's error is translated at render
 * time: the text follows a language switch without validating again.
 */
export function useFieldError<T extends FieldValues>(errors: FieldErrors<T>): (name: string) => string | undefined {
  useTranslation();
  return (name) => {
    const err = name
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], errors) as
      FieldError | undefined;
    if (!err) return undefined;
    if (isErrorCode(err.message)) return errorText(err.message).message;
    const key = err.message && i18nKeyLike(err.message) ? err.message : 'validation.invalidValue';
    return translateKey(key);
  };
}
