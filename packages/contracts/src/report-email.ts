import { z } from 'zod';

/**
 * A report emailed as a PDF (issue 24, "Export"): POST /itemreport/{kind}/email with the report's
 * own query (from, to, groupBy) and `recipients` (the report's `to` is its last day, so the
 * addresses have their own name). Without recipients the PDF goes to the asking staff member.
 */

/** At most this many addresses per emailed report (decisions.md "Reports by email"). */
export const REPORT_EMAIL_MAX_RECIPIENTS = 10;

const recipient = z
  .string({ error: 'Each recipient must be an email address' })
  .trim()
  .toLowerCase()
  .max(254, 'An email address has at most 254 characters')
  .pipe(z.email('Each recipient must be a valid email address'));

export const ReportEmailRecipients = z
  .array(recipient, { error: 'recipients must be a list of email addresses' })
  .min(1, 'Name at least one recipient')
  .max(REPORT_EMAIL_MAX_RECIPIENTS, `A report can be emailed to at most ${REPORT_EMAIL_MAX_RECIPIENTS} addresses`);

/** The body of POST /itemreport/{kind}/email beside the report's query. */
export const ReportEmailFields = z.object({ recipients: ReportEmailRecipients.optional() });

export interface ReportEmailRequest {
  from: string;
  to: string;
  groupBy: string;
  recipients?: string[];
}

/** 202: the email is queued (sent by the mail job); who it goes to and how many rows the PDF has. */
export const ReportEmailResult = z.object({
  recipients: z.array(z.string()),
  rows: z.number().int(),
});
export type ReportEmailResult = z.infer<typeof ReportEmailResult>;

/** Splits a typed list of addresses (commas, semicolons, spaces or new lines) into addresses. */
export function splitRecipients(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}
