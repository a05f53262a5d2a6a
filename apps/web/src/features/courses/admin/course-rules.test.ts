import type { Chapter, Course } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import {
  blankChapterForm,
  chapterBody,
  chapterFormOf,
  chapterUpdateOf,
  type DetailsForm,
  detailsBody,
  detailsFormOf,
  durationLabel,
  formFieldOf,
  missingDetails,
  newCourseBody,
  priceLabel,
} from './course-rules';

const DETAILS: DetailsForm = {
  name: '  Yoga at home ',
  description: '<p>Ten lessons</p>',
  teacherId: null,
  imageId: null,
  pricing: 'paid',
  price: '30',
  membershipIds: ['m1'],
  previewChapterId: null,
};

describe('course details form', () => {
  it('reads a paid price in minor units and trims the name', () => {
    expect(detailsBody(DETAILS, 'USD')).toEqual({
      ok: true,
      body: expect.objectContaining({ name: 'Yoga at home', pricing: 'paid', priceMinor: 3000, membershipIds: ['m1'] }),
    });
    expect(detailsBody({ ...DETAILS, price: '1,5' }, 'USD').ok).toBe(false);
    expect(detailsBody({ ...DETAILS, price: '19.99' }, 'USD')).toMatchObject({ body: { priceMinor: 1999 } });
    expect(detailsBody({ ...DETAILS, price: '1500' }, 'JPY')).toMatchObject({ body: { priceMinor: 1500 } });
  });

  it('refuses a paid course without a price above 0, too many decimals and a blank name, by field', () => {
    expect(detailsBody({ ...DETAILS, price: '' }, 'USD')).toEqual({
      ok: false,
      errors: { price: 'A paid course needs a price greater than 0.' },
    });
    expect(detailsBody({ ...DETAILS, price: '0' }, 'USD')).toMatchObject({ errors: { price: expect.any(String) } });
    expect(detailsBody({ ...DETAILS, price: '30.999' }, 'USD')).toEqual({
      ok: false,
      errors: { price: 'Amount can have at most 2 decimals' },
    });
    expect(detailsBody({ ...DETAILS, name: ' ', price: '-3' }, 'USD')).toEqual({
      ok: false,
      errors: { name: 'Course name is required!', price: 'Amount cannot be negative' },
    });
  });

  it('a free course costs nothing and has no memberships; a membership-only course keeps them', () => {
    expect(detailsBody({ ...DETAILS, pricing: 'free', price: 'anything' }, 'USD')).toMatchObject({
      body: { priceMinor: 0, membershipIds: [] },
    });
    expect(detailsBody({ ...DETAILS, pricing: 'membership', price: '' }, 'USD')).toMatchObject({
      body: { priceMinor: 0, membershipIds: ['m1'] },
    });
  });

  it('starts from the course as saved (the price as a decimal)', () => {
    const course = {
      name: 'Pilates',
      description: '',
      teacher: { guId: 't1', name: 'Ana' },
      imageId: 'i1',
      pricing: 'paid',
      priceMinor: 3000,
      currency: 'USD',
      membershipIds: [],
      previewChapterId: 'c1',
    } as unknown as Course;
    expect(detailsFormOf(course)).toEqual({
      name: 'Pilates',
      description: '',
      teacherId: 't1',
      imageId: 'i1',
      pricing: 'paid',
      price: '30.00',
      membershipIds: [],
      previewChapterId: 'c1',
    });
    expect(formFieldOf('priceMinor')).toBe('price');
    expect(formFieldOf('membershipIds.2')).toBe('membershipIds');
  });

  it('the new-course dialog takes a name (and, when it is sold, a price)', () => {
    expect(newCourseBody({ name: ' Ψ ', pricing: 'free', price: '' }, 'USD')).toEqual({
      ok: true,
      body: { name: 'Ψ', pricing: 'free', priceMinor: 0 },
    });
    expect(newCourseBody({ name: '', pricing: 'paid', price: '' }, 'USD').ok).toBe(false);
  });

  it("labels the price as the list shows it, and says what a course's page still lacks", () => {
    expect(priceLabel({ pricing: 'free', priceMinor: 0, currency: 'USD' })).toBe('Free');
    expect(priceLabel({ pricing: 'paid', priceMinor: 3000, currency: 'USD' })).toBe('$30.00');
    expect(priceLabel({ pricing: 'paid', priceMinor: 123456, currency: 'INR' })).toBe('₹1,234.56');
    expect(priceLabel({ pricing: 'membership', priceMinor: 0, currency: 'USD' })).toBe('In memberships');
    expect(missingDetails({ description: '<p> </p>', imageId: null, teacher: null })).toEqual([
      'description',
      'image',
      'teacher',
    ]);
    expect(missingDetails({ description: '<p>Hi</p>', imageId: 'i', teacher: { guId: 't', name: 'T' } })).toEqual([]);
  });
});

