import type { CustomForm, FormField } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import {
  changedKeys,
  emptyRegistration,
  minorAge,
  problemKeyOf,
  problemToast,
  type RegistrationValues,
  registrationProblems,
  submissionOf,
  withoutProblems,
} from './registration-values';

const field = (guId: string, name: string, type: FormField['type'], isMandatory = false): FormField => ({
  guId,
  name,
  type,
  sequence: 0,
  isMandatory,
  placeholder: '',
  fieldName: '',
  phonenumber: false,
  option1: type === 'dropdown' ? 'Beginner' : '',
  option2: '',
  option3: '',
  option4: '',
  option5: '',
  option6: '',
});

const form = (patch: Partial<CustomForm> = {}): CustomForm => ({
  guId: 'form-1',
  name: 'New Student Registration',
  formType: 'STUDENT_REGISTRATION',
  customFormName: '',
  isCustomForm: true,
  isName: true,
  isEmail: true,
  isPhone: true,
  isShowEmergencyContact: false,
  isShowBirthdate: false,
  isShowGuardian: false,
  isSignRequired: true,
  isPublished: true,
  beforeForm: { description: '' },
  subHeader: { description: '' },
  afterForm: { description: '' },
  course: null,
  customFields: [
    field('level', 'Level', 'dropdown', true),
    field('goals', 'Goals', 'textarea'),
    field('work', 'Work email', 'email'),
    field('about', 'About you', 'header'),
    field('ok', 'I agree', 'checkbox', true),
  ],
  ...patch,
});

const filled = (patch: Partial<RegistrationValues['identity']> = {}, answers: Record<string, string> = {}) => {
  const values = emptyRegistration();
  return {
    ...values,
    identity: { ...values.identity, firstName: 'Grace', lastName: 'Hopper', email: 'Grace@Navy.mil', ...patch },
    answers: { level: 'Beginner', ok: 'true', ...answers },
    typed: 'Grace Hopper',
  };
};

describe('the registration form rules (spec 3 §5)', () => {
  it('passes a complete form', () => {
    expect(registrationProblems(form(), filled(), false)).toEqual({});
  });

  it("asks a visitor for first and last name with the spec's words, and for a valid email", () => {
    const problems = registrationProblems(form(), filled({ firstName: ' ', email: 'grace@navy' }), false);
    expect(problems).toEqual({
      firstName: 'First name and Last name required!',
      email: 'Please enter a valid email address.',
    });
    expect(problemToast(problems)).toBe('First name and Last name required!');
    expect(registrationProblems(form(), filled({ lastName: '', email: '' }), false)).toEqual({
      lastName: 'First name and Last name required!',
      email: 'Email is required!',
    });
  });

  it('lets a student leave name and email to the profile', () => {
    expect(registrationProblems(form(), filled({ firstName: '', lastName: '', email: '' }), true)).toEqual({});
    // but a name begun must be whole
    expect(registrationProblems(form(), filled({ firstName: 'Grace', lastName: '', email: '' }), true)).toEqual({
      lastName: 'First name and Last name required!',
    });
  });

  it('requires mandatory fields (a checkbox must be ticked), checks email fields and the textarea maximum', () => {
    const problems = registrationProblems(
      form(),
      filled({}, { level: '', ok: 'false', goals: 'x'.repeat(256), work: 'Grace@Navy' }),
      false,
    );
    expect(problems).toEqual({
      level: 'Level is required',
      ok: 'I agree is required',
      goals: 'Goals must be at most 255 characters',
      work: 'Work email must be a valid email address',
    });
    expect(problemToast(problems)).toBeNull();
    expect(registrationProblems(form(), filled({}, { goals: 'x'.repeat(255) }), false)).toEqual({});
  });

  it('requires a signature, drawn or typed, when the form asks for one', () => {
    const unsigned = { ...filled(), typed: '  ' };
    expect(registrationProblems(form(), unsigned, false)).toEqual({ sign: 'Signature is required!' });
    expect(problemToast({ sign: 'Signature is required!' })).toBe('Signature is required!');
    expect(registrationProblems(form(), { ...unsigned, drawn: 'data:image/png;base64,AA==' }, false)).toEqual({});
    expect(registrationProblems(form({ isSignRequired: false }), unsigned, false)).toEqual({});
  });
});

