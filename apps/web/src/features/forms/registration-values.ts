import {
  AGE_OF_MAJORITY_DEFAULT,
  type CustomForm,
  dateInZone,
  FORM_EMAIL_PATTERN,
  FORM_MESSAGES,
  FORM_TEXTAREA_MAX,
  FORM_TEXTS,
  type FormField,
  type FormSubmissionInput,
  isMinorOn,
  MINOR_MESSAGES,
} from '@atrium/contracts';

/**
 * What a person types into a public form (spec 3 §2.3), and the form's rules as the browser checks
 * them (spec 3 §5; the server checks them again): shared by the form's own page and the checkout with
 * registration.
 */

export const IDENTITY_KEYS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'emergencyContactName',
  'emergencyContactPhone',
  'dateOfBirth',
  'motherName',
  'motherEmail',
  'motherPhone',
  'fatherName',
  'fatherEmail',
  'fatherPhone',
] as const;
export type IdentityKey = (typeof IDENTITY_KEYS)[number];
export type Identity = Record<IdentityKey, string>;

export interface RegistrationValues {
  identity: Identity;
  /** Answers by field guId; a checkbox is 'true' or 'false'. */
  answers: Record<string, string>;
  /** The drawn signature as a PNG data URL, or ''. */
  drawn: string;
  /** The typed signature (keyboard and screen-reader users). */
  typed: string;
}

export function emptyRegistration(): RegistrationValues {
  const identity = Object.fromEntries(IDENTITY_KEYS.map((key) => [key, ''])) as Identity;
  return { identity, answers: {}, drawn: '', typed: '' };
}

/** Problems by key: an identity key, a field's guId, or 'sign'. */
export type RegistrationProblems = Record<string, string>;

/** The message for one answer, or null. */
export function answerMessage(field: FormField, value: string): string | null {
  const v = value.trim();
  if (field.type === 'header') return null;
  if (!v || (field.type === 'checkbox' && v !== 'true')) return field.isMandatory ? `${field.name} is required` : null;
  if (field.type === 'email' && !FORM_EMAIL_PATTERN.test(v)) return `${field.name} must be a valid email address`;
  if (field.type === 'textarea' && v.length > FORM_TEXTAREA_MAX) {
    return `${field.name} must be at most ${FORM_TEXTAREA_MAX} characters`;
  }
  return null;
}

/**
 * The age of majority when the birth date typed makes the person a minor on the studio's date
 * (decisions.md "A minor registers with a guardian"), else null: the guardian fields then show and
 * one guardian's name, email and phone are required.
 */
export function minorAge(form: CustomForm, values: RegistrationValues, timeZone: string, now = new Date()) {
  if (!form.isShowBirthdate) return null;
  const age = form.ageOfMajority ?? AGE_OF_MAJORITY_DEFAULT;
  return isMinorOn(values.identity.dateOfBirth, dateInZone(now, timeZone), age) ? age : null;
}

/** The guardian who signs for a minor: the first whose block is filled in. */
export function signingGuardian(values: RegistrationValues): string {
  return values.identity.motherName.trim() || values.identity.fatherName.trim();
}

function guardianProblems(values: RegistrationValues, minorUnder: number | null, problems: RegistrationProblems) {
  const { identity } = values;
  let given = 0;
  for (const role of ['mother', 'father'] as const) {
    const [name, email, phone] = [identity[`${role}Name`], identity[`${role}Email`], identity[`${role}Phone`]].map(
      (v) => v.trim(),
    );
    if (!name && !email && !phone) continue;
    given += 1;
    const who = role === 'mother' ? 'Mother' : 'Father';
    if (!name) problems[`${role}Name`] = `${who} name is required`;
    if (!email) problems[`${role}Email`] = FORM_MESSAGES.emailRequired;
    else if (!FORM_EMAIL_PATTERN.test(email.toLowerCase())) problems[`${role}Email`] = FORM_MESSAGES.emailInvalid;
    if (minorUnder !== null && !phone) problems[`${role}Phone`] = `${who} phone is required`;
  }
  if (minorUnder !== null && given === 0) problems.motherName = MINOR_MESSAGES.guardianRequired(minorUnder);
}

