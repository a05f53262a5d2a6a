import { Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { FormDialog, saveAndClose } from './FormDialog';

export interface AnswerDialogProps {
  /** Open while something is being answered; the key changes per item (its id), which refills the form. */
  answering: { key: string; answer: string; about: string } | null;
  onClose: () => void;
  onSaved: () => void;
  title: string;
  /** The field's help under "Your answer" (where the answer goes). */
  description: string;
  maxLength: number;
  /** The refusal of a blank answer (the server's own text). */
  blank: string;
  send: (answer: string) => Promise<unknown>;
  /** The toast once sent. */
  success: string;
}

/**
 * Staff answer what a member wrote (a review, a feedback): what they wrote, then "Your answer",
 * emailed to them from the studio. A refusal lands on the field (the server names `reply`).
 */
export function AnswerDialog({
  answering,
  onClose,
  onSaved,
  title,
  description,
  maxLength,
  blank,
  send,
  success,
}: AnswerDialogProps) {
  const form = useForm({
    initialValues: { reply: '' },
    validate: { reply: (value) => (value.trim() ? null : blank) },
  });
  const [pending, setPending] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled once per item opened
  useEffect(() => {
    if (answering) form.setValues({ reply: answering.answer });
  }, [answering?.key]);

  return (
    <FormDialog
      opened={answering !== null}
      onClose={onClose}
      title={title}
      submitLabel="Send answer"
      pending={pending}
      onSubmit={form.onSubmit(async ({ reply }) => {
        setPending(true);
        await saveAndClose(() => send(reply), {
          success,
          close: () => {
            onSaved();
            onClose();
          },
          setFieldError: form.setFieldError,
        });
        setPending(false);
      })}
    >
      {answering && (
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {answering.about}
        </Text>
      )}
      <Textarea
        label="Your answer"
        description={description}
        autosize
        minRows={3}
        maxLength={maxLength}
        data-autofocus
        {...form.getInputProps('reply')}
      />
    </FormDialog>
  );
}
