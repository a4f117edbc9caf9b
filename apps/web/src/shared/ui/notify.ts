import { notifications } from '@mantine/notifications';

const NOTICE_MS = 4000;

export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: 2500, withBorder: true });
}

/** Navigation notices (login required, plan expired, unauthorized). One id each, so they never pile up. */
export function notifyNotice(id: string, message: string, color: 'blue' | 'orange' | 'red' = 'blue'): void {
  notifications.hide(id);
  notifications.show({ id, color, message, autoClose: NOTICE_MS, withBorder: true });
}
