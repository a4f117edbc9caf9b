import { errorCatalogues, isErrorCode, type Language } from '@prosa/contracts';
import { ApiError, LOCAL_ERROR } from '../api/api-error';
import { currentLanguage, i18n } from '../i18n/i18n';

export interface ErrorText {
  message: string;
  description?: string;
}

/** The code a failure carries: `error`, `msg` or `message` of the server's body (SPEC §8). */
function rawOf(err: unknown): string | undefined {
  if (err instanceof ApiError) return err.code;
  if (typeof err === 'string') return err;
  if (err && typeof err === 'object') {
    const r = err as Record<string, unknown>;
    const found = [r.error, r.msg, r.message].find((v): v is string => typeof v === 'string' && v.length > 0);
    if (found) return found;
  }
  return undefined;
}

/**
 * The one place that turns a failure into words: a known code -> its catalogue text in the current
 * language; otherwise the raw error; otherwise "Ocorreu um erro não identificado." (translated).
 */
export function errorText(err: unknown, lang: Language = currentLanguage()): ErrorText {
  const raw = rawOf(err);
  if (raw && isErrorCode(raw)) {
    const entry = errorCatalogues[lang][raw];
    return { message: entry.message, description: entry.description };
  }
  if (raw === LOCAL_ERROR.timeout) return { message: i18n.t('errors.timeout') };
  if (raw === LOCAL_ERROR.network) return { message: i18n.t('errors.network') };
  if (raw && !/^HTTP \d+$/.test(raw)) return { message: raw };
  return { message: i18n.t('errors.unknown') };
}
