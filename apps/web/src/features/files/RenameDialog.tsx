import { FILE_MESSAGES, FILE_NAME_MAX, type StudioFile } from '@atrium/contracts';
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { FormDialog, saveAndClose } from '../../app/components/FormDialog';
import { filesApi } from './api';

interface Props {
  file: StudioFile | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Rename a file; a name typed without an extension keeps the file's own (the server adds it). */
export function RenameDialog({ file, onClose, onSaved }: Props) {
  const form = useForm({
    initialValues: { fileName: '' },
    validate: { fileName: (value) => (value.trim() ? null : 'fileName is required') },
  });
  const [pending, setPending] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled once per file opened
  useEffect(() => {
    if (file) form.setValues({ fileName: file.fileName });
  }, [file]);

  return (
    <FormDialog
      opened={file !== null}
      onClose={onClose}
      title="Rename file"
      pending={pending}
      onSubmit={form.onSubmit(async ({ fileName }) => {
        if (!file) return;
        setPending(true);
        await saveAndClose(() => filesApi.rename(file.id, fileName), {
          success: FILE_MESSAGES.renamed,
          close: () => {
            onSaved();
            onClose();
          },
          setFieldError: form.setFieldError,
        });
        setPending(false);
      })}
    >
      <TextInput label="File name" maxLength={FILE_NAME_MAX} data-autofocus {...form.getInputProps('fileName')} />
    </FormDialog>
  );
}
