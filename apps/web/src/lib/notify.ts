import { notifications } from '@mantine/notifications';

/** The toast's close button needs a name for screen readers (axe: button-name). */
const CLOSE = { 'aria-label': 'Close notification' };

/** Toasts are Mantine notifications; the container mounts lazily (see app/LazyNotifications). */
export function showErrorToast(message: string): void {
  notifications.show({ color: 'red', title: 'Error', message, closeButtonProps: CLOSE });
}

export function showSuccessToast(message: string): void {
  notifications.show({ color: 'teal', message, closeButtonProps: CLOSE });
}

/** Done, but worth a look (a class put in a room already in use). */
export function showWarningToast(message: string): void {
  notifications.show({ color: 'yellow', title: 'Check this', message, closeButtonProps: CLOSE, autoClose: 10_000 });
}
