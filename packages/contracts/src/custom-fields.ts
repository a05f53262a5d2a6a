import { z } from 'zod';

// Custom fields (spec 2 §2 "Custom Fields", §3 "Custom field", §5 tag rules, §7, §8, §9).

/** Spec 2 §2: the field types ('all' is only the list filter, see CUSTOM_FIELD_FILTERS). */
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'textarea', 'checkbox', 'radio', 'header', 'dropdown'] as const;
export const CustomFieldType = z.enum(CUSTOM_FIELD_TYPES, {
  error: 'type must be one of text, number, textarea, checkbox, radio, header, dropdown',
});
export type CustomFieldType = z.infer<typeof CustomFieldType>;
export const CUSTOM_FIELD_FILTERS = ['all', ...CUSTOM_FIELD_TYPES] as const;
export type CustomFieldFilter = (typeof CUSTOM_FIELD_FILTERS)[number];

export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: 'Text',
  number: 'Number',
  textarea: 'Text Area',
  checkbox: 'Checkbox',
  radio: 'Radio',
  header: 'Header',
  dropdown: 'Dropdown',
};

/** Spec 2 §2: the mandatory checkbox is offered for these types only. */
export const MANDATORY_TYPES: readonly CustomFieldType[] = ['text', 'number', 'textarea', 'checkbox'];
/** Spec 2 §2: options 1 to 6 are for these types only (decisions.md: they need at least one). */
export const OPTION_TYPES: readonly CustomFieldType[] = ['radio', 'dropdown'];
/** Spec 2 §2: help text is shown for types other than radio and checkbox. */
export const HELP_TEXT_TYPES: readonly CustomFieldType[] = ['text', 'number', 'textarea', 'header', 'dropdown'];

export const canBeMandatory = (type: string): boolean => (MANDATORY_TYPES as readonly string[]).includes(type);
export const hasOptions = (type: string): boolean => (OPTION_TYPES as readonly string[]).includes(type);
export const hasHelpText = (type: string): boolean => (HELP_TEXT_TYPES as readonly string[]).includes(type);
/** A header only titles a group of fields: it has no value. */
export const hasValue = (type: string): boolean => type !== 'header';

/** Spec 2 §9: tag max 25; up to 6 options for radio/dropdown. */
export const CUSTOM_FIELD_TAG_MAX = 25;
export const CUSTOM_FIELD_OPTIONS_MAX = 6;
export const CUSTOM_FIELD_NAME_MAX = 100;
export const CUSTOM_FIELD_OPTION_MAX = 100;
export const CUSTOM_FIELD_TEXT_MAX = 255;

/** Spec 2 §5 messages, word for word. */
export const TAG_IN_USE = 'Tag is already in use';
export const TAG_FORMAT = "Tag can't be empty and use lowercase without spaces";
export const TAG_TOO_LONG = 'Tag cannot exceed 25 chars';
export const CUSTOM_FIELD_NAME_REQUIRED = 'Name is required!';
export const CUSTOM_FIELD_OPTION_REQUIRED = 'Add at least one option';
export const CUSTOM_FIELD_OPTIONS_ONLY = 'Options are only for radio and dropdown fields';
export const CUSTOM_FIELD_MANDATORY_ONLY = 'Only text, number, text area and checkbox fields can be mandatory';
export const CUSTOM_FIELD_OPTIONS_DIFFERENT = 'Options must be different';

/** Spec 2 §8 success toasts. */
export const CUSTOM_FIELD_TOASTS = {
  added: 'Added custom field successfully',
  updated: 'Updated custom field successfully',
  deleted: 'Deleted custom field successfully',
} as const;

/** The message for a tag, or null when it is fine: format first, then length, then uniqueness. */
export function customFieldTagError(tag: string, takenTags: Iterable<string> = []): string | null {
  if (!/^[a-z0-9]+$/.test(tag)) return TAG_FORMAT;
  if (tag.length > CUSTOM_FIELD_TAG_MAX) return TAG_TOO_LONG;
  for (const taken of takenTags) if (taken === tag) return TAG_IN_USE;
  return null;
}

