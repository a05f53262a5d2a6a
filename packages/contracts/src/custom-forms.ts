import { z } from 'zod';
import { PublicCourseRegistrationResult } from './course-learning.ts';
import {
  CUSTOM_FIELD_NAME_MAX,
  CUSTOM_FIELD_OPTION_KEYS,
  CUSTOM_FIELD_OPTION_MAX,
  CUSTOM_FIELD_TEXT_MAX,
  wireOptions,
} from './custom-fields.ts';
import { AGE_OF_MAJORITY_MAX, AGE_OF_MAJORITY_MIN, MINOR_MESSAGES } from './minors.ts';

// Custom and registration forms (spec 3 §2.3, §3 "Custom/registration form", "Custom field within a
// form", "Form submission payload", §4 "Registration form", §5, §7.9, §8, §9; spec 2 custom-form calls).

/** The kinds of form (decisions.md "Forms"): a plain form, the tenant's waiver, the student registration. */
export const FORM_TYPES = ['CUSTOM', 'WAIVER', 'STUDENT_REGISTRATION'] as const;
export const FormType = z.enum(FORM_TYPES, { error: 'formType must be one of CUSTOM, WAIVER, STUDENT_REGISTRATION' });
export type FormType = z.infer<typeof FormType>;
export const FORM_TYPE_LABELS: Record<FormType, string> = {
  CUSTOM: 'Custom Form',
  WAIVER: 'Waiver',
  STUDENT_REGISTRATION: 'Student Registration',
};

/** Spec 3 §3: the field types within a form. */
export const FORM_FIELD_TYPES = [
  'text',
  'email',
  'number',
  'textarea',
  'checkbox',
  'radio',
  'dropdown',
  'header',
] as const;
export const FormFieldType = z.enum(FORM_FIELD_TYPES, {
  error: 'type must be one of text, email, number, textarea, checkbox, radio, dropdown, header',
});
export type FormFieldType = z.infer<typeof FormFieldType>;
export const FORM_FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  text: 'Text',
  email: 'Email',
  number: 'Number',
  textarea: 'Text Area',
  checkbox: 'Checkbox',
  radio: 'Radio',
  dropdown: 'Dropdown',
  header: 'Header',
};
export const formFieldHasOptions = (type: string) => type === 'radio' || type === 'dropdown';
export const formFieldHasPlaceholder = (type: string) => ['text', 'email', 'number', 'textarea'].includes(type);
export const formFieldCanBeMandatory = (type: string) => type !== 'header';

/** Spec 3 §5 and §9. */
export const FORM_TEXTAREA_MAX = 255;
export const FORM_FIELDS_MAX = 100;
export const SIGNATURE_WIDTH = 350;
export const SIGNATURE_HEIGHT = 150;
export const SIGNATURE_MIN_WIDTH = 2;
/** A drawn signature is a PNG data URL; 350x150 strokes stay far below this. */
export const SIGNATURE_MAX_CHARS = 200_000;
export const HUMAN_CHECK_ACTION = 'custom_form_checkout';

/** Spec 3 §8, word for word. */
export const FORM_TEXTS = {
  signatureRequired: 'Signature is required!',
  namesRequired: 'First name and Last name required!',
  registered: 'Successfully registered',
  submitted: (name: string) => `${name} submitted successfully`,
  inProgress: 'Downloading is in progress, To Download click refresh button after few seconds...',
  failed: 'Downloading Failed, Download file have error...',
  downloadFile: 'Download File',
} as const;

/** Decisions.md "Forms": messages where the spec is silent. */
export const FORM_MESSAGES = {
  /** The thank-you of a signed form says it was signed, not only "submitted" (issue 29). */
  signed: (name: string) => `You signed ${name}. A signed copy is kept with your records at the studio.`,
  nameRequired: 'Form Name is required!',
  fieldNameRequired: 'Field Name is required!',
  optionRequired: 'Add at least one option',
  optionsDifferent: 'Options must be different',
  notPublished: 'This form is not available.',
  humanCheck: 'Please complete the human check.',
  humanCheckFailed: 'The human check failed. Please try again.',
  humanCheckUsed: 'This human check was already used. Please try again.',
  emailRequired: 'Email is required!',
  emailInvalid: 'Please enter a valid email address.',
  waiverBeforeCheckout: 'Please sign the waiver before checking out.',
  courseNotPublished: 'Publish the course before tying a form to it.',
  courseNotDemo: 'Only a free course or a course with demo chapters can be tied to a form.',
} as const;

