import { z } from 'zod';
import { Role } from './roles.ts';

// Contacts (spec 3 §2.5, §3 "Contact", "Contact list row", "Contact search filter", §5, §7.4, §9).

/** Spec 3 §3 "Status flags". */
export const CONTACT_STATUSES = ['client', 'followup', 'inactive', 'lead', 'member', 'staff', 'other'] as const;
export const ContactStatus = z.enum(CONTACT_STATUSES);
export type ContactStatus = z.infer<typeof ContactStatus>;
export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  client: 'Client',
  followup: 'Follow-up',
  inactive: 'Inactive',
  lead: 'Lead',
  member: 'Member',
  staff: 'Staff',
  other: 'Other',
};

/** Spec 3 §9: contact list default page size 50; options 5, 50, 100, 150. */
export const CONTACT_PAGE_SIZES = [5, 50, 100, 150] as const;
export const CONTACT_PAGE_SIZE_DEFAULT = 50;
/** Spec 3 §9: contact search debounce 20 ms. */
export const CONTACT_SEARCH_DEBOUNCE_MS = 20;

export const CONTACT_SORTS = [
  'name',
  '-name',
  'email',
  '-email',
  'dateCreated',
  '-dateCreated',
  'dateUpdated',
  '-dateUpdated',
  'balance',
  '-balance',
] as const;
export const ContactSort = z.enum(CONTACT_SORTS);
export type ContactSort = z.infer<typeof ContactSort>;

/** A tag: trimmed, 1 to 40 characters, kept as typed; duplicates (any case) are dropped. */
export const TAG_MAX_LENGTH = 40;
export const TAGS_MAX = 50;
export const ContactTag = z.string().trim().min(1, 'tags must not be blank').max(TAG_MAX_LENGTH);
export function normaliseTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

const commaList = z
  .string()
  .max(2000)
  .transform((text) =>
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );

/** GET /snode/contact query (spec 3 §7.4). */
export const ContactListQuery = z.object({
  userType: z.enum(['walkin']).optional(),
  start: z.coerce.number().int().min(0, 'start must be 0 or more').default(0),
  max: z.coerce
    .number()
    .int()
    .refine((n) => (CONTACT_PAGE_SIZES as readonly number[]).includes(n), 'max must be one of 5, 50, 100, 150')
    .default(CONTACT_PAGE_SIZE_DEFAULT),
  search: z.string().trim().max(100).optional(),
  ctype: commaList.pipe(z.array(ContactStatus)).optional(),
  ctag: commaList.pipe(z.array(ContactTag)).optional(),
  join_by: z.enum(['or', 'and']).default('or'),
  sort: ContactSort.default('name'),
  viewType: z.enum(['sales', 'account']).optional(),
  stageName: z.string().max(100).optional(),
});
export type ContactListQuery = z.input<typeof ContactListQuery>;

/** Spec 3 §3 "Contact list row". */
export const ContactListRow = z.object({
  guId: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  picture: z.string().nullable(),
  /** The person has claimed the account (has login credentials). */
  claim: z.boolean(),
  balance: z.number(),
  leadsource: z.string(),
  /** Mailing-list (Mailchimp) status; null until that integration exists. */
  mcStatus: z.string().nullable(),
  isUnread: z.boolean(),
  isLead: z.boolean(),
  statuses: z.array(ContactStatus),
  tags: z.array(z.string()),
  role: Role,
  /** ISO date (YYYY-MM-DD) or null; memberships come with a later issue. */
  lastActiveMembershipExpiresOn: z.string().nullable(),
  dateCreated: z.string(),
  dateUpdated: z.string(),
});
export type ContactListRow = z.infer<typeof ContactListRow>;

/**
 * The list counts at most this many matches: beyond it `recordsTotal` is the cap and
 * `isTotalCapped` is true (the screen shows '10,000+'), so a broad search stays fast.
 */
export const CONTACT_COUNT_CAP = 10_000;
/**
 * With a search text the count stops sooner ('1,000+'): its matches are found by testing each row's
 * text, and counting 10,001 of a common one ("mar") read half the tenant's rows for every page.
 */
export const CONTACT_SEARCH_COUNT_CAP = 1_000;
export const ContactListResponse = z.object({
  recordsTotal: z.number().int(),
  /** True when there are more matches than the cap (CONTACT_SEARCH_COUNT_CAP with a search text, else
   * CONTACT_COUNT_CAP); recordsTotal is then the cap. */
  isTotalCapped: z.boolean(),
  data: z.array(ContactListRow),
});
export type ContactListResponse = z.infer<typeof ContactListResponse>;

