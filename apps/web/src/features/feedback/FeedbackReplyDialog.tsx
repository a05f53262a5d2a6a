import { FEEDBACK_MESSAGES, FEEDBACK_REPLY_MAX, type Feedback } from '@atrium/contracts';
import { AnswerDialog } from '../../app/components/AnswerDialog';
import { feedbackApi } from './api';

interface Props {
  feedback: Feedback | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Answer a member's feedback: emailed to the member from the studio and kept with it. */
export function FeedbackReplyDialog({ feedback, onClose, onSaved }: Props) {
  const who = feedback ? feedback.name || feedback.email : '';
  return (
    <AnswerDialog
      answering={
        feedback ? { key: feedback._id, answer: feedback.reply, about: `${who}: “${feedback.message}”` } : null
      }
      onClose={onClose}
      onSaved={onSaved}
      title={feedback?.reply ? 'Change your answer' : 'Answer the feedback'}
      description="Emailed to the member from the studio."
      maxLength={FEEDBACK_REPLY_MAX}
      blank={FEEDBACK_MESSAGES.reply}
      send={(reply) => feedbackApi.reply(feedback?._id ?? '', reply)}
      success={`Your answer was sent to ${who}.`}
    />
  );
}