/**
 * The demo-course flow's thank-you view (spec 3 §2.3): '{course} enrolled successfully' is the
 * server's message (COURSE_MESSAGES.enrolled), the details notice COURSE_MESSAGES.detailsByEmail.
 * The app-download notice points at the studio's own app on the phone (the web app), since the
 * studio settings hold no app-store links (docs/decisions/forms.md "A form can enrol in a course").
 */
export const FORM_COURSE_TEXTS = {
  appNotice: (studio: string) =>
    `Take the course on your phone too: sign in to ${studio} in your phone's browser and open My Courses.`,
  signIn: 'Sign in',
  goingToCourse: 'Taking you to the course page…',
} as const;

/** Where the form keeps the registrant for the course page (sessionStorage; spec 3 §4 "stored locally"). */
export const COURSE_REGISTRANT_KEY = 'courseRegistrant';

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value ?? '');

/** One field of the builder, as sent (guId is kept for fields that already exist). */
export const FormFieldInput = z
  .object({
    guId: z.uuid('guId must be a field id').optional(),
    name: z
      .string({ error: FORM_MESSAGES.fieldNameRequired })
      .trim()
      .min(1, FORM_MESSAGES.fieldNameRequired)
      .max(CUSTOM_FIELD_NAME_MAX),
    type: FormFieldType,
    isMandatory: z.boolean().default(false),
    placeholder: text(CUSTOM_FIELD_TEXT_MAX, 'placeholder'),
    fieldName: text(CUSTOM_FIELD_TEXT_MAX, 'fieldName'),
    phonenumber: z.boolean().default(false),
    option1: text(CUSTOM_FIELD_OPTION_MAX, 'option1'),
    option2: text(CUSTOM_FIELD_OPTION_MAX, 'option2'),
    option3: text(CUSTOM_FIELD_OPTION_MAX, 'option3'),
    option4: text(CUSTOM_FIELD_OPTION_MAX, 'option4'),
    option5: text(CUSTOM_FIELD_OPTION_MAX, 'option5'),
    option6: text(CUSTOM_FIELD_OPTION_MAX, 'option6'),
  })
  .superRefine((value, ctx) => {
    const options = CUSTOM_FIELD_OPTION_KEYS.map((key) => value[key]).filter(Boolean);
    if (formFieldHasOptions(value.type)) {
      if (options.length === 0)
        ctx.addIssue({ code: 'custom', path: ['option1'], message: FORM_MESSAGES.optionRequired });
      if (new Set(options).size !== options.length) {
        ctx.addIssue({ code: 'custom', path: ['option1'], message: FORM_MESSAGES.optionsDifferent });
      }
    }
  });
export type FormFieldInput = z.input<typeof FormFieldInput>;

const richText = z
  .object({ description: z.string().max(20_000, 'description must be at most 20000 characters').default('') })
  .default({ description: '' });

/** POST /rest/customForm and PUT /rest/customForm/{guId}: the builder, whole (fields in sequence order). */
export const CustomFormInput = z.object({
  name: z.string({ error: FORM_MESSAGES.nameRequired }).trim().min(1, FORM_MESSAGES.nameRequired).max(100),
  formType: FormType.default('CUSTOM'),
  customFormName: text(100, 'customFormName'),
  isName: z.boolean().default(true),
  isEmail: z.boolean().default(true),
  isPhone: z.boolean().default(true),
  isShowEmergencyContact: z.boolean().default(false),
  isShowBirthdate: z.boolean().default(false),
  isShowGuardian: z.boolean().default(false),
  isSignRequired: z.boolean().default(false),
  isPublished: z.boolean().default(false),
  beforeForm: richText,
  subHeader: richText,
  afterForm: richText,
  /** The course a registration enrols in (the demo-course flow); null or left out: none. */
  courseGuId: z
    .uuid('courseGuId must be a course id')
    .nullish()
    .transform((v) => v ?? null),
  customFields: z
    .array(FormFieldInput)
    .max(FORM_FIELDS_MAX, `A form has at most ${FORM_FIELDS_MAX} fields`)
    .default([]),
});
export type CustomFormInput = z.input<typeof CustomFormInput>;

export const FormField = z.object({
  guId: z.string(),
  name: z.string(),
  type: FormFieldType,
  sequence: z.number().int(),
  isMandatory: z.boolean(),
  placeholder: z.string(),
  fieldName: z.string(),
  phonenumber: z.boolean(),
  ...wireOptions,
});
export type FormField = z.infer<typeof FormField>;