describe('problems as the person types', () => {
  it("an edited field's message goes; the others stay until the next submit", () => {
    const before = filled();
    const after = {
      ...before,
      identity: { ...before.identity, email: 'grace@navy.mil' },
      answers: { ...before.answers, level: '' },
      typed: 'G. Hopper',
    };
    expect(changedKeys(before, after)).toEqual(['email', 'level', 'sign']);
    expect(changedKeys(before, { ...before })).toEqual([]);
    const shown = { firstName: 'First name and Last name required!', email: 'Email is required!' };
    expect(withoutProblems(shown, ['email', 'level'])).toEqual({ firstName: 'First name and Last name required!' });
    expect(withoutProblems(shown, ['phone'])).toBe(shown);
  });
});

describe('the submission', () => {
  it('sends every answer but headers, the email lower-cased, and a drawn signature in place of a typed one', () => {
    const values = { ...filled({}, { goals: 'Handstands' }), drawn: 'data:image/png;base64,AA==' };
    const body = submissionOf(form(), values, 'token', new Date('2026-03-01T10:00:00Z'));
    expect(body).toMatchObject({
      formId: 'form-1',
      formType: 'STUDENT_REGISTRATION',
      rToken: 'token',
      firstName: 'Grace',
      email: 'grace@navy.mil',
      sign: 'data:image/png;base64,AA==',
      typedSign: '',
      signDate: '2026-03-01T10:00:00.000Z',
    });
    expect(body.customField?.map((answer) => [answer.guId, answer.value])).toEqual([
      ['level', 'Beginner'],
      ['goals', 'Handstands'],
      ['work', ''],
      ['ok', 'true'],
    ]);
  });

  it("places a server refusal's field on the form", () => {
    expect(problemKeyOf('customField.level')).toBe('level');
    expect(problemKeyOf('email')).toBe('email');
    expect(problemKeyOf('motherEmail')).toBe('motherEmail');
    expect(problemKeyOf('sign')).toBe('sign');
    expect(problemKeyOf('items.0.guId')).toBeNull();
    expect(problemKeyOf(undefined)).toBeNull();
  });
});

describe('a minor registers with a guardian', () => {
  const kids = form({ isShowBirthdate: true, ageOfMajority: 18 });
  // 29 Nov 2026 03:00 UTC is still 28 Nov in New York.
  const now = new Date('2026-11-29T03:00:00Z');

  it('the birth date makes a minor on the studio’s date, not the browser’s', () => {
    expect(minorAge(kids, filled({ dateOfBirth: '2008-11-29' }), 'America/New_York', now)).toBe(18);
    expect(minorAge(kids, filled({ dateOfBirth: '2008-11-29' }), 'Europe/London', now)).toBeNull();
    expect(minorAge(kids, filled({ dateOfBirth: '' }), 'Europe/London', now)).toBeNull();
    expect(minorAge(form({ isShowBirthdate: false }), filled({ dateOfBirth: '2015-01-01' }), 'UTC', now)).toBeNull();
  });

  it('a minor names a guardian with a name, email and phone; an adult need not', () => {
    const child = filled({ dateOfBirth: '2014-05-01' });
    expect(registrationProblems(kids, child, false, 'UTC')).toEqual({
      motherName: "Anyone under 18 must add a guardian: enter the guardian's name, email and phone.",
    });
    expect(
      registrationProblems(
        kids,
        filled({ dateOfBirth: '2014-05-01', fatherName: 'Ed', fatherEmail: 'ed@x.io' }),
        false,
        'UTC',
      ),
    ).toEqual({ fatherPhone: 'Father phone is required' });
    const withGuardian = filled({
      dateOfBirth: '2014-05-01',
      fatherName: 'Ed',
      fatherEmail: 'ed@x.io',
      fatherPhone: '555',
    });
    expect(registrationProblems(kids, withGuardian, false, 'UTC')).toEqual({});
    expect(registrationProblems(kids, filled({ dateOfBirth: '1990-05-01' }), false, 'UTC')).toEqual({});
  });
});
