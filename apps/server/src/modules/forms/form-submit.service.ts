import { createHash } from 'node:crypto';
import {
  customValueError,
  dateInZone,
  FORM_EMAIL_PATTERN,
  FORM_MESSAGES,
  FORM_TEXTAREA_MAX,
  FORM_TEXTS,
  type FormSubmissionInput,
  type FormSubmissionResult,
  type FormType,
  HUMAN_CHECK_ACTION,
  isCalendarDate,
  isMinorOn,
  MINOR_MESSAGES,
  type PublicCourseRegistrationResult,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, type Tx, withTenant } from '../../db/client.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { findContact, linkGuardian } from '../contacts/contact-records.repo.ts';
import { enrolRegistrant, formCourseState } from '../courses/course-registration.ts';
import { upsertContactValues } from '../custom-fields/contact-custom-values.repo.ts';
import { newContactNote, notifyStaff } from '../mail/staff-notifications.ts';
import { canonicalJson } from './canonical-json.ts';
import { documentUrl } from './form-documents.service.ts';
import {
  ensureContactByEmail,
  findForm,
  findFormFields,
  insertSubmission,
  updateContactFromForm,
} from './forms.repo.ts';
import type { HumanCheck } from './human-check.ts';
import { requestWaiverConfirmation } from './waiver-confirmation.service.ts';

type Input = z.output<typeof FormSubmissionInput>;

export interface SubmitContext {
  db: Db;
  humanCheck: HumanCheck;
  tenant: TenantContext;
  /** The signed-in member, when a student submits (profile defaults, spec 3 §5). */
  auth: AccessClaims | null;
  ip: string;
  userAgent: string;
  /** The studio's own origin (tenantOrigin), for the link that confirms a waiver. */
  origin: string;
  now?: Date;
}

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

function splitFullName(fullName: string): [string, string] {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  return [parts[0] ?? '', parts.slice(1).join(' ')];
}

function checkEmail(field: string, email: string): string {
  const value = email.trim().toLowerCase();
  if (!value) throw badRequest(field, FORM_MESSAGES.emailRequired);
  if (!FORM_EMAIL_PATTERN.test(value)) throw badRequest(field, FORM_MESSAGES.emailInvalid);
  return value;
}

/** The message for one answer, or null: the custom-field rules plus spec 3 §5's textarea maximum. */
export function answerError(
  field: { name: string; type: string; isMandatory: boolean; options: string[] },
  value: string,
) {
  const message = customValueError(field, value);
  if (message) return message;
  return field.type === 'textarea' && value.trim().length > FORM_TEXTAREA_MAX
    ? `${field.name} must be at most ${FORM_TEXTAREA_MAX} characters`
    : null;
}

interface Guardian {
  role: 'mother' | 'father';
  name: string;
  email: string;
  phone: string;
}

/**
 * The guardians given (a block counts once any of its fields is filled): a name and a valid email
 * each, and for a minor a phone too; a minor must name at least one.
 */
function guardiansOf(input: Input, minorUnder: number | null): Guardian[] {
  const out: Guardian[] = [];
  for (const role of ['mother', 'father'] as const) {
    const name = input[`${role}Name`];
    const email = input[`${role}Email`];
    const phone = input[`${role}Phone`];
    if (!name && !email && !phone) continue;
    const who = role === 'mother' ? 'Mother' : 'Father';
    if (!name) throw badRequest(`${role}Name`, `${who} name is required`);
    const checked = checkEmail(`${role}Email`, email);
    if (minorUnder !== null && !phone) throw badRequest(`${role}Phone`, `${who} phone is required`);
    out.push({ role, name, email: checked, phone });
  }
  if (minorUnder !== null && out.length === 0)
    throw badRequest('motherName', MINOR_MESSAGES.guardianRequired(minorUnder));
  return out;
}

/** The birth date given on the form, checked; the age of majority when it makes the person a minor, else null. */
function minorUnder(input: Input, tenant: TenantContext, now: Date): number | null {
  const born = input.dateOfBirth;
  if (!born) return null;
  if (!isCalendarDate(born)) throw badRequest('dateOfBirth', MINOR_MESSAGES.birthDateInvalid);
  // The studio's date, not the server's: a birthday starts at midnight where the studio is.
  const today = dateInZone(now, tenant.settings.timezone);
  if (born > today) throw badRequest('dateOfBirth', MINOR_MESSAGES.birthDateFuture);
  const age = tenant.settings.ageOfMajority;
  return isMinorOn(born, today, age) ? age : null;
}

/** A submission recorded in the caller's transaction: its answer, and who signed. */
export interface RecordedSubmission {
  id: string;
  result: FormSubmissionResult;
  contactId: string;
  /** True when the submission made the contact (no contact had the email). */
  contactCreated: boolean;
  signer: { firstName: string; lastName: string; email: string; phone: string };
  /** The course the form enrols in (the demo-course flow), when it names one. */
  courseId: string | null;
}