export const CustomForm = z.object({
  guId: z.string(),
  name: z.string(),
  formType: FormType,
  customFormName: z.string(),
  isCustomForm: z.boolean(),
  isName: z.boolean(),
  isEmail: z.boolean(),
  isPhone: z.boolean(),
  isShowEmergencyContact: z.boolean(),
  isShowBirthdate: z.boolean(),
  isShowGuardian: z.boolean(),
  isSignRequired: z.boolean(),
  isPublished: z.boolean(),
  beforeForm: z.object({ description: z.string() }),
  subHeader: z.object({ description: z.string() }),
  afterForm: z.object({ description: z.string() }),
  customFields: z.array(FormField),
  /**
   * The course the form enrols in. Staff see it while the course exists (any status); the public form
   * only while it is published and courses are on.
   */
  course: z.object({ guId: z.string(), name: z.string() }).nullable(),
  submissions: z.number().int().optional(),
  /** The public form: the studio's age of majority, below which a guardian is asked for. */
  ageOfMajority: z.number().int().optional(),
});
export type CustomForm = z.infer<typeof CustomForm>;

export const CustomFormListQuery = z.object({ type: FormType.optional() });
export const PublicFormListQuery = z.object({ tenant: z.string().max(100).optional(), type: FormType.optional() });
export const PublicFormSummary = z.object({ guId: z.string(), name: z.string(), formType: FormType });
export type PublicFormSummary = z.infer<typeof PublicFormSummary>;

/** The human check's challenge (ALTCHA's shape): find n with SHA-256(salt + n) = challenge. */
export const HumanChallenge = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  salt: z.string(),
  signature: z.string(),
  maxnumber: z.number().int(),
});
export type HumanChallenge = z.infer<typeof HumanChallenge>;

/** What a solved challenge is sent back as (base64 of this JSON, the payload's rToken). */
export interface HumanSolution {
  algorithm: 'SHA-256';
  challenge: string;
  salt: string;
  signature: string;
  number: number;
}

const person = (label: string) => text(100, label);

/** POST /cform/regform/public (and /cform/regform, /studentreg/register): spec 3 "Form submission payload". */
export const FormSubmissionInput = z.object({
  formId: z.uuid('formId must be a form id'),
  formType: FormType.optional(),
  rToken: z.string({ error: FORM_MESSAGES.humanCheck }).min(1, FORM_MESSAGES.humanCheck).max(2000),
  fullName: person('fullName'),
  firstName: person('firstName'),
  lastName: person('lastName'),
  email: text(254, 'email'),
  phone: text(40, 'phone'),
  emergencyContactName: person('emergencyContactName'),
  emergencyContactPhone: text(40, 'emergencyContactPhone'),
  dateOfBirth: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'dateOfBirth must be a date (YYYY-MM-DD)')
    .nullish()
    .transform((v) => v ?? ''),
  motherName: person('motherName'),
  motherEmail: text(254, 'motherEmail'),
  motherPhone: text(40, 'motherPhone'),
  fatherName: person('fatherName'),
  fatherEmail: text(254, 'fatherEmail'),
  fatherPhone: text(40, 'fatherPhone'),
  customField: z
    .array(
      z.object({
        guId: z.uuid('customField guId must be a field id'),
        sequence: z.number().int().optional(),
        type: z.string().optional(),
        name: z.string().optional(),
        value: z.string().max(5000).default(''),
      }),
    )
    .max(FORM_FIELDS_MAX)
    .default([]),
  sign: z
    .string()
    .max(SIGNATURE_MAX_CHARS, 'sign is too large')
    .nullish()
    .transform((v) => v ?? ''),
  /** A keyboard user's typed signature (decisions.md "Forms"). */
  typedSign: text(100, 'typedSign'),
  signDate: z.string().max(40).optional(),
  /** The page's ?isDemo=true (spec 3 §2.3): enrol in the form's course's demo chapters. */
  isDemo: z.boolean({ error: 'isDemo must be true or false' }).default(false),
});
export type FormSubmissionInput = z.input<typeof FormSubmissionInput>;

export const DOCUMENT_STATUSES = ['IN_PROGRESS', 'COMPLETE', 'ERROR'] as const;
export const DocumentStatus = z.enum(DOCUMENT_STATUSES);
export type DocumentStatus = z.infer<typeof DocumentStatus>;

