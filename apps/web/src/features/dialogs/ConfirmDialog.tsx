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
