import { FEEDBACK_MESSAGE_MAX, FEEDBACK_MESSAGES } from '@atrium/contracts';
import { Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormDialog, saveAndClose } from '../../app/components/FormDialog';
import { feedbackApi } from './api';

/** Spec 3 §9 "Feedback dialog 600 wide (350 high for students)". */
export const FEEDBACK_DIALOG_WIDTH = 600;

/** A member's feedback to the studio (spec 3 §6 "submits feedback through a message form"). */
export function FeedbackDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useForm({
    initialValues: { message: '' },
    validate: { message: (value) => (value.trim() ? null : FEEDBACK_MESSAGES.required) },
  });
  const [pending, setPending] = useState(false);
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title="Feedback"
      submitLabel="Submit"
      size={FEEDBACK_DIALOG_WIDTH}
      pending={pending}
      onSubmit={form.onSubmit(async ({ message }) => {
        setPending(true);
        await saveAndClose(() => feedbackApi.send(message), {
          success: FEEDBACK_MESSAGES.sent,
          close,
          setFieldError: form.setFieldError,
        });
        setPending(false);
      })}
    >
      <Textarea
        label="Message"
        description="Tell the studio what you think. Staff may answer you by email."
        withAsterisk
        rows={7}
        maxLength={FEEDBACK_MESSAGE_MAX}
        data-autofocus
        {...form.getInputProps('message')}
      />
    </FormDialog>
  );
}
