import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  opened: boolean;
  title: string;
  message: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action shows its button in red. */
  danger?: boolean;
  busy?: boolean;
  /** The dialog's width (Mantine Modal size), e.g. 490 for the page delete confirmation. */
  size?: number | string;
}

/** Spec 1 "Dialogs": confirm dialog with title, message, Cancel and Confirm. */
export function ConfirmDialog({
  opened,
  title,
  message,
  onCancel,
  onConfirm,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  danger = false,
  busy = false,
  size,
}: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} size={size} centered>
      {typeof message === 'string' ? <Text mb="lg">{message}</Text> : message}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

interface DeleteProps<T> {
  /** The row being deleted; the dialog is open while there is one. */
  item: T | null;
  title: string;
  /** What will go (a long name wraps anywhere). */
  children: ReactNode;
  busy: boolean;
  onCancel: () => void;
  onDelete: (item: T) => void;
}

/** A list row's delete: the confirm dialog with the red Delete button, open while `item` is set. */
export function DeleteDialog<T>({ item, title, children, busy, onCancel, onDelete }: DeleteProps<T>) {
  return (
    <ConfirmDialog
      opened={item !== null}
      title={title}
      message={
        <Text mb="lg" style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      }
      confirmLabel="Delete"
      danger
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => item !== null && onDelete(item)}
    />
  );
}

/**
 * The spec's Yes / No question before a contact's note or activity goes ("Are you sure you want to delete?"),
 * open while `item` is set; it closes once the delete is done or refused (the call toasts its own failure).
 */
export function YesNoDeleteDialog<T>({
  item,
  title,
  busy,
  onClose,
  onDelete,
}: {
  item: T | null;
  title: string;
  busy: boolean;
  onClose: () => void;
  onDelete: (item: T) => Promise<unknown>;
}) {
  return (
    <ConfirmDialog
      opened={item !== null}
      title={title}
      message="Are you sure you want to delete?"
      confirmLabel="Yes"
      cancelLabel="No"
      danger
      busy={busy}
      onCancel={onClose}
      onConfirm={async () => {
        if (item !== null) await onDelete(item).catch(() => null);
        onClose();
      }}
    />
  );
}
