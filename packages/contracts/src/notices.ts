import { z } from 'zod';
import { isCalendarDate } from './tenant-dates.ts';

/**
 * Notices and quotes (spec 3 §2.6 notices button and notice manager, §3 "Notice", §4 "Notices", §5,
 * §7.9 `/edtest/noticeboard*`, §8): staff publish rich-text notices and quotes; members read the
 * active, unexpired ones on the notice board (docs/decisions/engagement.md).
 */

export const NOTICE_MESSAGES = {
  // spec 3 §8
  deleted: 'Notice or Quote deleted successfullly',
  confirmDelete: 'Are you sure you want to delete?',
  noneAvailable: 'No notices available',
  noNotices: 'No Notices Found',
  noQuotes: 'No Quotes Found',
  updated: 'Updated successfully.',
  // spec 3 §5 names the rule ("message must not be blank and a type is required"), not its words
  messageRequired: 'Message is required!',
  typeRequired: 'Type is required!',
  expiryDate: 'Expiry date must be a calendar date.',
  messageTooLong: 'A notice is at most 20000 characters.',
  boardOnly: 'Members see only the active notices.',
} as const;

export const NOTICE_TYPES = ['notice', 'quote'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];
export const NOTICE_MESSAGE_MAX = 20_000;

/** The words of a rich-text message, without its tags and entities: blank when only markup is left. */
export function noticeText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/blockquote)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Spec 3 §5: a notice's message must not be blank (an image alone counts as content). */
export function isBlankNotice(html: string): boolean {
  return noticeText(html) === '' && !/<img\b/i.test(html);
}

const message = z
  .string({ error: NOTICE_MESSAGES.messageRequired })
  .max(NOTICE_MESSAGE_MAX, NOTICE_MESSAGES.messageTooLong)
  .refine((html) => !isBlankNotice(html), NOTICE_MESSAGES.messageRequired);
const type = z.enum(NOTICE_TYPES, { error: NOTICE_MESSAGES.typeRequired });
/** The last day the notice shows, in the studio's time zone (YYYY-MM-DD); null: it does not expire. */
const expiryDate = z
  .string({ error: NOTICE_MESSAGES.expiryDate })
  .refine(isCalendarDate, NOTICE_MESSAGES.expiryDate)
  .nullable();

/** POST /edtest/noticeboard (message, isActive, type, expiryDate). New notices are published. */
export const NoticeCreate = z.object({
  message,
  isActive: z.boolean().default(true),
  type,
  expiryDate: expiryDate.default(null),
});
export type NoticeCreate = z.input<typeof NoticeCreate>;

/** PUT /edtest/noticeboard/{id}: any of the fields. */
export const NoticeUpdate = z.object({
  message: message.optional(),
  isActive: z.boolean().optional(),
  type: type.optional(),
  expiryDate: expiryDate.optional(),
});
export type NoticeUpdate = z.input<typeof NoticeUpdate>;

export const Notice = z.object({
  _id: z.string(),
  message: z.string(),
  isActive: z.boolean(),
  type: z.enum(NOTICE_TYPES),
  /** The last day it shows, in the studio's zone. */
  expiryDate: z.string().nullable(),
  /** The studio's midnight that ends the expiry day: from then on it is off the board. */
  expiresAt: z.string().nullable(),
  isExpired: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Notice = z.infer<typeof Notice>;

/** GET /edtest/noticeboard?isActive={bool}: "response data is a list". */
export const NoticeList = z.object({ data: z.array(Notice) });
export type NoticeList = z.infer<typeof NoticeList>;

export const NoticeListQuery = z.object({
  isActive: z
    .enum(['true', 'false'], { error: 'isActive is true or false.' })
    .transform((value) => value === 'true')
    .optional(),
});

/** What the board shows (spec 3 §4): active, unexpired notices, split into notices and quotes. */
export function noticeBoard(notices: readonly Notice[]): { notices: Notice[]; quotes: Notice[] } {
  const shown = notices.filter((notice) => notice.isActive && !notice.isExpired);
  return {
    notices: shown.filter((notice) => notice.type === 'notice'),
    quotes: shown.filter((notice) => notice.type === 'quote'),
  };
}