/**
 * Spec 3 §5 "Registration form": first and last name required for non-students (a student falls
 * back to the profile), email required and of the pattern, mandatory fields, the textarea maximum,
 * and the signature when the form requires one.
 */
export function registrationProblems(
  form: CustomForm,
  values: RegistrationValues,
  isStudent: boolean,
  timeZone?: string,
): RegistrationProblems {
  const { identity } = values;
  const problems: RegistrationProblems = {};
  const minorUnder = timeZone ? minorAge(form, values, timeZone) : null;
  if (!isStudent || identity.firstName || identity.lastName) {
    if (!identity.firstName.trim()) problems.firstName = FORM_TEXTS.namesRequired;
    if (!identity.lastName.trim()) problems.lastName = FORM_TEXTS.namesRequired;
  }
  if (!isStudent || identity.email) {
    const email = identity.email.trim().toLowerCase();
    if (!email) problems.email = FORM_MESSAGES.emailRequired;
    else if (!FORM_EMAIL_PATTERN.test(email)) problems.email = FORM_MESSAGES.emailInvalid;
  }
  for (const field of form.customFields) {
    const message = answerMessage(field, values.answers[field.guId] ?? '');
    if (message) problems[field.guId] = message;
  }
  if (form.isShowGuardian || minorUnder !== null) guardianProblems(values, minorUnder, problems);
  if (form.isSignRequired && !values.drawn && !values.typed.trim()) problems.sign = FORM_TEXTS.signatureRequired;
  return problems;
}

/** The problem keys an edit touched: identity keys, answers' guIds, and 'sign' for the signature. */
export function changedKeys(before: RegistrationValues, after: RegistrationValues): string[] {
  const keys: string[] = IDENTITY_KEYS.filter((key) => before.identity[key] !== after.identity[key]);
  for (const id of new Set([...Object.keys(before.answers), ...Object.keys(after.answers)])) {
    if ((before.answers[id] ?? '') !== (after.answers[id] ?? '')) keys.push(id);
  }
  if (before.drawn !== after.drawn || before.typed !== after.typed) keys.push('sign');
  return keys;
}

/** The problems shown once the person edits: an edited field's message goes (the next submit checks again). */
export function withoutProblems(shown: RegistrationProblems, keys: readonly string[]): RegistrationProblems {
  if (!keys.some((key) => key in shown)) return shown;
  return Object.fromEntries(Object.entries(shown).filter(([key]) => !keys.includes(key)));
}

/** The toast the spec names for these problems: the names first, else a missing signature alone. */
export function problemToast(problems: RegistrationProblems): string | null {
  if (problems.firstName || problems.lastName) return FORM_TEXTS.namesRequired;
  const keys = Object.keys(problems);
  if (keys.length === 1 && problems.sign) return FORM_TEXTS.signatureRequired;
  return null;
}

/** Where a server refusal's field shows on the form ('customField.{guId}' is that field's answer). */
export function problemKeyOf(field: string | undefined): string | null {
  if (!field) return null;
  if (field.startsWith('customField.')) return field.slice('customField.'.length);
  if ((IDENTITY_KEYS as readonly string[]).includes(field) || field === 'sign') return field;
  return null;
}

/** The submission payload (spec 3 "Form submission payload") for these values. */
export function submissionOf(
  form: CustomForm,
  values: RegistrationValues,
  rToken: string,
  now = new Date(),
): FormSubmissionInput {
  return {
    ...values.identity,
    email: values.identity.email.trim().toLowerCase(),
    formId: form.guId,
    formType: form.formType,
    rToken,
    customField: form.customFields
      .filter((field) => field.type !== 'header')
      .map((field) => ({
        guId: field.guId,
        sequence: field.sequence,
        type: field.type,
        name: field.name,
        value: values.answers[field.guId] ?? '',
      })),
    sign: values.drawn,
    typedSign: values.drawn ? '' : values.typed.trim(),
    signDate: now.toISOString(),
  };
}
