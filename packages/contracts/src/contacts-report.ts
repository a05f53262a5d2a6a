import { z } from 'zod';
import { checkRange, reportDate } from './reports.ts';

/**
 * The contacts report (issue 24): the studio's contacts (people with the student role; the team and
 * the walk-in left out) over a date range in its zone. Growth by day, week or month; or the range's
 * new contacts by how they came (source), by the lead source staff record, or by tag (tags as they
 * are now; a contact with two tags counts under each).
 */

export const CONTACT_REPORT_GROUPS = ['day', 'week', 'month', 'source', 'leadSource', 'tag'] as const;
export type ContactReportGroup = (typeof CONTACT_REPORT_GROUPS)[number];
export const CONTACT_REPORT_GROUP_LABELS: Record<ContactReportGroup, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  source: 'Source',
  leadSource: 'Lead source',
  tag: 'Tag',
};

/** How a contact came (contacts.source); contacts made before it was recorded have none. */
export const CONTACT_SOURCES = ['registration', 'import', 'staff', 'checkout', 'donation', 'form'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];
export const CONTACT_SOURCE_LABELS: Record<ContactSource, string> = {
  registration: 'Registered online',
  import: 'Imported',
  staff: 'Added by staff',
  checkout: 'Online store',
  donation: 'Donation',
  form: 'Form',
};
/** The label of a group with no source, lead source or tag. */
export const CONTACT_REPORT_NONE: Record<'source' | 'leadSource' | 'tag', string> = {
  source: 'Not recorded',
  leadSource: 'Not recorded',
  tag: 'No tags',
};

/** GET /itemreport/contacts (and .csv): the range in the studio's days. */
export const ContactReportQuery = z
  .object({
    from: reportDate('from'),
    to: reportDate('to'),
    groupBy: z
      .enum(CONTACT_REPORT_GROUPS, { error: `groupBy must be one of ${CONTACT_REPORT_GROUPS.join(', ')}` })
      .default('day'),
  })
  .strict()
  .superRefine(checkRange);
export type ContactReportQuery = z.input<typeof ContactReportQuery>;

/**
 * One row: the group's contacts before it starts (`atStart`), the new ones in it (`added`), and
 * those there are at its end (`atEnd` = atStart + added). A day, week or month row covers that
 * period (cut to the range); a source, lead source or tag row covers the whole range. The totals
 * are the studio's contacts at the range's start and end and the new ones in it (each person once).
 */
export const ContactReportRow = z.object({
  key: z.string(),
  label: z.string(),
  atStart: z.number().int(),
  added: z.number().int(),
  atEnd: z.number().int(),
});
export type ContactReportRow = z.infer<typeof ContactReportRow>;

export const ContactReport = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  groupBy: z.enum(CONTACT_REPORT_GROUPS),
  rows: z.array(ContactReportRow),
  totals: ContactReportRow,
});
export type ContactReport = z.infer<typeof ContactReport>;

/** The report's CSV columns after the group's label. */
export const CONTACT_REPORT_CSV_COLUMNS = ['atStart', 'added', 'atEnd'] as const;
