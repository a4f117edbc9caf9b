import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/api-error';
import { errorText } from './error-text';

/** SPEC §8/§9: the error toast is a warning that stays 500 ms. */
export const ERROR_TOAST_MS = 500;
/** Errors the client itself reports (ended session, server failure) stay long enough to be read. */
const SEVERE_TOAST_MS = 4000;

export function notifyError(err: unknown, kind: 'warning' | 'error' = 'warning'): void {
  const { message, description } = errorText(err);
  notifications.show({
    color: kind === 'warning' ? 'yellow' : 'red',
    title: description ? message : undefined,
    message: description ?? message,
    autoClose: kind === 'warning' ? ERROR_TOAST_MS : SEVERE_TOAST_MS,
    withBorder: true,
  });
}

/** Tells the user what went wrong, unless the HTTP client already did. */
export function toastError(err: unknown): void {
  if (err instanceof ApiError && err.handled) return;
  notifyError(err, 'warning');
}