/**
 * POST /cform/regform/public, /cform/regform and /studentreg/register: checks the human check, then
 * records the submission in one transaction (recordSubmission).
 */
export async function submitForm(
  ctx: SubmitContext,
  input: Input,
): Promise<{ result: FormSubmissionResult; id: string }> {
  const challenge = await ctx.humanCheck.verify(ctx.tenant.tenantId, input.rToken, HUMAN_CHECK_ACTION);
  return withTenant(ctx.db, ctx.tenant.tenantId, async (tx) => {
    const recorded = await recordSubmission(tx, ctx, input, challenge);
    const course = recorded.courseId ? await registerForFormCourse(tx, ctx, recorded, input.isDemo) : null;
    return { id: recorded.id, result: course ? { ...recorded.result, course } : recorded.result };
  });
}

/**
 * The demo-course flow of a form tied to a course (spec 3 §4 "if the demo flag is set or the course is
 * free, the user is enrolled directly. Otherwise ... the user goes to the course route"), in the
 * submission's transaction, through the courses module's own registration: the signer is enrolled
 * (a demo when the page says isDemo and the course has demo chapters, else a free course), or the
 * answer is `purchase` with the course's address. A course since deleted or unpublished, or courses
 * turned off, leave a plain form (null).
 */
async function registerForFormCourse(
  tx: Tx,
  ctx: Omit<SubmitContext, 'db'>,
  recorded: RecordedSubmission,
  isDemo: boolean,
): Promise<PublicCourseRegistrationResult | null> {
  const found = await formCourseState(tx, ctx.tenant, recorded.courseId as string);
  if (found.state === 'missing' || found.state === 'draft') return null;
  const { course } = found;
  const { firstName, lastName, email, phone } = recorded.signer;
  return enrolRegistrant(
    tx,
    ctx.tenant,
    ctx.origin,
    {
      categoryGuId: course.guId,
      user: { fullName: `${firstName} ${lastName}`, email, phone },
      isFreeClass: course.pricing === 'free',
      isDemo: isDemo && course.allowsDemo,
    },
    ctx.now ?? new Date(),
  );
}

/**
 * A submission, in the caller's transaction (the form's own submit, or the checkout with
 * registration, whose order follows in the same transaction): checks everything first (400 naming
 * the field), then takes the verified human check, creates or updates the contact by email, links
 * the guardians, keeps the answers as the contact's custom-field values and records the submission
 * with its audit trail; the PDF follows in a job the caller queues after commit. `formType`, when
 * given, is the only kind of form taken (another kind is a 404, as an unpublished one).
 */