export const ContactStats = z.object({
  total: z.number().int(),
  unread: z.number().int(),
  ...Object.fromEntries(CONTACT_STATUSES.map((status) => [status, z.number().int()])),
} as Record<'total' | 'unread' | ContactStatus, z.ZodNumber>);
export type ContactStats = z.infer<typeof ContactStats>;

const personName = (field: string) =>
  z.string().trim().min(1, `${field} is required`).max(100, `${field} must be at most 100 characters`);
const contactEmail = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'email is required')
  .email('email must be a valid email address')
  .max(254);
const phone = z.string().trim().max(40, 'phone must be at most 40 characters');

/** The contact dialog (spec 3 §2.5, §5): first name, last name and email required. */
export const ContactCreate = z.object({
  firstName: personName('firstName'),
  lastName: personName('lastName'),
  email: contactEmail,
  phone: phone.default(''),
  grnNumber: z.string().trim().max(50, 'grnNumber must be at most 50 characters').optional().nullable(),
  hasSignedWaiverForm: z.boolean().default(true),
  subscribeToMailingList: z.boolean().default(true),
});
export type ContactCreate = z.input<typeof ContactCreate>;

/** PUT /snode/contact/{id} and /rest/contact/{id}: any subset of the editable fields. */
export const ContactUpdate = z
  .object({
    firstName: personName('firstName'),
    lastName: personName('lastName'),
    email: contactEmail,
    phone,
    grnNumber: z.string().trim().max(50).nullable(),
    hasSignedWaiverForm: z.boolean(),
    subscribeToMailingList: z.boolean(),
    address: z.string().trim().max(500),
    company: z.string().trim().max(200),
    dateOfBirth: z.iso.date('dateOfBirth must be a date (YYYY-MM-DD)').nullable(),
    emergencyContactName: z.string().trim().max(200),
    emergencyContactPhone: phone,
    leadSource: z.string().trim().max(100),
    statuses: z.array(ContactStatus).max(CONTACT_STATUSES.length),
    tags: z.array(ContactTag).max(TAGS_MAX),
    isUnread: z.boolean(),
  })
  .partial();
export type ContactUpdate = z.input<typeof ContactUpdate>;