/** The tag a name suggests: lower-case letters and digits of the name (accents dropped), at most 25. */
export function tagFromName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, CUSTOM_FIELD_TAG_MAX);
}

/**
 * Spec 2 §5: the tag follows the name while the user has not edited the tag and the name is at
 * most 25 characters; otherwise it stays as it is.
 */
export function autoTag(name: string, currentTag: string, tagEdited: boolean): string {
  if (tagEdited || name.length > CUSTOM_FIELD_TAG_MAX) return currentTag;
  return tagFromName(name);
}

const OPTION_KEYS = ['option1', 'option2', 'option3', 'option4', 'option5', 'option6'] as const;
export type CustomFieldOptionKey = (typeof OPTION_KEYS)[number];
export const CUSTOM_FIELD_OPTION_KEYS: readonly CustomFieldOptionKey[] = OPTION_KEYS;

/** option1..option6 as a list, blanks dropped (the stored form: options in order, no gaps). */
export function optionList(source: Partial<Record<CustomFieldOptionKey, string | null | undefined>>): string[] {
  return OPTION_KEYS.map((key) => (source[key] ?? '').trim()).filter(Boolean);
}

/** option1..option6 as every call answers them ('' where none): a custom field's and a form field's. */
export const wireOptions = {
  option1: z.string(),
  option2: z.string(),
  option3: z.string(),
  option4: z.string(),
  option5: z.string(),
  option6: z.string(),
};

/** The list back as option1..option6 ('' where none). */
export function optionFields(options: readonly string[]): Record<CustomFieldOptionKey, string> {
  return Object.fromEntries(OPTION_KEYS.map((key, i) => [key, options[i] ?? ''])) as Record<
    CustomFieldOptionKey,
    string
  >;
}

/** Spec 2 §3 "Custom field", as every call answers it. */
export const CustomField = z.object({
  guId: z.string(),
  name: z.string(),
  tag: z.string(),
  type: CustomFieldType,
  ...wireOptions,
  fieldName: z.string(),
  placeholder: z.string(),
  text: z.string(),
  isMandatory: z.boolean(),
  isFormField: z.boolean(),
  sequence: z.number().int(),
});
export type CustomField = z.infer<typeof CustomField>;

const optional = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value ?? '');

const option = (key: CustomFieldOptionKey) => optional(CUSTOM_FIELD_OPTION_MAX, key);

/**
 * POST /rest/customField and PUT /rest/customField/{id}: the dialog's form, whole. The tag and
 * type rules (mandatory, options) are checked here so every caller gets the same 400s.
 */
export const CustomFieldInput = z
  .object({
    type: CustomFieldType,
    name: z
      .string({ error: CUSTOM_FIELD_NAME_REQUIRED })
      .trim()
      .min(1, CUSTOM_FIELD_NAME_REQUIRED)
      .max(CUSTOM_FIELD_NAME_MAX, `Name must be at most ${CUSTOM_FIELD_NAME_MAX} characters`),
    tag: z.string({ error: TAG_FORMAT }).superRefine((tag, ctx) => {
      const message = customFieldTagError(tag);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
    fieldName: optional(CUSTOM_FIELD_TEXT_MAX, 'Description'),
    placeholder: optional(CUSTOM_FIELD_TEXT_MAX, 'Help text'),
    text: optional(2000, 'text'),
    option1: option('option1'),
    option2: option('option2'),
    option3: option('option3'),
    option4: option('option4'),
    option5: option('option5'),
    option6: option('option6'),
    isMandatory: z.boolean({ error: 'isMandatory must be true or false' }).default(false),
    isFormField: z.boolean({ error: 'isFormField must be true or false' }).default(false),
    /** Position in lists and forms; a new field goes last when not given, an edit keeps its own. */
    sequence: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.isMandatory && !canBeMandatory(value.type)) {
      ctx.addIssue({ code: 'custom', path: ['isMandatory'], message: CUSTOM_FIELD_MANDATORY_ONLY });
    }
    const options = optionList(value);
    if (hasOptions(value.type)) {
      if (options.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['option1'], message: CUSTOM_FIELD_OPTION_REQUIRED });
      }
      const seen = new Set<string>();
      const repeat = OPTION_KEYS.find((key) => {
        const option = value[key];
        if (!option) return false;
        if (seen.has(option)) return true;
        seen.add(option);
        return false;
      });
      if (repeat) ctx.addIssue({ code: 'custom', path: [repeat], message: CUSTOM_FIELD_OPTIONS_DIFFERENT });
    } else if (options.length > 0) {
      const key = OPTION_KEYS.find((k) => value[k]) ?? 'option1';
      ctx.addIssue({ code: 'custom', path: [key], message: CUSTOM_FIELD_OPTIONS_ONLY });
    }
  });
