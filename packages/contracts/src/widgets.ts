import { z } from 'zod';

/** Spec 2 §3 "Widget" types. */
export const WIDGET_TYPES = ['Announcement', 'Event Sidebar', 'Event List', 'Past Event List', 'Link'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

export const WIDGET_NAME_REQUIRED = 'Name is required!';
export const WIDGET_URL_REQUIRED = 'Url is required!';
export const WIDGET_URL_INVALID = 'Url must start with http:// or https://';
export const WIDGET_TYPE_FIXED = 'The type of a widget cannot change.';

/** An absolute http(s) address (the widget's `misc`). */
export function isWidgetUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const pixels = (field: string) =>
  z
    .number({ error: `${field} must be a number of pixels` })
    .int(`${field} must be a whole number of pixels`)
    .min(1, `${field} must be at least 1 px`)
    .max(10_000, `${field} must be at most 10000 px`)
    .nullable()
    .optional();

/** PUT /rest/widget/{id}: name, type (must stay the same), misc (the url), width, height. */
export const WidgetUpdate = z.object({
  name: z
    .string({ error: WIDGET_NAME_REQUIRED })
    .trim()
    .min(1, WIDGET_NAME_REQUIRED)
    .max(120, 'Name must be at most 120 characters'),
  type: z.enum(WIDGET_TYPES, { error: 'Type must be one of the widget types' }).optional(),
  misc: z
    .string({ error: WIDGET_URL_REQUIRED })
    .trim()
    .min(1, WIDGET_URL_REQUIRED)
    .max(2_000, 'Url must be at most 2000 characters')
    .refine(isWidgetUrl, WIDGET_URL_INVALID),
  width: pixels('Width'),
  height: pixels('Height'),
});
export type WidgetUpdate = z.input<typeof WidgetUpdate>;

export const Widget = z.object({
  guId: z.string(),
  name: z.string(),
  type: z.enum(WIDGET_TYPES),
  height: z.number().nullable(),
  width: z.number().nullable(),
  misc: z.string(),
  isPublished: z.boolean(),
  /** ISO date-time of the last publication, or null when never published. */
  publishedDateStr: z.string().nullable(),
  /** ISO date-time of the last change. */
  dateUpdatedStr: z.string(),
});
export type Widget = z.infer<typeof Widget>;
