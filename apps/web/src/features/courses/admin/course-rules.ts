import {
  type Chapter,
  type ChapterInput,
  type ChapterType,
  type ChapterUpdate,
  COURSE_MESSAGES,
  type Course,
  type CoursePricing,
  type CourseUpdate,
  formatDecimal,
  formatMoney,
  instantOfWallTime,
  parseMoney,
  WALL_TIME_PATTERN,
  wallTimeInZone,
} from '@atrium/contracts';

/** What the list and the editor say about a course's price. */
export function priceLabel(course: Pick<Course, 'pricing' | 'priceMinor' | 'currency'>): string {
  if (course.pricing === 'free') return 'Free';
  if (course.pricing === 'membership') return 'In memberships';
  return formatMoney(course.priceMinor, course.currency);
}

export const PRICING_LABELS: Record<CoursePricing, string> = {
  free: 'Free',
  paid: 'Paid',
  membership: 'In memberships only',
};

export const CHAPTER_TYPE_LABELS: Record<ChapterType, string> = {
  video: 'Video',
  text: 'Text',
  file: 'File',
  live: 'Live session',
};

/** The course details as the form holds them (the price as typed). */
export interface DetailsForm {
  name: string;
  description: string;
  teacherId: string | null;
  imageId: string | null;
  pricing: CoursePricing;
  price: string;
  membershipIds: string[];
  previewChapterId: string | null;
}

export function detailsFormOf(course: Course): DetailsForm {
  return {
    name: course.name,
    description: course.description,
    teacherId: course.teacher?.guId ?? null,
    imageId: course.imageId,
    pricing: course.pricing,
    price: course.pricing === 'paid' ? formatDecimal(course.priceMinor, course.currency) : '',
    membershipIds: [...course.membershipIds],
    previewChapterId: course.previewChapterId,
  };
}

export type FormCheck<T> = { ok: true; body: T } | { ok: false; errors: Record<string, string> };

/** The price a pricing takes: a paid course's typed price in minor units, 0 otherwise. */
function priceOf(pricing: CoursePricing, price: string, currency: string): FormCheck<number> {
  if (pricing !== 'paid') return { ok: true, body: 0 };
  if (!price.trim()) return { ok: false, errors: { price: COURSE_MESSAGES.priceRequired } };
  const parsed = parseMoney(price, currency);
  if (!parsed.ok) return { ok: false, errors: { price: parsed.error } };
  if (parsed.minor <= 0) return { ok: false, errors: { price: COURSE_MESSAGES.priceRequired } };
  return { ok: true, body: parsed.minor };
}

/** The details form checked and made into the update the server takes; errors by form field. */
export function detailsBody(form: DetailsForm, currency: string): FormCheck<CourseUpdate> {
  const errors: Record<string, string> = {};
  if (!form.name.trim()) errors.name = COURSE_MESSAGES.nameRequired;
  const price = priceOf(form.pricing, form.price, currency);
  if (!price.ok) Object.assign(errors, price.errors);
  if (Object.keys(errors).length > 0 || !price.ok) return { ok: false, errors };
  return {
    ok: true,
    body: {
      name: form.name.trim(),
      description: form.description,
      teacherId: form.teacherId,
      imageId: form.imageId,
      pricing: form.pricing,
      priceMinor: price.body,
      membershipIds: form.pricing === 'free' ? [] : form.membershipIds,
      previewChapterId: form.previewChapterId,
    },
  };
}

/** The new-course dialog: a name and how it is sold (the rest is added in the editor). */
export function newCourseBody(
  form: { name: string; pricing: CoursePricing; price: string },
  currency: string,
): FormCheck<{ name: string; pricing: CoursePricing; priceMinor: number }> {
  const errors: Record<string, string> = {};
  if (!form.name.trim()) errors.name = COURSE_MESSAGES.nameRequired;
  const price = priceOf(form.pricing, form.price, currency);
  if (!price.ok) Object.assign(errors, price.errors);
  if (Object.keys(errors).length > 0 || !price.ok) return { ok: false, errors };
  return { ok: true, body: { name: form.name.trim(), pricing: form.pricing, priceMinor: price.body } };
}