export type CustomFieldInput = z.input<typeof CustomFieldInput>;
export type CustomFieldInputParsed = z.output<typeof CustomFieldInput>;

/** GET /rest/customField query: custom forms do not exist yet; customForm is accepted and ignored. */
/**
 * GET /rest/customField. `include=all` (spec 3 §7.4) asks for every field, section headers included;
 * the list already answers every field of the tenant, so it changes nothing here. Any other value is a 400.
 */
export const CustomFieldListQuery = z.object({
  customForm: z.string().max(100).optional(),
  include: z.enum(['all'], { error: 'include must be all' }).optional(),
});

// Contact custom field values (spec 3 "Contact detail: profile, custom field values").

/** One field of the tenant with the contact's value ('' when none; always '' for a header). */
export const ContactCustomFieldValue = CustomField.extend({ value: z.string() });
export type ContactCustomFieldValue = z.infer<typeof ContactCustomFieldValue>;

export const CUSTOM_VALUE_TEXT_MAX = 255;
export const CUSTOM_VALUE_TEXTAREA_MAX = 5000;

/** PUT /rest/contact/{id}/customFields: the values to set; fields not listed keep theirs. */
export const ContactCustomValuesInput = z
  .array(
    z
      .object({
        guId: z.uuid('guId must be a custom field id'),
        value: z.string({ error: 'value must be text' }).max(CUSTOM_VALUE_TEXTAREA_MAX),
      })
      .strict(),
  )
  .max(500);
export type ContactCustomValuesInput = z.infer<typeof ContactCustomValuesInput>;

/** Spec 3 §5: an email-type form field's pattern (a form's fields are custom fields too). */
export const FORM_EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,4}$/;

/** `type` is also a form field's ('email'). */
type ValueField = Pick<CustomField, 'name' | 'isMandatory'> & { type: string; options: readonly string[] };

/**
 * The message for a value of a field, or null when it fits: number is numeric, checkbox
 * 'true'/'false', radio/dropdown one of the options, a mandatory field not empty (a mandatory
 * checkbox must be ticked), a header has none. The value is compared trimmed; '' means no value.
 */
export function customValueError(field: ValueField, raw: string): string | null {
  const value = raw.trim();
  if (field.type === 'header') return value ? `${field.name} is a header and has no value` : null;
  if (!value || (field.type === 'checkbox' && value === 'false')) {
    return field.isMandatory ? `${field.name} is required` : null;
  }
  switch (field.type) {
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(value) && value.length <= 40 ? null : `${field.name} must be a number`;
    case 'checkbox':
      return value === 'true' ? null : `${field.name} must be true or false`;
    case 'email':
      return FORM_EMAIL_PATTERN.test(value) ? null : `${field.name} must be a valid email address`;
    case 'radio':
    case 'dropdown':
      return field.options.includes(value) ? null : `${field.name} must be one of its options`;
    case 'text':
      return value.length <= CUSTOM_VALUE_TEXT_MAX
        ? null
        : `${field.name} must be at most ${CUSTOM_VALUE_TEXT_MAX} characters`;
    default:
      return value.length <= CUSTOM_VALUE_TEXTAREA_MAX
        ? null
        : `${field.name} must be at most ${CUSTOM_VALUE_TEXTAREA_MAX} characters`;
  }
}
