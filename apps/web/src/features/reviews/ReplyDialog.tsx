import { REVIEW_MESSAGES, REVIEW_REPLY_MAX, type Review } from '@atrium/contracts';
import { AnswerDialog } from '../../app/components/AnswerDialog';
import { reviewsApi } from './api';
import { starsLabel } from './review-rules';

interface Props {
  review: Review | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Answer a member's review: kept on the review and emailed to the member. */
export function ReplyDialog({ review, onClose, onSaved }: Props) {
  const who = review ? review.contactName || review.contactEmail : '';
  return (
    <AnswerDialog
      answering={
        review
          ? {
              key: review._id,
              answer: review.reply,
              about: `${who}, ${starsLabel(review.stars)}${review.reviewText ? `: “${review.reviewText}”` : ''}`,
            }
          : null
      }
      onClose={onClose}
      onSaved={onSaved}
      title={review?.reply ? 'Change your answer' : 'Answer the review'}
      description="Emailed to the member from the studio and shown with their review."
      maxLength={REVIEW_REPLY_MAX}
      blank={REVIEW_MESSAGES.reply}
      send={(reply) => reviewsApi.reply(review?._id ?? '', reply)}
      success={`Your answer was sent to ${who}.`}
    />
  );
}