/** Server fields named in a refusal, as the form calls them. */
export function formFieldOf(serverField: string): string {
  if (serverField === 'priceMinor') return 'price';
  if (serverField.startsWith('membershipIds')) return 'membershipIds';
  return serverField;
}

/** What is missing before a course reads well on its page (publishing asks 'Would you like to Proceed?'). */
export function missingDetails(course: Pick<Course, 'description' | 'imageId' | 'teacher'>): string[] {
  const missing: string[] = [];
  if (!course.description.replace(/<[^>]*>/g, '').trim()) missing.push('description');
  if (!course.imageId) missing.push('image');
  if (!course.teacher) missing.push('teacher');
  return missing;
}

// ------------------------------------------------------------------- chapters

export interface ChapterForm {
  title: string;
  type: ChapterType;
  sectionId: string;
  videoAssetId: string | null;
  html: string;
  fileId: string | null;
  /** Live: the tenant's wall time, YYYY-MM-DDTHH:mm. */
  startsAt: string;
  durationMinutes: string;
  isDemo: boolean;
  joinIntro: boolean;
  joinOutro: boolean;
}

export function blankChapterForm(type: ChapterType, sectionId: string): ChapterForm {
  return {
    title: '',
    type,
    sectionId,
    videoAssetId: null,
    html: '',
    fileId: null,
    startsAt: '',
    durationMinutes: '60',
    isDemo: false,
    joinIntro: false,
    joinOutro: false,
  };
}

export function chapterFormOf(chapter: Chapter, timeZone: string): ChapterForm {
  return {
    title: chapter.title,
    type: chapter.type,
    sectionId: chapter.sectionId,
    videoAssetId: chapter.videoAssetId,
    html: chapter.html,
    fileId: chapter.fileId,
    startsAt: chapter.startsAt ? wallTimeInZone(new Date(chapter.startsAt), timeZone) : '',
    durationMinutes: chapter.durationMinutes === null ? '' : String(chapter.durationMinutes),
    isDemo: chapter.isDemo,
    joinIntro: chapter.joinIntro,
    joinOutro: chapter.joinOutro,
  };
}

/** The fields of a chapter's kind, checked; the live start read in the studio's zone. */
export function chapterBody(form: ChapterForm, timeZone: string): FormCheck<ChapterInput> {
  const errors: Record<string, string> = {};
  if (!form.title.trim()) errors.title = COURSE_MESSAGES.titleRequired;
  let startsAt: string | null = null;
  let durationMinutes: number | null = null;
  if (form.type === 'video' && !form.videoAssetId) errors.videoAssetId = 'Upload a video for this chapter.';
  if (form.type === 'file' && !form.fileId) errors.fileId = 'Pick or upload a file for this chapter.';
  if (form.type === 'live') {
    if (!WALL_TIME_PATTERN.test(form.startsAt)) errors.startsAt = 'A live session needs a start time.';
    else startsAt = instantOfWallTime(form.startsAt, timeZone).toISOString();
    const minutes = Number(form.durationMinutes);
    if (!form.durationMinutes.trim() || !Number.isInteger(minutes) || minutes < 1 || minutes > 24 * 60) {
      errors.durationMinutes = 'A live session needs a duration of 1 to 1440 minutes.';
    } else durationMinutes = minutes;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      title: form.title.trim(),
      type: form.type,
      videoAssetId: form.type === 'video' ? form.videoAssetId : null,
      html: form.type === 'text' ? form.html : '',
      fileId: form.type === 'file' ? form.fileId : null,
      startsAt,
      durationMinutes,
      isDemo: form.isDemo,
      joinIntro: form.type === 'video' && form.joinIntro,
      joinOutro: form.type === 'video' && form.joinOutro,
    },
  };
}

/** An edit sends the fields of its kind (the type stays); a changed section moves it there. */
export function chapterUpdateOf(input: ChapterInput, form: ChapterForm, chapter: Chapter): ChapterUpdate {
  const { type: _type, ...fields } = input;
  return { ...fields, ...(form.sectionId !== chapter.sectionId && { sectionId: form.sectionId }) };
}

/** "12:05" for a video's length, "1:02:03" past an hour. */
export function durationLabel(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
