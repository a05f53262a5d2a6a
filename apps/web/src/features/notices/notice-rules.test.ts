import { NOTICE_MESSAGES, type Notice, noticeBoard } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import {
  badgeText,
  canSubmitNotice,
  expiryText,
  filterNotices,
  formatCalendarDate,
  NEW_NOTICE,
  noticeBody,
  noticeFormErrors,
  noticeStatus,
} from './notice-rules';

const notice = (over: Partial<Notice>): Notice => ({
  _id: Math.random().toString(36).slice(2),
  message: '<p>Hi</p>',
  isActive: true,
  type: 'notice',
  expiryDate: null,
  expiresAt: null,
  isExpired: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('the notice form (spec 3 §4, §5)', () => {
  it('starts as a published notice with no expiry, and cannot be submitted blank', () => {
    expect(NEW_NOTICE).toEqual({ message: '', type: 'notice', isActive: true, expiryDate: '' });
    expect(canSubmitNotice(NEW_NOTICE)).toBe(false);
    expect(noticeFormErrors(NEW_NOTICE)).toEqual({ message: NOTICE_MESSAGES.messageRequired });
  });

  it('treats markup without words as blank, an image as content, and needs a type', () => {
    expect(noticeFormErrors({ ...NEW_NOTICE, message: '<p> </p><p>&nbsp;</p><br>' }).message).toBe(
      NOTICE_MESSAGES.messageRequired,
    );
    expect(noticeFormErrors({ ...NEW_NOTICE, message: '<p><img src="/a.png" alt=""></p>' })).toEqual({});
    expect(noticeFormErrors({ ...NEW_NOTICE, message: '<p>Closed</p>', type: '' })).toEqual({
      type: NOTICE_MESSAGES.typeRequired,
    });
    expect(noticeFormErrors({ ...NEW_NOTICE, message: '<p>Closed</p>', expiryDate: '2026-02-30' })).toEqual({
      expiryDate: NOTICE_MESSAGES.expiryDate,
    });
    expect(canSubmitNotice({ ...NEW_NOTICE, message: '<p>Closed</p>', type: 'quote' })).toBe(true);
  });

  it('sends no expiry as null and keeps the chosen day', () => {
    expect(noticeBody({ ...NEW_NOTICE, message: '<p>x</p>' })).toEqual({
      message: '<p>x</p>',
      type: 'notice',
      isActive: true,
      expiryDate: null,
    });
    expect(noticeBody({ message: '<p>x</p>', type: 'quote', isActive: false, expiryDate: '2026-03-08' })).toMatchObject(
      {
        type: 'quote',
        isActive: false,
        expiryDate: '2026-03-08',
      },
    );
  });
});

describe('statuses, expiry and the board', () => {
  it('names private, published and expired notices, and the last day shown', () => {
    expect(noticeStatus({ isActive: false, isExpired: true })).toBe('Private');
    expect(noticeStatus({ isActive: true, isExpired: false })).toBe('Published');
    expect(noticeStatus({ isActive: true, isExpired: true })).toBe('Expired');
    expect(expiryText({ expiryDate: null, isExpired: false })).toBe('No expiry');
    expect(expiryText({ expiryDate: '2026-03-08', isExpired: false })).toBe('Shown until the end of 8 Mar 2026');
    expect(expiryText({ expiryDate: '2026-03-08', isExpired: true })).toBe('Expired after 8 Mar 2026');
    expect(formatCalendarDate('2026-12-31')).toBe('31 Dec 2026');
  });

  it('shows only active, unexpired ones, split into notices and quotes', () => {
    const shown = notice({ type: 'notice' });
    const quote = notice({ type: 'quote' });
    const board = noticeBoard([shown, quote, notice({ isActive: false }), notice({ type: 'quote', isExpired: true })]);
    expect(board.notices).toEqual([shown]);
    expect(board.quotes).toEqual([quote]);
    expect(filterNotices([shown, quote], 'quote')).toEqual([quote]);
    expect(filterNotices([shown, quote], 'all')).toEqual([shown, quote]);
  });

  it('badges the count, up to 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(3)).toBe('3');
    expect(badgeText(120)).toBe('99+');
  });
});