export const FormSubmissionResult = z.object({
  status: DocumentStatus,
  _id: z.string(),
  downloadUrl: z.string(),
  formName: z.string(),
  /**
   * A waiver signed without being signed in as its member: it counts once the member follows the
   * link emailed to them (decisions.md "A waiver counts when the member signed it (issue 22)").
   */
  awaitingConfirmation: z.boolean().optional(),
  /**
   * A form tied to a course: enrolled (a demo or a free course), or purchase (a paid course: the
   * visitor goes to its page, courseUrl, to buy it). Absent when the form has no course.
   */
  course: PublicCourseRegistrationResult.optional(),
});
export type FormSubmissionResult = z.infer<typeof FormSubmissionResult>;

/** Days the emailed link that confirms a waiver works. */
export const WAIVER_CONFIRM_LINK_DAYS = 7;

export const WAIVER_CONFIRM_TEXTS = {
  emailSent:
    'We have emailed a link to the address given. The waiver counts for bookings and checkouts once it is confirmed from that email.',
  confirmed: 'Your waiver is confirmed.',
  used: 'This link was already used: the waiver it confirms is confirmed.',
  expired: 'This link has expired. Please sign the waiver again to get a new one.',
  notFound: 'This link is not valid.',
} as const;

/** POST /public/waiver/confirm: the token from the emailed link. */
export const WaiverConfirmInput = z.object({
  token: z
    .string({ error: 'token is required' })
    .trim()
    .min(1, 'token is required')
    .max(200, 'token must be at most 200 characters'),
});
/** GET and PUT /rest/settings/forms: the forms' settings on the Forms screen. */
export const FormSettings = z.object({ ageOfMajority: z.number().int() });
export type FormSettings = z.infer<typeof FormSettings>;
export const FormSettingsWrite = z
  .object({
    ageOfMajority: z
      .number({ error: MINOR_MESSAGES.ageOfMajorityRange })
      .int(MINOR_MESSAGES.ageOfMajorityRange)
      .min(AGE_OF_MAJORITY_MIN, MINOR_MESSAGES.ageOfMajorityRange)
      .max(AGE_OF_MAJORITY_MAX, MINOR_MESSAGES.ageOfMajorityRange),
  })
  .strict();
export type FormSettingsWrite = z.infer<typeof FormSettingsWrite>;

export const WaiverConfirmResult = z.object({ message: z.string(), formName: z.string() });
export type WaiverConfirmResult = z.infer<typeof WaiverConfirmResult>;

/** A signed document with its audit trail (the contact detail, My Registration). */
export const SignedDocument = z.object({
  _id: z.string(),
  formId: z.string(),
  formName: z.string(),
  formType: FormType,
  status: DocumentStatus,
  downloadUrl: z.string(),
  signerName: z.string(),
  signerEmail: z.string(),
  /** In the tenant's time zone, e.g. '26 Nov 2026, 21:40 (Europe/London)'. */
  signedAt: z.string(),
  signedAtIso: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  documentHash: z.string(),
  hasSignature: z.boolean(),
  /** A waiver someone signed with the member's email, not yet confirmed from it: it does not count yet. */
  awaitingConfirmation: z.boolean(),
});
export type SignedDocument = z.infer<typeof SignedDocument>;

/** Decisions.md "A signed form cannot be changed unnoticed": what the Verify action says. */
export const VERIFY_TEXTS = {
  unchanged: (signedAt: string) => `Unchanged since signed on ${signedAt}.`,
  contentChanged: (signedAt: string) =>
    `Changed after it was signed on ${signedAt}: the answers kept are not the ones signed.`,
  fileChanged: (signedAt: string) =>
    `Changed after it was signed on ${signedAt}: the stored PDF is not the one made at signing.`,
  notReady: 'The signed document is still being made. Verify it again in a few seconds.',
  failed: 'The signed document could not be made, so there is nothing to verify.',
  refused: 'This document was changed after it was signed, so it is not given out as signed.',
} as const;

/**
 * GET /cform/regform/{id}/verify (staff): both hashes recomputed, the answers' (content, the audit
 * trail's Document SHA-256) and the stored PDF's.
 */
export const SignedDocumentVerification = z.object({
  _id: z.string(),
  verified: z.boolean(),
  contentUnchanged: z.boolean(),
  /** null while the PDF is not made yet (or could not be). */
  fileUnchanged: z.boolean().nullable(),
  documentHash: z.string(),
  fileHash: z.string().nullable(),
  signedAt: z.string(),
  message: z.string(),
});
export type SignedDocumentVerification = z.infer<typeof SignedDocumentVerification>;

export const WaiverStatus = z.object({
  isWaiverFormToBeSigned: z.boolean(),
  hasSigned: z.boolean(),
  signedAt: z.string().nullable(),
});
export type WaiverStatus = z.infer<typeof WaiverStatus>;
