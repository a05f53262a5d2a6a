import {
  autoTag,
  CUSTOM_FIELD_OPTION_KEYS,
  CUSTOM_FIELD_TYPES,
  type CustomField,
  type CustomFieldFilter,
  CustomFieldInput,
  type CustomFieldOptionKey,
  type CustomFieldType,
  canBeMandatory,
  customFieldTagError,
  customValueError,
  hasHelpText,
  hasOptions,
  optionList,
  TAG_IN_USE,
} from '@atrium/contracts';

/** What the custom field dialog edits. */
export interface CustomFieldFormValues extends Record<CustomFieldOptionKey, string> {
  type: CustomFieldType;
  name: string;
  tag: string;
  fieldName: string;
  placeholder: string;
  isMandatory: boolean;
  /** True once the user typed in the tag: from then on the name no longer changes it. */
  tagEdited: boolean;
}

export type CustomFieldFormField =
  | 'type'
  | 'name'
  | 'tag'
  | 'fieldName'
  | 'placeholder'
  | 'isMandatory'
  | CustomFieldOptionKey;
export type CustomFieldFormErrors = Partial<Record<CustomFieldFormField, string>>;

const NO_OPTIONS = Object.fromEntries(CUSTOM_FIELD_OPTION_KEYS.map((key) => [key, ''])) as Record<
  CustomFieldOptionKey,
  string
>;

export function emptyForm(type: CustomFieldType = 'text'): CustomFieldFormValues {
  return {
    type,
    name: '',
    tag: '',
    fieldName: '',
    placeholder: '',
    isMandatory: false,
    tagEdited: false,
    ...NO_OPTIONS,
  };
}

/** An existing field in the dialog: its tag counts as edited, so renaming keeps it. */
export function formFromField(field: CustomField): CustomFieldFormValues {
  const options = Object.fromEntries(CUSTOM_FIELD_OPTION_KEYS.map((key) => [key, field[key]])) as Record<
    CustomFieldOptionKey,
    string
  >;
  return {
    type: field.type,
    name: field.name,
    tag: field.tag,
    fieldName: field.fieldName,
    placeholder: field.placeholder,
    isMandatory: field.isMandatory,
    tagEdited: true,
    ...options,
  };
}

/** Typing a name: the tag follows it while not edited and the name is at most 25 characters (spec 2 §5). */
export function withName(values: CustomFieldFormValues, name: string): CustomFieldFormValues {
  return { ...values, name, tag: autoTag(name, values.tag, values.tagEdited) };
}

export function withTag(values: CustomFieldFormValues, tag: string): CustomFieldFormValues {
  return { ...values, tag, tagEdited: true };
}

/**
 * The body the dialog sends: only what the chosen type shows (mandatory for text, number,
 * textarea, checkbox; options for radio and dropdown; help text for types other than radio and
 * checkbox). The rest of the stored field (text, isFormField, sequence) is kept as it was.
 */
export function toFieldBody(values: CustomFieldFormValues, existing?: CustomField | null) {
  const options = hasOptions(values.type) ? optionList(values) : [];
  const optionFields = Object.fromEntries(CUSTOM_FIELD_OPTION_KEYS.map((key, i) => [key, options[i] ?? '']));
  return {
    type: values.type,
    name: values.name.trim(),
    tag: values.tag,
    fieldName: values.fieldName.trim(),
    placeholder: hasHelpText(values.type) ? values.placeholder.trim() : '',
    isMandatory: canBeMandatory(values.type) ? values.isMandatory : false,
    ...optionFields,
    text: existing?.text ?? '',
    isFormField: existing?.isFormField ?? false,
    ...(existing ? { sequence: existing.sequence } : {}),
  };
}

/**
 * The form's errors, from the same contract the server checks, plus the tag being taken by another
 * field of the tenant. Submit stays disabled while there is any.
 */
export function customFieldFormErrors(
  values: CustomFieldFormValues,
  takenTags: Iterable<string>,
): CustomFieldFormErrors {
  const errors: CustomFieldFormErrors = {};
  const parsed = CustomFieldInput.safeParse(toFieldBody(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '') as CustomFieldFormField;
      if (key && !errors[key]) errors[key] = issue.message;
    }
  }
  // Options are compacted when sent; point their messages at the option the user sees.
  if (hasOptions(values.type)) {
    for (const key of CUSTOM_FIELD_OPTION_KEYS) delete errors[key];
    const seen = new Set<string>();
    let any = false;
    for (const key of CUSTOM_FIELD_OPTION_KEYS) {
      const option = values[key].trim();
      if (!option) continue;
      any = true;
      if (seen.has(option)) errors[key] ??= 'Options must be different';
      seen.add(option);
    }
    if (!any) errors.option1 = 'Add at least one option';
  }
  if (!errors.tag && customFieldTagError(values.tag, takenTags) === TAG_IN_USE) errors.tag = TAG_IN_USE;
  return errors;
}

/** Spec 2 §2 list: fields of the chosen type ('all': every type), grouped by type in the spec's order. */
export function groupByType(
  fields: readonly CustomField[],
  filter: CustomFieldFilter,
): { type: CustomFieldType; fields: CustomField[] }[] {
  return CUSTOM_FIELD_TYPES.filter((type) => filter === 'all' || filter === type)
    .map((type) => ({ type, fields: fields.filter((field) => field.type === type) }))
    .filter((group) => group.fields.length > 0);
}

/** A field's options as a list, for display and for its value input. */
export function optionsOf(field: Pick<CustomField, CustomFieldOptionKey>): string[] {
  return optionList(field);
}

/** The error of one contact value in the contact detail's card (the server's rule, shared). */
export function contactValueError(field: CustomField, value: string): string | null {
  return customValueError({ ...field, options: optionsOf(field) }, value);
}
