import { useState } from 'react';
import { showErrorToast, showSuccessToast } from '../../lib/notify';

/**
 * A row's delete behind a confirm: `ask(row)` opens the dialog; confirming calls `remove`, toasts the
 * server's message (or its error) and calls `onDeleted`. Spread `dialog` into a ConfirmDialog.
 */
export function useConfirmedDelete<T>(remove: (row: T) => Promise<{ message: string }>, onDeleted: () => void) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      const { message } = await remove(deleting);
      showSuccessToast(message);
      onDeleted();
    } catch (error) {
      showErrorToast(error instanceof Error ? error.message : String(error));
    }
    setBusy(false);
    setDeleting(null);
  };
  return {
    deleting,
    ask: setDeleting,
    dialog: {
      opened: deleting !== null,
      busy,
      onCancel: () => setDeleting(null),
      onConfirm: () => void confirm(),
    },
  };
}