export const ContactRelative = z.object({
  guId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type ContactRelative = z.infer<typeof ContactRelative>;

/** Spec 3 §3 "Contact" as the detail screen reads it. */
export const ContactDetail = ContactListRow.extend({
  fullName: z.string(),
  address: z.string(),
  company: z.string(),
  dateOfBirth: z.string().nullable(),
  emergencyContactName: z.string(),
  emergencyContactPhone: z.string(),
  grnNumber: z.string().nullable(),
  hasSignedWaiverForm: z.boolean(),
  subscribeToMailingList: z.boolean(),
  isMember: z.boolean(),
  isTeacher: z.boolean(),
  isParent: z.boolean(),
  isWalkin: z.boolean(),
  /** The email address was verified (a verification link or the member's own sign-up flow). */
  isEmailVerified: z.boolean(),
  isSuspended: z.boolean(),
  /** Custom field values come with the custom fields issue. */
  customFieldsVals: z.record(z.string(), z.unknown()),
  children: z.array(ContactRelative),
  guardian: z.array(ContactRelative),
});
export type ContactDetail = z.infer<typeof ContactDetail>;

export const ContactDeleteRequest = z.object({
  contacts: z.array(z.uuid('contacts must be contact ids')).min(1, 'contacts must name at least one contact').max(500),
});
export const ContactDeleteResponse = z.object({ deleted: z.number().int() });

export const ContactTagsRequest = z.object({ tags: z.array(ContactTag).max(TAGS_MAX) });

// Notes.
export const ContactNoteInput = z.object({
  note: z.string().trim().min(1, 'note is required').max(5000, 'note must be at most 5000 characters'),
});
export const ContactNote = z.object({
  id: z.string(),
  note: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactNote = z.infer<typeof ContactNote>;

// Activity timeline.
export const ACTIVITY_TYPES = ['call', 'email', 'meeting', 'visit', 'task', 'other'] as const;
export const ActivityType = z.enum(ACTIVITY_TYPES);
export const ACTIVITY_TYPE_LABELS: Record<(typeof ACTIVITY_TYPES)[number], string> = {
  call: 'Call',
  email: 'Email',
  meeting: 'Meeting',
  visit: 'Visit',
  task: 'Task',
  other: 'Other',
};
const activityFields = {
  type: ActivityType,
  title: z.string().trim().min(1, 'title is required').max(200, 'title must be at most 200 characters'),
  description: z.string().trim().max(5000, 'description must be at most 5000 characters'),
  occurredAt: z.iso.datetime({ offset: true, message: 'occurredAt must be a date and time' }),
};
export const ContactActivityInput = z.object({
  ...activityFields,
  description: activityFields.description.default(''),
  occurredAt: activityFields.occurredAt.optional(),
});
export type ContactActivityInput = z.input<typeof ContactActivityInput>;
/** PUT: only the fields given change. */
export const ContactActivityUpdate = z.object(activityFields).partial();
export type ContactActivityUpdate = z.input<typeof ContactActivityUpdate>;
export const ContactActivity = z.object({
  id: z.string(),
  type: ActivityType,
  title: z.string(),
  description: z.string(),
  occurredAt: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactActivity = z.infer<typeof ContactActivity>;

/** POST /rest/contact/{id}/children: link an existing contact ({childId}) or create one (the dialog's fields). */
export const ContactChildRequest = ContactCreate.partial({ firstName: true, lastName: true, email: true })
  .extend({ childId: z.uuid('childId must be a contact id').optional() })
  .superRefine((value, ctx) => {
    if (value.childId) return;
    for (const field of ['firstName', 'lastName', 'email'] as const) {
      if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message: `${field} is required` });
    }
  });
export type ContactChildRequest = z.input<typeof ContactChildRequest>;

/**
 * POST /rest/contact/guardian (spec 3 §7.4): links a guardian to `childId`, either an existing
 * contact of the tenant ({guardianId}) or a new contact from the dialog's fields.
 */
export const ContactGuardianRequest = ContactCreate.partial({ firstName: true, lastName: true, email: true })
  .extend({
    childId: z.uuid('childId must be a contact id'),
    guardianId: z.uuid('guardianId must be a contact id').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.guardianId) return;
    for (const field of ['firstName', 'lastName', 'email'] as const) {
      if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message: `${field} is required` });
    }
  });
export type ContactGuardianRequest = z.input<typeof ContactGuardianRequest>;

/** GET /rest/contact/guardian: the tenant's guardians for the family picker, paged and searchable. */
export const ContactGuardianListQuery = z.object({
  start: z.coerce.number().int().min(0, 'start must be 0 or more').default(0),
  max: z.coerce.number().int().min(1, 'max must be 1 to 100').max(100, 'max must be 1 to 100').default(50),
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
});
export type ContactGuardianListQuery = z.input<typeof ContactGuardianListQuery>;

export const ContactGuardianList = z.object({ recordsTotal: z.number().int(), data: z.array(ContactRelative) });
export type ContactGuardianList = z.infer<typeof ContactGuardianList>;

/**
 * POST /esend/email/contact (spec 3 §7.4): the emails the platform sent to a contact's address.
 * tenantId and orgId are accepted and ignored: the tenant is the host's.
 */
export const ContactEmailsRequest = z.object({
  email: contactEmail,
  tenantId: z.string().max(100).optional(),
  orgId: z.string().max(100).optional(),
});
export type ContactEmailsRequest = z.input<typeof ContactEmailsRequest>;

export const ContactEmailsQuery = z.object({
  start: z.coerce.number().int().min(0, 'start must be 0 or more').default(0),
  max: z.coerce.number().int().min(1, 'max must be 1 to 100').max(100, 'max must be 1 to 100').default(10),
});
export type ContactEmailsQuery = z.input<typeof ContactEmailsQuery>;

/** One email sent (or to be sent) to the contact: subject and status only, never the body (it holds one-time links). */
export const ContactEmailRow = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  /** ISO time the email was written to the outbox. */
  createdAt: z.string(),
  /** ISO time it was handed to SMTP; null while pending or when it failed. */
  sentAt: z.string().nullable(),
});
export type ContactEmailRow = z.infer<typeof ContactEmailRow>;

export const ContactEmailList = z.object({ recordsTotal: z.number().int(), data: z.array(ContactEmailRow) });
export type ContactEmailList = z.infer<typeof ContactEmailList>;
