import { CATALOGUE_MESSAGES, type ItemCategory, type ItemSupplier } from '@atrium/contracts';
import { Modal, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { FormActions } from '../../app/components/FormDialog';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { useCreateCategory, useCreateSupplier } from './hooks';

interface CategoryProps {
  opened: boolean;
  type: 'PRODUCT' | 'BUNDLE';
  onClose: () => void;
  onCreated: (category: ItemCategory) => void;
}

/** A new category, named in a small dialog and chosen at once in the form that opened it. */
export function CategoryDialog({ opened, type, onClose, onCreated }: CategoryProps) {
  const phone = useMediaQuery('(max-width: 600px)');
  const create = useCreateCategory();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError(CATALOGUE_MESSAGES.nameRequired);
      return;
    }
    try {
      const category = await create.mutateAsync({ name: name.trim(), categoryType: type });
      showSuccessToast(CATALOGUE_MESSAGES.categoryAdded);
      setName('');
      setError(null);
      onCreated(category);
    } catch (failure) {
      if (isApiError(failure) && failure.field === 'name') setError(failure.message);
      else showErrorToast(failure instanceof Error ? failure.message : String(failure));
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="New Category" size={400} fullScreen={phone} centered>
      <form onSubmit={submit} noValidate aria-label="New Category">
        <Stack gap="sm">
          <TextInput
            label="Category Name"
            required
            value={name}
            error={error}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <FormActions onCancel={onClose} pending={create.isPending} submitLabel="Submit" />
        </Stack>
      </form>
    </Modal>
  );
}

interface SupplierProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (supplier: ItemSupplier) => void;
}

/** A new supplier (name, email, phone), chosen at once in the product form. */
export function SupplierDialog({ opened, onClose, onCreated }: SupplierProps) {
  const phoneWidth = useMediaQuery('(max-width: 600px)');
  const create = useCreateSupplier();
  const [values, setValues] = useState({ name: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!values.name.trim()) {
      setErrors({ name: CATALOGUE_MESSAGES.nameRequired });
      return;
    }
    try {
      const supplier = await create.mutateAsync({
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
      });
      setValues({ name: '', email: '', phone: '' });
      setErrors({});
      onCreated(supplier);
    } catch (failure) {
      if (isApiError(failure) && failure.field && failure.field in values)
        setErrors({ [failure.field]: failure.message });
      else showErrorToast(failure instanceof Error ? failure.message : String(failure));
    }
  }

  const field = (key: keyof typeof values, label: string, type = 'text') => (
    <TextInput
      label={label}
      type={type}
      required={key === 'name'}
      value={values[key]}
      error={errors[key]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [key]: value }));
        setErrors({});
      }}
    />
  );

  return (
    <Modal opened={opened} onClose={onClose} title="New Supplier" size={400} fullScreen={phoneWidth} centered>
      <form onSubmit={submit} noValidate aria-label="New Supplier">
        <Stack gap="sm">
          {field('name', 'Supplier Name')}
          {field('email', 'Email', 'email')}
          {field('phone', 'Phone', 'tel')}
          <FormActions onCancel={onClose} pending={create.isPending} submitLabel="Submit" />
        </Stack>
      </form>
    </Modal>
  );
}
