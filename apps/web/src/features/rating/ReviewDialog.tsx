import { REVIEW_MESSAGES, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from '@atrium/contracts';
import { Button, Checkbox, Group, Modal, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormActions, showServerError } from '../../app/components/FormDialog';
import { showErrorToast } from '../../lib/notify';
import { reviewKeys, reviewsApi } from '../reviews/api';
import { useTenant } from '../session/session-store';

interface Props {
  reviewId: string;
  stars: number;
  googleReviewLink: string | null;
  onClose: () => void;
}

/**
 * Spec 3 §4 "Rating flow", the dialog's steps: the form (stars and words, at least 10 characters, and
 * whether the studio may show it on its website), then thank-you with the option to post it on Google.
 */
export function ReviewDialog({ reviewId, stars, googleReviewLink, onClose }: Props) {
  const tenant = useTenant();
  const client = useQueryClient();
  const [step, setStep] = useState<'form' | 'thanks'>('form');
  const [pending, setPending] = useState(false);
  const form = useForm({
    initialValues: { stars, reviewText: '', isShownOnWebsite: false },
    validate: {
      stars: (value) => (value >= 1 ? null : REVIEW_MESSAGES.starsRequired),
      reviewText: (value) => (value.trim().length >= REVIEW_TEXT_MIN ? null : REVIEW_MESSAGES.textRequired),
    },
  });
  const close = () => {
    void client.invalidateQueries({ queryKey: reviewKeys.status });
    onClose();
  };

  const postOnGoogle = async () => {
    if (!googleReviewLink) return;
    window.open(googleReviewLink, '_blank', 'noopener,noreferrer');
    try {
      await reviewsApi.change(reviewId, { isReviewedOnGoogle: true });
    } catch (error) {
      showErrorToast(`${REVIEW_MESSAGES.googleFailed} ${error instanceof Error ? error.message : String(error)}`);
    }
    close();
  };

  return (
    <Modal
      opened
      onClose={close}
      title={step === 'form' ? `Review ${tenant.name}` : 'Thank you!'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {step === 'form' ? (
        <form
          aria-label={`Review ${tenant.name}`}
          noValidate
          onSubmit={form.onSubmit(async (values) => {
            setPending(true);
            try {
              await reviewsApi.change(reviewId, {
                stars: values.stars,
                reviewText: values.reviewText,
                isShownOnWebsite: values.isShownOnWebsite,
              });
              setStep('thanks');
            } catch (error) {
              showServerError(error, form.setFieldError);
            } finally {
              setPending(false);
            }
          })}
        >
          <Stack gap="sm">
            <div>
              <Text size="sm" fw={500} id="review-stars-label">
                Your rating
              </Text>
              <Rating
                size="lg"
                aria-labelledby="review-stars-label"
                value={form.values.stars}
                onChange={(value) => form.setFieldValue('stars', value)}
              />
              {form.errors.stars && (
                <Text size="xs" c="red.8" role="alert">
                  {form.errors.stars}
                </Text>
              )}
            </div>
            <Textarea
              label="Your review"
              description={`At least ${REVIEW_TEXT_MIN} characters.`}
              autosize
              minRows={3}
              maxLength={REVIEW_TEXT_MAX}
              required
              data-autofocus
              {...form.getInputProps('reviewText')}
            />
            <Checkbox
              label={`${tenant.name} may show my review on its website`}
              {...form.getInputProps('isShownOnWebsite', { type: 'checkbox' })}
            />
            <FormActions onCancel={close} pending={pending} submitLabel="Submit" />
          </Stack>
        </form>
      ) : (
        <Stack gap="sm">
          <Text>Thank you for your review. It helps {tenant.name} and the people who come after you.</Text>
          {googleReviewLink && <Text size="sm">Would you post it on Google too? It opens in a new tab.</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {googleReviewLink ? 'Not now' : 'Close'}
            </Button>
            {googleReviewLink && <Button onClick={() => void postOnGoogle()}>Post on Google</Button>}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
