import { isBlankNotice, isCalendarDate, NOTICE_MESSAGES, type Notice, type NoticeType } from '@atrium/contracts';

/** What the add and edit views hold. */
export interface NoticeFormValues {
  message: string;
  type: NoticeType | '';
  isActive: boolean;
  /** YYYY-MM-DD, or '' for no expiry. */
  expiryDate: string;
}

/** Spec 3 §4: new notices are published, of type notice. */
export const NEW_NOTICE: NoticeFormValues = { message: '', type: 'notice', isActive: true, expiryDate: '' };

export function formValuesOf(notice: Notice): NoticeFormValues {
  return { message: notice.message, type: notice.type, isActive: notice.isActive, expiryDate: notice.expiryDate ?? '' };
}

/** Spec 3 §5: the message must not be blank and a type is required (Submit stays off otherwise). */
export function noticeFormErrors(values: NoticeFormValues): Partial<Record<keyof NoticeFormValues, string>> {
  const errors: Partial<Record<keyof NoticeFormValues, string>> = {};
  if (isBlankNotice(values.message)) errors.message = NOTICE_MESSAGES.messageRequired;
  if (values.type !== 'notice' && values.type !== 'quote') errors.type = NOTICE_MESSAGES.typeRequired;
  if (values.expiryDate && !isCalendarDate(values.expiryDate)) errors.expiryDate = NOTICE_MESSAGES.expiryDate;
  return errors;
}

export function canSubmitNotice(values: NoticeFormValues): boolean {
  return Object.keys(noticeFormErrors(values)).length === 0;
}

/** The body the server takes from the form. */
export function noticeBody(values: NoticeFormValues) {
  return {
    message: values.message,
    type: values.type === 'quote' ? ('quote' as const) : ('notice' as const),
    isActive: values.isActive,
    expiryDate: values.expiryDate || null,
  };
}

/** A calendar date as people read it ("8 Mar 2026"), the same in every zone. */
export function formatCalendarDate(date: string): string {
  if (!isCalendarDate(date)) return date;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

export type NoticeStatus = 'Published' | 'Private' | 'Expired';

/** Spec 3 §4: private (isActive false) or published; a published one past its last day is expired. */
export function noticeStatus(notice: Pick<Notice, 'isActive' | 'isExpired'>): NoticeStatus {
  if (!notice.isActive) return 'Private';
  return notice.isExpired ? 'Expired' : 'Published';
}

/** The manager's line about the expiry: the last day in the studio's zone. */
export function expiryText(notice: Pick<Notice, 'expiryDate' | 'isExpired'>): string {
  if (!notice.expiryDate) return 'No expiry';
  const day = formatCalendarDate(notice.expiryDate);
  return notice.isExpired ? `Expired after ${day}` : `Shown until the end of ${day}`;
}

/** The manager's list filter: every notice, or one type (the Manage link of that section). */
export type NoticeFilter = 'all' | NoticeType;

export function filterNotices(notices: readonly Notice[], filter: NoticeFilter): Notice[] {
  return filter === 'all' ? [...notices] : notices.filter((notice) => notice.type === filter);
}

/** The notices button's badge: how many notices and quotes the board shows ('' when none, 99+ past 99). */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}
