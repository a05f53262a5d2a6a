import { BRAND_MERGE_FIELDS, brandMergeValues, fillMergeFields, withoutEmptyImages } from '@atrium/contracts';

/** The designer of a campaign: `/campaign/{id}/design`. */
export const campaignDesignPath = (id: string) => `/campaign/${encodeURIComponent(id)}/design`;

/** Phone and desktop widths of the preview (the phone's is an iPhone's 375 px). */
export const PREVIEW_WIDTHS = { phone: 375, desktop: 680 } as const;
export type PreviewDevice = keyof typeof PREVIEW_WIDTHS;

/**
 * MJML the designer can read: its HTML parser does not know MJML's empty elements, so `<mj-image … />`
 * would swallow what follows it. Each is written open and closed instead.
 */
export function openSelfClosing(mjml: string): string {
  return mjml.replace(/<(mj-[a-z-]+)((?:[^>"']|"[^"]*"|'[^']*')*?)\s*\/>/gi, '<$1$2></$1>');
}

/**
 * A template made ready for the canvas: the brand's colour, logo and website addresses put in (the
 * canvas cannot draw a colour written as a merge field), an empty logo image left out. The studio's
 * name and each member's fields stay merge fields, filled when sent.
 */
export function designerMjml(
  mjml: string,
  studio: { name: string; themeColor: string | null | undefined; logo: string | null | undefined; origin: string },
): string {
  const brand = brandMergeValues(studio);
  const attributes = Object.fromEntries(
    BRAND_MERGE_FIELDS.filter((field) => field !== 'studioName').map((field) => [field, escapeAttribute(brand[field])]),
  );
  return openSelfClosing(withoutEmptyImages(fillMergeFields(mjml, attributes)));
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
