import { z } from 'zod';

/**
 * Feedback (the member's feedback dialog; the staff's list at /feedback): spec 3 §2.6, §3 "Feedback",
 * §5, §7.9 `/client/feedback`, §8, §9 (docs/decisions/engagement.md, "Feedback").
 */

export const FEEDBACK_MESSAGES = {
  required: 'Message is required!',
  sent: 'Feedback submited successfully',
  none: 'No Feedback Found',
  notMember: 'Only members can send feedback.',
  reply: 'A reply needs some text.',
} as const;

export const FEEDBACK_MESSAGE_MAX = 2000;
export const FEEDBACK_REPLY_MAX = 2000;
/** Spec 3 §9 "Feedback page size 50 (options 50, 100, 150)". */
export const FEEDBACK_PAGE_SIZES = [50, 100, 150] as const;
export const FEEDBACK_PAGE_SIZE_DEFAULT = 50;

/** POST /client/feedback (message). */
export const FeedbackCreate = z.object({
  message: z
    .string({ error: FEEDBACK_MESSAGES.required })
    .trim()
    .min(1, FEEDBACK_MESSAGES.required)
    .max(FEEDBACK_MESSAGE_MAX, `A message is at most ${FEEDBACK_MESSAGE_MAX} characters.`),
});
export type FeedbackCreate = z.input<typeof FeedbackCreate>;

/** Spec 3 §3 "Feedback: message, name, picture, contactId, updatedAt", with its id, the email and the answer. */
export const Feedback = z.object({
  _id: z.string(),
  message: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  contactId: z.string(),
  reply: z.string(),
  repliedAt: z.string().nullable(),
  repliedByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Feedback = z.infer<typeof Feedback>;

/** GET /client/feedback?offset={n}&max={n}. */
export const FeedbackListQuery = z.object({
  offset: z.coerce.number({ error: 'offset must be a whole number' }).int().min(0).default(0),
  max: z.coerce
    .number({ error: 'max must be a whole number' })
    .int()
    .min(1)
    .max(Math.max(...FEEDBACK_PAGE_SIZES))
    .default(FEEDBACK_PAGE_SIZE_DEFAULT),
});
export type FeedbackListQuery = z.input<typeof FeedbackListQuery>;

/** Spec 3 §3 "The list response holds data and total". */
export const FeedbackList = z.object({ data: z.array(Feedback), total: z.number() });
export type FeedbackList = z.infer<typeof FeedbackList>;

export const FeedbackReply = z.object({
  reply: z
    .string({ error: FEEDBACK_MESSAGES.reply })
    .trim()
    .min(1, FEEDBACK_MESSAGES.reply)
    .max(FEEDBACK_REPLY_MAX, `A reply is at most ${FEEDBACK_REPLY_MAX} characters.`),
});
export type FeedbackReply = z.input<typeof FeedbackReply>;
