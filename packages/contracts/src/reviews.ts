import { z } from 'zod';

/**
 * Reviews (G-Reviews /reviews for staff; the member's rating prompt): spec 3 §2.6, §3 "Review", §4
 * "Rating flow", §5, §7.9 `/providerservice/review*` (docs/decisions/reviews.md).
 */

export const REVIEW_MESSAGES = {
  prompt: 'Thank you for being a member! How would you rate your experience?',
  starsRequired: 'Ratings is required.',
  textRequired: 'Review is required and must be at least 10 characters long.',
  googleFailed: 'Error occurred while submitting review for Google:',
  notMember: 'Only members can review the studio.',
  link: 'The Google review link must be an https:// address.',
  placeId: 'A Google Place ID is letters, digits, dashes and underscores.',
  reply: 'A reply needs some text.',
} as const;

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEW_PAGE_SIZES = [25, 50, 100] as const;
export const REVIEW_PAGE_SIZE_DEFAULT = 25;

/** Google's "write a review" page for a place: the link the studio's Place ID generates. */
export const googleReviewLinkFor = (placeId: string) =>
  `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`;

const stars = z
  .number({ error: REVIEW_MESSAGES.starsRequired })
  .int(REVIEW_MESSAGES.starsRequired)
  .min(1, REVIEW_MESSAGES.starsRequired)
  .max(5, 'Rating maximum is 5 stars.');
const reviewText = z
  .string({ error: REVIEW_MESSAGES.textRequired })
  .trim()
  .min(REVIEW_TEXT_MIN, REVIEW_MESSAGES.textRequired)
  .max(REVIEW_TEXT_MAX, `A review is at most ${REVIEW_TEXT_MAX} characters.`);

/** POST /providerservice/review: a star click posts the stars; the dialog's text may come with them. */
export const ReviewCreate = z.object({
  stars,
  reviewText: reviewText.optional(),
  isReviewedOnGoogle: z.boolean().optional(),
  /** The member agrees that the review may be shown on the studio's website. */
  isShownOnWebsite: z.boolean().optional(),
});
export type ReviewCreate = z.input<typeof ReviewCreate>;

/** PUT /providerservice/review/{id}: stars, reviewText, isReviewedOnGoogle (spec 3 §7.9), and the consent. */
export const ReviewUpdate = z.object({
  stars: stars.optional(),
  reviewText: reviewText.optional(),
  isReviewedOnGoogle: z.boolean().optional(),
  isShownOnWebsite: z.boolean().optional(),
});
export type ReviewUpdate = z.input<typeof ReviewUpdate>;

export const Review = z.object({
  _id: z.string(),
  contactId: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  stars: z.number(),
  reviewText: z.string(),
  isReviewedOnGoogle: z.boolean(),
  isShownOnWebsite: z.boolean(),
  reply: z.string(),
  repliedAt: z.string().nullable(),
  repliedByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof Review>;

/** The answer to a review's post: spec 3 §3 "The response reviewResult holds _id, googleReviewLink, isGoogleLinkGenerated". */
export const ReviewResult = z.object({
  reviewResult: z.object({
    _id: z.string(),
    googleReviewLink: z.string().nullable(),
    isGoogleLinkGenerated: z.boolean(),
  }),
  review: Review,
});
export type ReviewResult = z.infer<typeof ReviewResult>;

/** GET /providerservice/review/mstatus: spec 3 §3 "The status check holds status and isGoogleReviewLinkPresent". */
export const ReviewStatus = z.object({
  status: z.enum(['REVIEWED', 'NOT_REVIEWED']),
  isGoogleReviewLinkPresent: z.boolean(),
  googleReviewLink: z.string().nullable(),
  isGoogleLinkGenerated: z.boolean(),
  review: Review.nullable(),
});
export type ReviewStatus = z.infer<typeof ReviewStatus>;

export const REVIEW_SORTS = ['-date', 'date', '-stars', 'stars'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const ReviewListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  stars: z.coerce.number().int().min(1).max(5).optional(),
  replied: z.enum(['yes', 'no']).optional(),
  google: z.enum(['yes', 'no']).optional(),
  sort: z.enum(REVIEW_SORTS).default('-date'),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(REVIEW_PAGE_SIZE_DEFAULT),
});
export type ReviewListQuery = z.input<typeof ReviewListQuery>;

export const ReviewList = z.object({
  items: z.array(Review),
  total: z.number(),
  /** Over every review of the studio (not only the filtered ones). */
  summary: z.object({
    count: z.number(),
    average: z.number().nullable(),
    byStars: z.array(z.number()).length(5),
    onGoogle: z.number(),
  }),
});
export type ReviewList = z.infer<typeof ReviewList>;

export const ReviewReply = z.object({
  reply: z
    .string({ error: REVIEW_MESSAGES.reply })
    .trim()
    .min(1, REVIEW_MESSAGES.reply)
    .max(REVIEW_REPLY_MAX, `A reply is at most ${REVIEW_REPLY_MAX} characters.`),
});

/**
 * The studio's Google review link (spec 2 §3 website settings' googleReviewLink): generated from the
 * studio's Google Place ID (the spec's generated-link flow), or pasted as it is, or cleared.
 */
export const ReviewLinkWrite = z.union([
  z.object({
    placeId: z
      .string({ error: REVIEW_MESSAGES.placeId })
      .trim()
      .min(1, REVIEW_MESSAGES.placeId)
      .max(200, REVIEW_MESSAGES.placeId)
      .regex(/^[A-Za-z0-9_-]+$/, REVIEW_MESSAGES.placeId),
  }),
  z.object({
    googleReviewLink: z
      .string({ error: REVIEW_MESSAGES.link })
      .trim()
      .max(2000, REVIEW_MESSAGES.link)
      .regex(/^https:\/\/[^\s]+\.[^\s]+$/i, REVIEW_MESSAGES.link)
      .nullable(),
  }),
]);
export type ReviewLinkWrite = z.input<typeof ReviewLinkWrite>;

export const ReviewLink = z.object({
  googleReviewLink: z.string().nullable(),
  isGoogleLinkGenerated: z.boolean(),
  placeId: z.string().nullable(),
});
export type ReviewLink = z.infer<typeof ReviewLink>;