export async function recordSubmission(
  tx: Tx,
  ctx: Omit<SubmitContext, 'db'>,
  input: Input,
  challenge: string,
  formType?: FormType,
): Promise<RecordedSubmission> {
  const { tenant } = ctx;
  const tenantId = tenant.tenantId;
  const now = ctx.now ?? new Date();
  const form = await findForm(tx, tenantId, input.formId);
  if (!form?.isPublished || (formType && form.formType !== formType)) throw notFound('Form');

  // Who is signing: the form's fields, or a signed-in student's profile (spec 3 §5).
  const student = ctx.auth?.role === 'student' ? await findContact(tx, tenantId, ctx.auth.sub) : undefined;
  let [firstName, lastName] = [input.firstName, input.lastName];
  if (!firstName && !lastName && input.fullName) [firstName, lastName] = splitFullName(input.fullName);
  if (student) {
    firstName ||= student.name;
    lastName ||= student.lastName;
  }
  if (!firstName || !lastName) throw badRequest(firstName ? 'lastName' : 'firstName', FORM_TEXTS.namesRequired);
  const email = student && !input.email ? student.email : checkEmail('email', input.email);
  const phone = input.phone || student?.phone || '';

  const fields = (await findFormFields(tx, tenantId, [form.id])).filter((f) => f.formId === form.id);
  const given = new Map(input.customField.map((a) => [a.guId, a.value]));
  for (const id of given.keys()) {
    if (!fields.some((f) => f.id === id)) throw badRequest(`customField.${id}`, 'This field is not on the form.');
  }
  const answers = fields.map((field) => {
    const value = (given.get(field.id) ?? '').trim();
    const message = answerError(field, value);
    if (message) throw badRequest(`customField.${field.id}`, message);
    return { field, value };
  });

  // A minor's registration names a guardian even where the form keeps the block optional.
  const minor = form.isShowBirthdate ? minorUnder(input, tenant, now) : null;
  const guardians = form.isShowGuardian || minor !== null ? guardiansOf(input, minor) : [];
  const drawn = input.sign.trim();
  if (drawn && !PNG_DATA_URL.test(drawn)) throw badRequest('sign', 'sign must be a PNG image');
  const typed = input.typedSign.trim();
  if (form.isSignRequired && !drawn && !typed) throw badRequest('sign', FORM_TEXTS.signatureRequired);

  await ctx.humanCheck.take(tx, tenantId, challenge);

  const contact = student
    ? { id: student.id, created: false }
    : await ensureContactByEmail(tx, tenantId, { email, name: firstName, lastName, phone });
  if (contact.created) {
    await notifyStaff(
      tx,
      tenant,
      'contacts',
      newContactNote({ name: firstName, lastName, email }, `through the form ${form.name}`),
    );
  }
  // A new contact takes everything given; an existing one (anyone can type an address) only has
  // its blanks filled, so a form never renames or re-numbers someone else's record.
  const current = contact.created ? undefined : await findContact(tx, tenantId, contact.id);
  const blank = (value: string | null | undefined) => !current || !value;
  const changes: Parameters<typeof updateContactFromForm>[3] = {};
  if (phone && blank(current?.phone)) changes.phone = phone;
  if (form.isShowEmergencyContact && input.emergencyContactName && blank(current?.emergencyContactName)) {
    changes.emergencyContactName = input.emergencyContactName;
    changes.emergencyContactPhone = input.emergencyContactPhone;
  }
  if (form.isShowBirthdate && input.dateOfBirth && blank(current?.dateOfBirth)) changes.dateOfBirth = input.dateOfBirth;
  // A waiver counts as the member's own only when they are signed in as themselves; anyone else's
  // signature waits for the member to confirm it from their email (requestWaiverConfirmation).
  const counts = form.formType !== 'WAIVER' || student !== undefined;
  if (form.formType === 'WAIVER' && counts) changes.hasSignedWaiverForm = true;
  await updateContactFromForm(tx, tenantId, contact.id, changes);
  for (const guardian of guardians) {
    if (guardian.email === email)
      throw badRequest(`${guardian.role}Email`, 'A guardian cannot be the person registering.');
    const [gFirst, gLast] = splitFullName(guardian.name);
    const row = await ensureContactByEmail(tx, tenantId, {
      email: guardian.email,
      name: gFirst,
      lastName: gLast,
      phone: guardian.phone,
    });
    await linkGuardian(tx, tenantId, row.id, contact.id);
  }
  await upsertContactValues(
    tx,
    tenantId,
    contact.id,
    answers
      .filter(({ field, value }) => field.type !== 'header' && value !== '')
      .map(({ field, value }) => ({ fieldId: field.id, value })),
  );

  // A minor's signature is their guardian's (the first given), signing for them.
  const signedBy = minor !== null && guardians[0] ? { name: guardians[0].name, email: guardians[0].email } : null;
  const signerName = signedBy ? signedBy.name : `${firstName} ${lastName}`;
  const signerEmail = signedBy ? signedBy.email : email;
  // The exact document signed: the form's texts and questions as shown, and every answer.
  const content = {
    form: {
      id: form.id,
      name: form.name,
      formType: form.formType,
      beforeForm: form.beforeForm,
      subHeader: form.subHeader,
      afterForm: form.afterForm,
    },
    signer: { firstName, lastName, email, phone },
    fields: answers.map(({ field, value }) => ({ name: field.name, type: field.type, value })),
    otherInfo:
      form.isShowEmergencyContact || form.isShowBirthdate
        ? {
            emergencyContactName: form.isShowEmergencyContact ? input.emergencyContactName : '',
            emergencyContactPhone: form.isShowEmergencyContact ? input.emergencyContactPhone : '',
            dateOfBirth: form.isShowBirthdate ? input.dateOfBirth : '',
          }
        : null,
    guardians: guardians.map(({ role, name, email: e, phone: p }) => ({ role, name, email: e, phone: p })),
    signature: drawn
      ? { kind: 'drawn', imageSha256: createHash('sha256').update(drawn).digest('hex') }
      : typed
        ? { kind: 'typed', text: typed }
        : null,
    ...(signedBy
      ? { signedFor: { name: `${firstName} ${lastName}`, dateOfBirth: input.dateOfBirth, guardian: signedBy } }
      : {}),
    signedAt: now.toISOString(),
  };
  const documentHash = createHash('sha256').update(canonicalJson(content)).digest('hex');
  const submission = await insertSubmission(tx, tenantId, {
    formId: form.id,
    contactId: contact.id,
    formName: form.name,
    formType: form.formType,
    content,
    documentHash,
    signature: drawn,
    typedSignature: typed,
    signerName,
    signerEmail,
    signedAt: now,
    ip: ctx.ip.slice(0, 100),
    userAgent: ctx.userAgent.slice(0, 500),
    status: 'IN_PROGRESS',
    confirmedAt: counts ? now : null,
  });
  if (!counts) {
    await requestWaiverConfirmation(tx, ctx, {
      submissionId: submission.id,
      contactId: contact.id,
      formName: form.name,
      signerName,
      now,
    });
  }
  return {
    id: submission.id,
    result: {
      status: 'IN_PROGRESS',
      _id: submission.id,
      downloadUrl: documentUrl(submission.id),
      formName: form.name,
      ...(counts ? {} : { awaitingConfirmation: true }),
    },
    contactId: contact.id,
    contactCreated: contact.created,
    signer: { firstName, lastName, email, phone },
    courseId: form.courseId,
  };
}