describe('chapter forms by kind', () => {
  const zone = 'America/New_York';

  it('needs a title, and the content of its kind', () => {
    expect(chapterBody(blankChapterForm('video', 'S1'), zone)).toEqual({
      ok: false,
      errors: { title: 'Title is required!', videoAssetId: 'Upload a video for this chapter.' },
    });
    expect(chapterBody({ ...blankChapterForm('file', 'S1'), title: 'Worksheet' }, zone)).toEqual({
      ok: false,
      errors: { fileId: 'Pick or upload a file for this chapter.' },
    });
    expect(chapterBody({ ...blankChapterForm('text', 'S1'), title: 'Read me' }, zone)).toMatchObject({
      ok: true,
      body: { type: 'text', html: '', videoAssetId: null, fileId: null, startsAt: null },
    });
  });

  it('sends only the fields of its kind', () => {
    const form = {
      ...blankChapterForm('video', 'S1'),
      title: 'Warm up',
      videoAssetId: 'v1',
      html: '<p>left over</p>',
      fileId: 'f1',
      joinIntro: true,
    };
    expect(chapterBody(form, zone)).toEqual({
      ok: true,
      body: {
        title: 'Warm up',
        type: 'video',
        videoAssetId: 'v1',
        html: '',
        fileId: null,
        startsAt: null,
        durationMinutes: null,
        isDemo: false,
        joinIntro: true,
        joinOutro: false,
      },
    });
    expect(chapterBody({ ...form, type: 'text' }, zone)).toMatchObject({
      body: { videoAssetId: null, html: '<p>left over</p>', joinIntro: false },
    });
  });

  it("reads a live session's start in the studio's zone, across a daylight-saving change", () => {
    const live = {
      ...blankChapterForm('live', 'S1'),
      title: 'Q&A',
      startsAt: '2026-07-01T18:00',
      durationMinutes: '45',
    };
    expect(chapterBody(live, zone)).toMatchObject({
      body: { startsAt: '2026-07-01T22:00:00.000Z', durationMinutes: 45 },
    });
    expect(chapterBody({ ...live, startsAt: '2026-12-01T18:00' }, zone)).toMatchObject({
      body: { startsAt: '2026-12-01T23:00:00.000Z' },
    });
    expect(chapterBody({ ...live, startsAt: '2026-12-01T18:00' }, 'Asia/Kolkata')).toMatchObject({
      body: { startsAt: '2026-12-01T12:30:00.000Z' },
    });
    expect(chapterBody({ ...live, startsAt: '', durationMinutes: '0' }, zone)).toEqual({
      ok: false,
      errors: {
        startsAt: 'A live session needs a start time.',
        durationMinutes: 'A live session needs a duration of 1 to 1440 minutes.',
      },
    });
    expect(chapterBody({ ...live, durationMinutes: '1.5' }, zone).ok).toBe(false);
  });

  it('an edit keeps the type and moves the chapter only when its section changed', () => {
    const saved = {
      guId: 'c1',
      sectionId: 'S1',
      title: 'Q&A',
      type: 'live',
      startsAt: '2026-07-01T22:00:00.000Z',
      durationMinutes: 45,
      html: '',
      videoAssetId: null,
      fileId: null,
      isDemo: true,
      joinIntro: false,
      joinOutro: false,
    } as unknown as Chapter;
    const form = chapterFormOf(saved, zone);
    expect(form).toMatchObject({ startsAt: '2026-07-01T18:00', durationMinutes: '45', isDemo: true });
    const body = chapterBody(form, zone);
    if (!body.ok) throw new Error('expected a body');
    const update = chapterUpdateOf(body.body, form, saved);
    expect(update).not.toHaveProperty('type');
    expect(update).not.toHaveProperty('sectionId');
    expect(chapterUpdateOf(body.body, { ...form, sectionId: 'S2' }, saved)).toMatchObject({ sectionId: 'S2' });
  });

  it('writes lengths as players do', () => {
    expect(durationLabel(2)).toBe('0:02');
    expect(durationLabel(725.4)).toBe('12:05');
    expect(durationLabel(3723)).toBe('1:02:03');
    expect(durationLabel(null)).toBeNull();
  });
});
