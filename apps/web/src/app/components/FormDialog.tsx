import { Button, Group, type GroupProps, Modal, type ModalProps, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
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
          <FormActions onCancel={onClose} pending={pending} submitLabel={submitLabel} submitDisabled={submitDisabled} />
        </Stack>
      </form>
    </Modal>
  );
}

type FormActionsProps = Omit<GroupProps, 'children'> & {
  /** Saving: the submit button spins and cannot be pressed again. */
  pending: boolean;
  submitLabel?: ReactNode;
  submitDisabled?: boolean;
  /** The submit button's colour (a refund's red); the theme's primary colour by default. */
  submitColor?: string;
  /** Cancel while saving is off (a dialog that cannot be left mid-save). */
  cancelDisabled?: boolean;
} & ({ onCancel: () => void; cancelTo?: never } | { cancelTo: string; onCancel?: never });

/**
 * A form's last row: Cancel (closes the dialog, or a link back with `cancelTo`) and the submit button with its
 * pending state, at the end of the row unless `justify` says otherwise. FormDialog's footer, and the one of
 * dialogs and pages that keep their own layout.
 */
export function FormActions({
  pending,
  submitLabel = 'Save',
  submitDisabled,
  submitColor,
  cancelDisabled,
  onCancel,
  cancelTo,
  ...group
}: FormActionsProps) {
  return (
    <Group justify="flex-end" {...group}>
      {cancelTo === undefined ? (
        <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
          Cancel
        </Button>
      ) : (
        <Button variant="default" component={Link} to={cancelTo}>
          Cancel
        </Button>
      )}
      <Button type="submit" color={submitColor} loading={pending} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </Group>
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

/** What a contract's schema (zod) says of a body: passes, or the issues with the field each names first. */
interface Checks {
  safeParse(
    body: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * A form's errors by the contract's own rules (Mantine's `validate`): the body checked by its schema,
 * the first message for each field; none when it passes.
 */
export function schemaErrors(schema: Checks, body: unknown): Record<string, string> {
  const parsed = schema.safeParse(body);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}
