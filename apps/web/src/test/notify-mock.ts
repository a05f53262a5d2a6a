/**
 * The toasts a screen under test showed, in place of lib/notify:
 * `vi.mock('<…>/lib/notify', () => import('<…>/test/notify-mock'))`, then read `toasts` and call `clearToasts()`
 * after each test.
 */
export const toasts = { success: [] as string[], error: [] as string[] };

export function showSuccessToast(message: string): void {
  toasts.success.push(message);
}

export function showErrorToast(message: string): void {
  toasts.error.push(message);
}

export function clearToasts(): void {
  toasts.success.length = 0;
  toasts.error.length = 0;
}
