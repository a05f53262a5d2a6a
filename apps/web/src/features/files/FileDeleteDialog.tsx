import { FILE_MESSAGES } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccessToast } from '../../lib/notify';
import { DeleteDialog } from '../dialogs/ConfirmDialog';

/**
 * A file's delete behind its confirm (the studio's Files and a member's My Files): `ask(file)` opens "Delete file";
 * once deleted it says so, closes and refreshes the list. `dialog(consequence)` is the dialog, with what the delete
 * means for whoever else sees the file.
 */
export function useFileDelete<T extends { id: string; fileName: string }>(
  removeFile: (id: string) => Promise<unknown>,
  refresh: () => Promise<unknown>,
) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const remove = useMutation({
    mutationFn: (file: T) => removeFile(file.id),
    onSuccess: () => {
      showSuccessToast(FILE_MESSAGES.deleted);
      setDeleting(null);
      return refresh();
    },
  });
  const dialog = (consequence: string) => (
    <DeleteDialog
      item={deleting}
      title="Delete file"
      busy={remove.isPending}
      onCancel={() => setDeleting(null)}
      onDelete={(file) => remove.mutate(file)}
    >
      Delete {deleting?.fileName}? {consequence}
    </DeleteDialog>
  );
  return { ask: setDeleting, dialog };
}
