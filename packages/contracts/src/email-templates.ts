import { z } from 'zod';

/** Spec 2 §3 "Email template": the standard tags every template may use, in the editor's order. */
export const STANDARD_TEMPLATE_TAGS = [
  'firstname',
  'lastname',
  'email',
  'phone',
  'productname',
  'producttype',
  'orgname',
  'orgaddress',
  'orgphone',
  'orgemail',
] as const;
export type StandardTemplateTag = (typeof STANDARD_TEMPLATE_TAGS)[number];

/**
 * Platform emails a template can shape ("Used for" in the editor). A key's `requiredTag` must be in
 * the body: when the admin leaves it out, the platform appends it so the email still works (a
 * password reset without its link would lock the reader out).
 */
export const SYSTEM_TEMPLATE_KEYS = {
  password_reset: {
    label: 'Password reset',
    extraTags: ['resetlink', 'resetminutes'],
    requiredTag: 'resetlink',
  },
  // Spec 3 §4: invoice emails by payment status (pending and partial share one).
  invoice_pending: {
    label: 'Invoice pending',
    extraTags: ['invoicelink', 'invoicenumber', 'invoicetotal', 'invoicebalance'],
    requiredTag: 'invoicelink',
  },
  invoice_success: {
    label: 'Invoice paid',
    extraTags: ['invoicelink', 'invoicenumber', 'invoicetotal', 'invoicebalance'],
    requiredTag: 'invoicelink',
  },
  invoice_failed: {
    label: 'Invoice payment failed',
    extraTags: ['invoicelink', 'invoicenumber', 'invoicetotal', 'invoicebalance'],
    requiredTag: 'invoicelink',
  },
  invoice_reminder: {
    label: 'Invoice reminder',
    extraTags: ['invoicelink', 'invoicenumber', 'invoicetotal', 'invoicebalance'],
    requiredTag: 'invoicelink',
  },
  // A refund has a notice of its own: never the paid email (issue 22).
  invoice_refund: {
    label: 'Refund issued',
    extraTags: [
      'invoicelink',
      'invoicenumber',
      'invoicetotal',
      'invoicebalance',
      'refundamount',
      'refundmethod',
      'invoicepaidnet',
    ],
    requiredTag: 'invoicelink',
  },
} as const satisfies Record<string, { label: string; extraTags: readonly string[]; requiredTag: string }>;
export type SystemTemplateKey = keyof typeof SYSTEM_TEMPLATE_KEYS;
export const SYSTEM_TEMPLATE_KEY_VALUES = Object.keys(SYSTEM_TEMPLATE_KEYS) as [
  SystemTemplateKey,
  ...SystemTemplateKey[],
];

export const TEMPLATE_NAME_REQUIRED = 'Template Name is required!';
export const TEMPLATE_SUBJECT_REQUIRED = 'Subject is required!';
export const TEMPLATE_BODY_REQUIRED = 'Template body is required!';

/** A tag in a subject or body: `{{tag}}`, spaces inside the braces allowed. */
const TAG_PATTERN = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

export function escapeTemplateHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Replaces every `{{tag}}` with its value (tags compare case-insensitively). With `html: true` the
 * values are HTML-escaped (a contact named `<b>` stays text in the body); subjects are plain text.
 * A tag with no value (unknown, or a field the contact has not filled) renders as nothing: the
 * reader never sees raw braces.
 */
export function renderTemplate(
  text: string,
  values: Readonly<Record<string, string | null | undefined>>,
  options: { html?: boolean } = {},
): string {
  const lookup = new Map(Object.entries(values).map(([key, value]) => [key.toLowerCase(), value ?? '']));
  return text.replace(TAG_PATTERN, (_, tag: string) => {
    const value = lookup.get(tag.toLowerCase()) ?? '';
    return options.html ? escapeTemplateHtml(value) : value;
  });
}

/** The tags a text uses, lower-cased, each once, in order of first use. */
export function templateTags(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(TAG_PATTERN), (match) => (match[1] ?? '').toLowerCase()))];
}

/** True when an HTML body has no visible text and no image (an empty editor gives `<p></p>`). */
export function isBlankTemplateBody(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/gi, ' ')
      .trim() === ''
  );
}

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${message.replace(' is required!', '')} must be at most ${max} characters`);

/** POST /esend/etemplate and PUT /esend/etemplate/{id} (the spec's PUT also sends `id`: ignored). */
export const EmailTemplateWrite = z.object({
  id: z.string().optional(),
  name: requiredText(TEMPLATE_NAME_REQUIRED, 120),
  subject: requiredText(TEMPLATE_SUBJECT_REQUIRED, 255),
  template: z
    .string({ error: TEMPLATE_BODY_REQUIRED })
    .max(200_000, 'The template body is too long')
    .refine((html) => !isBlankTemplateBody(html), TEMPLATE_BODY_REQUIRED),
  systemKey: z
    .enum(SYSTEM_TEMPLATE_KEY_VALUES, { error: 'Used for must be one of the platform emails' })
    .nullable()
    .optional(),
});
export type EmailTemplateWrite = z.input<typeof EmailTemplateWrite>;

export const EmailTemplate = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  subject: z.string(),
  template: z.string(),
  systemKey: z.enum(SYSTEM_TEMPLATE_KEY_VALUES).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailTemplate = z.infer<typeof EmailTemplate>;

/** GET /esend/etemplate answers `{data: {eTemplates}}`, newest first. */
export const EmailTemplateListResponse = z.object({ data: z.object({ eTemplates: z.array(EmailTemplate) }) });
export type EmailTemplateListResponse = z.infer<typeof EmailTemplateListResponse>;

/** GET, POST and PUT of one template answer `{data}`. */
export const EmailTemplateResponse = z.object({ data: EmailTemplate });
export type EmailTemplateResponse = z.infer<typeof EmailTemplateResponse>;

export const EmailTemplateDeleteResponse = z.object({ data: z.object({ id: z.string() }) });

/** What a new template starts with (spec 2 §2: "a sample subject and body explaining tags"). */
export const SAMPLE_TEMPLATE_SUBJECT = 'Hello {{firstname}}, news from {{orgname}}';
export const SAMPLE_TEMPLATE_BODY = [
  '<p>Hi {{firstname}},</p>',
  '<p>This is a sample template. Words in double curly braces, like {{firstname}} or {{orgname}}, are tags:',
  ' when the email is sent each tag is replaced by the value for that person or for your organisation.',
  ' Drag a tag from the strip above into the subject or the body (or focus a field and press a tag) to add one.</p>',
  '<p>See you soon,<br>{{orgname}}<br>{{orgphone}} · {{orgemail}}</p>',
].join('');
