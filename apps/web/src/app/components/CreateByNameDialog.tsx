import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useEffect, useState } from 'react';
import { FormDialog, saveAndClose } from './FormDialog';

interface Props<T> {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The name field's label ("Course name"). */
  label: string;
  description?: string;
  maxLength: number;
  /** The message under an empty name. */
  nameRequired: string;
  create: (name: string) => Promise<T>;
  /** The success toast for the trimmed name. */
  success: (name: string) => string;
  /** Called with what was made, after the dialog closed (open its editor, say). */
  onCreated: (created: T) => void | Promise<void>;
  children?: ReactNode;
}

/**
 * "Name first, the rest in its editor": the create dialog of a record whose other fields are set on its
 * own screen (a course, a campaign). A fresh form each time it opens; a server refusal lands on the field.
 */
export function CreateByNameDialog<T>(props: Props<T>) {
  const form = useForm({
    initialValues: { name: '' },
    validate: { name: (value) => (value.trim() ? null : props.nameRequired) },
  });
  const [pending, setPending] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens
  useEffect(() => {
    if (props.opened) form.reset();
  }, [props.opened]);

  return (
    <FormDialog
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      submitLabel="Create"
      pending={pending}
      onSubmit={form.onSubmit(async (values) => {
        const name = values.name.trim();
        setPending(true);
        let created: { value: T } | null = null;
        await saveAndClose(
          async () => {
            created = { value: await props.create(name) };
          },
          { success: props.success(name), close: props.onClose, setFieldError: form.setFieldError },
        );
        setPending(false);
        if (created) await props.onCreated((created as { value: T }).value);
      })}
    >
      <TextInput
        label={props.label}
        description={props.description}
        required
        data-autofocus
        maxLength={props.maxLength}
        {...form.getInputProps('name')}
      />
      {props.children}
    </FormDialog>
  );
}
