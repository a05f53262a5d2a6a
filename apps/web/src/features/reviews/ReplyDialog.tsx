import { REVIEW_MESSAGES, REVIEW_REPLY_MAX, type Review } from '@atrium/contracts';
import { Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { FormDialog, saveAndClose } from '../../app/components/FormDialog';
import { reviewsApi } from './api';
import { starsLabel } from './review-rules';

interface Props {
  review: Review | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Answer a member's review: kept on the review and emailed to the member. */
export function ReplyDialog({ review, onClose, onSaved }: Props) {
  const form = useForm({
    initialValues: { reply: '' },
    validate: { reply: (value) => (value.trim() ? null : REVIEW_MESSAGES.reply) },
  });
  const [pending, setPending] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled once per review opened
  useEffect(() => {
    if (review) form.setValues({ reply: review.reply });
  }, [review]);

  return (
    <FormDialog
      opened={review !== null}
      onClose={onClose}
      title={review?.reply ? 'Change your answer' : 'Answer the review'}
      submitLabel="Send answer"
      pending={pending}
      onSubmit={form.onSubmit(async ({ reply }) => {
        if (!review) return;
        setPending(true);
        await saveAndClose(() => reviewsApi.reply(review._id, reply), {
          success: `Your answer was sent to ${review.contactName || review.contactEmail}.`,
          close: () => {
            onSaved();
            onClose();
          },
          setFieldError: form.setFieldError,
        });
        setPending(false);
      })}
    >
      {review && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {review.contactName || review.contactEmail}, {starsLabel(review.stars)}
          {review.reviewText ? `: “${review.reviewText}”` : ''}
        </Text>
      )}
      <Textarea
        label="Your answer"
        description="Emailed to the member from the studio and shown with their review."
        autosize
        minRows={3}
        maxLength={REVIEW_REPLY_MAX}
        data-autofocus
        {...form.getInputProps('reply')}
      />
    </FormDialog>
  );
}
