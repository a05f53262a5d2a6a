import { notifications } from '@mantine/notifications';

/** A toast's close button has a name for screen readers (axe: button-name). */
const closeButtonProps = { 'aria-label': 'Close notification' };

/** Toasts are Mantine notifications; the container mounts lazily (see app/LazyNotifications). */
export function showErrorToast(message: string): void {
  notifications.show({ color: 'red', title: 'Error', message, closeButtonProps });
}

export function showSuccessToast(message: string): void {
  notifications.show({ color: 'teal', message, closeButtonProps });
}
