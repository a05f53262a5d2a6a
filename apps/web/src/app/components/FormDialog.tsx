import { Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The dialog's title, which also names its form. */
  title: string;
  /** The form's submit (Mantine's `form.onSubmit(...)`); the browser's own validation is off. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Saving: the submit button spins and cannot be pressed again. */
  pending: boolean;
  submitLabel?: string;
  /** The form is not valid yet (the spec's dialogs that keep Submit off until it is). */
  submitDisabled?: boolean;
  size?: ModalProps['size'];
  /** The whole screen (a long form on a phone). */
  fullScreen?: boolean;
  children: ReactNode;
}

/**
 * The add/edit dialog of a back-office list: a centred modal named by its title, one form, its fields,
 * then Cancel and the submit button (with its pending state). See docs/decisions.md, "The list kit".
 */
export function FormDialog({
  opened,
  onClose,
  title,
  onSubmit,
  pending,
  submitLabel = 'Save',
  submitDisabled,
  size,
  fullScreen,
  children,
}: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={fullScreen}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form aria-label={title} noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A server's refusal: under the field it names (a 400 with `field`), else as an error toast. */
export function showServerError(error: unknown, setFieldError: (field: string, message: string) => void): void {
  if (isApiError(error) && error.field) setFieldError(error.field, error.message);
  else showErrorToast(error instanceof Error ? error.message : String(error));
}

/** Saves, then says so and closes; a refusal lands on its field (or in a toast) and the dialog stays open. */
export async function saveAndClose(
  save: () => Promise<unknown>,
  {
    success,
    close,
    setFieldError,
  }: { success: string; close: () => void; setFieldError: (f: string, m: string) => void },
): Promise<boolean> {
  try {
    await save();
  } catch (error) {
    showServerError(error, setFieldError);
    return false;
  }
  showSuccessToast(success);
  close();
  return true;
}
