import { useTranslation } from 'react-i18next';
import { isErrorCode } from '@prosa/contracts';
import { errorText } from '../../../shared/errors/error-text';
import { i18nKeyLike } from '../../../shared/forms/use-field-error';
import { translateKey } from '../../../shared/i18n/i18n';
import { fieldError, type FlowErrors } from './validation';

/** A fault key (`validation.required`, an error code) in the language on screen. */
export function faultMessage(message: string): string {
  if (isErrorCode(message)) return errorText(message).message;
  return translateKey(i18nKeyLike(message) ? message : 'validation.invalidValue');
}

/** The text of the fault at (or under) a field of the graph, for the input's `error`. */
export function useFaultText(errors: FlowErrors): (key: string) => string | undefined {
  useTranslation();
  return (key) => {
    const message = fieldError(errors, key);
    return message === undefined ? undefined : faultMessage(message);
  };
}
