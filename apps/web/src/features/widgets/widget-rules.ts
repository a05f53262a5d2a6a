import {
  isWidgetUrl,
  WIDGET_NAME_REQUIRED,
  WIDGET_URL_INVALID,
  WIDGET_URL_REQUIRED,
  type Widget,
} from '@atrium/contracts';

/** Spec 2 §9: widgets page 50 at a time (50/100/150); the search waits 300 ms. */
export const WIDGET_PAGE_SIZES = [50, 100, 150] as const;
export const WIDGET_PAGE_SIZE = 50;
export const WIDGET_SEARCH_DEBOUNCE_MS = 300;

/** Case-insensitive match on the name (spec 2 §2); an empty search keeps every widget. */
export function filterWidgets(widgets: readonly Widget[], search: string): Widget[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...widgets];
  return widgets.filter((widget) => widget.name.toLowerCase().includes(needle));
}

export interface WidgetForm {
  name: string;
  misc: string;
  width: number | string;
  height: number | string;
}

/** Spec 2 §5 "Widget edit": name and url enforced; width and height, when given, whole pixels. */
export function widgetFormErrors(form: WidgetForm): Partial<Record<keyof WidgetForm, string>> {
  const errors: Partial<Record<keyof WidgetForm, string>> = {};
  if (!form.name.trim()) errors.name = WIDGET_NAME_REQUIRED;
  if (!form.misc.trim()) errors.misc = WIDGET_URL_REQUIRED;
  else if (!isWidgetUrl(form.misc)) errors.misc = WIDGET_URL_INVALID;
  for (const key of ['width', 'height'] as const) {
    const value = form[key];
    if (value === '' || value === null) continue;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > 10_000) errors[key] = 'Enter a whole number of pixels (1 to 10000)';
  }
  return errors;
}

/** The size as the call wants it: a number, or null when the field is empty. */
export const pixelsOrNull = (value: number | string): number | null => (value === '' ? null : Number(value));
