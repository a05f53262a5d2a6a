import { COURSE_MESSAGES, type CourseDetail, type Section } from '@atrium/contracts';
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { FormDialog, saveAndClose } from '../../../app/components/FormDialog';
import { coursesAdminApi } from './api';

interface Props {
  /** 'new' adds a section at the end; a section renames it; null is closed. */
  target: Section | 'new' | null;
  courseId: string;
  onClose: () => void;
  onSaved: (course: CourseDetail) => void;
}

/** Add a section (at the end) or rename one. */
export function SectionDialog({ target, courseId, onClose, onSaved }: Props) {
  const form = useForm({
    initialValues: { title: '' },
    validate: { title: (value) => (value.trim() ? null : COURSE_MESSAGES.titleRequired) },
  });
  const [pending, setPending] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens
  useEffect(() => {
    if (target !== null) form.setValues({ title: target === 'new' ? '' : target.title });
    form.clearErrors();
  }, [target]);
  const adding = target === 'new';

  return (
    <FormDialog
      opened={target !== null}
      onClose={onClose}
      title={adding ? 'Add Section' : 'Rename Section'}
      submitLabel={adding ? 'Add' : 'Save'}
      pending={pending}
      onSubmit={form.onSubmit(async ({ title }) => {
        if (target === null) return;
        setPending(true);
        const name = title.trim();
        await saveAndClose(
          async () =>
            onSaved(
              target === 'new'
                ? await coursesAdminApi.addSection(courseId, name)
                : await coursesAdminApi.renameSection(courseId, target.guId, name),
            ),
          {
            success: adding ? `${name} is added successfully.` : `${name} is updated successfully.`,
            close: onClose,
            setFieldError: form.setFieldError,
          },
        );
        setPending(false);
      })}
    >
      <TextInput label="Section title" required data-autofocus maxLength={200} {...form.getInputProps('title')} />
    </FormDialog>
  );
}
