import { notifications } from '@mantine/notifications';

/** Toasts are Mantine notifications; the container mounts lazily (see app/LazyNotifications). */
export function showErrorToast(message: string): void {
  notifications.show({ color: 'red', title: 'Error', message });
}

export function showSuccessToast(message: string): void {
  notifications.show({ color: 'teal', message });
}
