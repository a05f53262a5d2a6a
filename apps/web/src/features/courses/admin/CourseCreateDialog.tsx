import { COURSE_MESSAGES, type CourseDetail } from '@atrium/contracts';
import { Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { FormDialog, saveAndClose } from '../../../app/components/FormDialog';
import { coursesAdminApi } from './api';

interface Props {
  opened: boolean;
  onClose: () => void;
  onCreated: (course: CourseDetail) => void;
}

/** A new course: its name makes a draft; price, teacher, sections and chapters follow in the editor. */
export function CourseCreateDialog({ opened, onClose, onCreated }: Props) {
  const form = useForm({
    initialValues: { name: '' },
    validate: { name: (value) => (value.trim() ? null : COURSE_MESSAGES.nameRequired) },
  });
  const [pending, setPending] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens
  useEffect(() => {
    if (opened) form.reset();
  }, [opened]);

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title="Add Course"
      submitLabel="Create"
      pending={pending}
      onSubmit={form.onSubmit(async (values) => {
        setPending(true);
        let created: CourseDetail | null = null;
        await saveAndClose(
          async () => {
            created = await coursesAdminApi.create({ name: values.name.trim() });
          },
          {
            success: `${values.name.trim()} is added successfully.`,
            close: onClose,
            setFieldError: form.setFieldError,
          },
        );
        setPending(false);
        if (created) onCreated(created);
      })}
    >
      <TextInput label="Course name" required data-autofocus maxLength={120} {...form.getInputProps('name')} />
      <Text size="sm" c="dimmed">
        The course starts as a draft. You add its price, teacher, sections and chapters next, and publish it when it is
        ready.
      </Text>
    </FormDialog>
  );
}
