import { STANDARD_TEMPLATE_TAGS, SYSTEM_TEMPLATE_KEYS, type SystemTemplateKey } from '@atrium/contracts';

/** Spec 2 §9: templates page 5 at a time, options 5/10/50/100/150. */
export const TEMPLATE_PAGE_SIZES = [5, 10, 50, 100, 150] as const;
export const TEMPLATE_PAGE_SIZE = 5;

/** What a dragged chip carries (besides text/plain, so a drop anywhere else still gives the tag). */
export const TAG_DRAG_TYPE = 'application/x-atrium-tag';

export const wrapTag = (tag: string) => `{{${tag}}}`;

export interface TagChip {
  tag: string;
  label: string;
  kind: 'standard' | 'custom' | 'system';
}

/** The strip: standard tags (orange), then the chosen platform email's own tags, then custom fields (blue). */
export function tagChips(customFields: readonly { name: string; tag: string }[], systemKey: string | null): TagChip[] {
  const system = systemKey ? (SYSTEM_TEMPLATE_KEYS[systemKey as SystemTemplateKey]?.extraTags ?? []) : [];
  const seen = new Set<string>();
  const chips: TagChip[] = [];
  const add = (chip: TagChip) => {
    if (!chip.tag || seen.has(chip.tag)) return;
    seen.add(chip.tag);
    chips.push(chip);
  };
  for (const tag of STANDARD_TEMPLATE_TAGS) add({ tag, label: tag, kind: 'standard' });
  for (const tag of system) add({ tag, label: tag, kind: 'system' });
  for (const field of customFields) add({ tag: field.tag, label: field.name || field.tag, kind: 'custom' });
  return chips;
}

/**
 * Inserts `{{tag}}` into a plain field (the Subject) at its selection, replacing any selected text.
 * A missing selection appends. Returns the new value and where the caret goes (after the tag).
 */
export function insertTagAt(
  value: string,
  tag: string,
  selectionStart: number | null,
  selectionEnd: number | null = selectionStart,
): { value: string; caret: number } {
  const text = wrapTag(tag);
  const start = clamp(selectionStart ?? value.length, value.length);
  const end = Math.max(start, clamp(selectionEnd ?? start, value.length));
  return { value: value.slice(0, start) + text + value.slice(end), caret: start + text.length };
}

const clamp = (n: number, max: number) => Math.min(Math.max(0, n), max);

/** "Used for" choices of the editor. */
export const USED_FOR_OPTIONS = [
  { value: '', label: 'None (a template you send yourself)' },
  ...Object.entries(SYSTEM_TEMPLATE_KEYS).map(([value, spec]) => ({ value, label: spec.label })),
];

/** The spec's "medium date" (e.g. Jan 5, 2026) in the tenant's time zone. */
export function formatMediumDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: timeZone || undefined }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(date);
  }
}
