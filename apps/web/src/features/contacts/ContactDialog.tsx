import { Checkbox, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormActions } from '../../app/components/FormDialog';
import { useTenant } from '../session/session-store';
import { type ContactFormValues, contactFormErrors } from './contact-format';

const EMPTY: ContactFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  grnNumber: '',
  hasSignedWaiverForm: true,
  subscribeToMailingList: true,
};

interface Props {
  opened: boolean;
  /** Edit Contact when given, else Create Contact. */
  initial?: Partial<ContactFormValues> | null;
  title?: string;
  onClose: () => void;
  /** Resolves when saved (the dialog then closes); a rejection keeps it open with the values. */
  onSubmit: (values: ContactFormValues) => Promise<unknown>;
}

/** Spec 3 §2.5 contact dialog: Create Contact / Edit Contact; Submit disabled while invalid. */
export function ContactDialog({ opened, initial, title, onClose, onSubmit }: Props) {
  const tenant = useTenant();
  const [values, setValues] = useState<ContactFormValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof ContactFormValues, boolean>>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setValues({ ...EMPTY, ...(initial ?? {}) });
      setTouched({});
    }
  }, [opened, initial]);

  const errors = contactFormErrors(values);
  const invalid = Object.keys(errors).length > 0;
  const set = <K extends keyof ContactFormValues>(key: K, value: ContactFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const text = (key: 'firstName' | 'lastName' | 'email' | 'phone' | 'grnNumber') => ({
    value: values[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(key, event.currentTarget.value),
    onBlur: () => setTouched((current) => ({ ...current, [key]: true })),
    error: touched[key] ? errors[key as keyof typeof errors] : undefined,
  });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (invalid || busy) return;
    setBusy(true);
    try {
      await onSubmit({ ...values, email: values.email.trim() });
      onClose();
    } catch {
      // the API client has shown the server's message; keep the form as it is
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={title ?? (initial ? 'Edit Contact' : 'Create Contact')}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="First Name" required autoComplete="off" data-autofocus {...text('firstName')} />
          <TextInput label="Last Name" required autoComplete="off" {...text('lastName')} />
          <TextInput label="Email" type="email" required autoComplete="off" {...text('email')} />
          {tenant.isSupportGrn ? <TextInput label="GRN Number" {...text('grnNumber')} /> : null}
          <TextInput label="Phone" type="tel" autoComplete="off" {...text('phone')} />
          <Checkbox
            label="Waiver Form Signed"
            checked={values.hasSignedWaiverForm}
            onChange={(event) => set('hasSignedWaiverForm', event.currentTarget.checked)}
          />
          <Checkbox
            label="Subscribe to Mailing List"
            checked={values.subscribeToMailingList}
            onChange={(event) => set('subscribeToMailingList', event.currentTarget.checked)}
          />
          <FormActions
            onCancel={onClose}
            cancelDisabled={busy}
            pending={busy}
            submitDisabled={invalid}
            submitLabel="Submit"
            mt="sm"
          />
        </Stack>
      </form>
    </Modal>
  );
}
