import { z } from 'zod';

/**
 * The platform operator (issue 28): the master tenant that runs the platform sells plans
 * (/masterplan) and sees its tenants (/tenant). Prices are integer minor units (cents, paise).
 */

export const MASTER_PLAN_MESSAGES = {
  name: 'Name is required!',
  slug: 'Id may only use lower-case letters, digits and single dashes, start with a letter (2 to 30 characters).',
  slugTaken: 'A plan with this id already exists.',
  price: 'Price must be a whole number of cents, 0 or more.',
  freePrice: 'The free plan costs nothing.',
  freeArchived: 'The free plan cannot be archived.',
  contactsLimit: 'Contacts limit must be a whole number, 1 or more.',
  membersLimit: 'Active members limit must be a whole number, 1 or more, or empty for unlimited.',
  trialDays: 'Trial days must be a whole number from 0 to 365.',
  created: 'Plan created',
  updated: 'Plan updated',
} as const;

/** The free plan's id: every tenant without a paid plan is on it. */
export const FREE_PLAN_SLUG = 'free';
export const MASTER_PLAN_SLUG = /^[a-z](?:[a-z0-9]|-(?=[a-z0-9])){1,29}$/;
export const MASTER_PLAN_STATUSES = ['active', 'archived'] as const;
export type MasterPlanStatus = (typeof MASTER_PLAN_STATUSES)[number];

const MAX_MINOR = 100_000_000;
const minor = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(MAX_MINOR, 'Price is too large.');
const optionalMinor = (message: string) => minor(message).nullable();

export const MasterPlan = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  features: z.array(z.string()),
  monthlyMinor: z.number().int(),
  yearlyMinor: z.number().int(),
  inrMonthlyMinor: z.number().int().nullable(),
  inrYearlyMinor: z.number().int().nullable(),
  contactsLimit: z.number().int(),
  membersLimit: z.number().int().nullable(),
  trialDays: z.number().int(),
  byContact: z.boolean(),
  status: z.enum(MASTER_PLAN_STATUSES),
  sequence: z.number().int(),
  /** Tenants whose current plan this is. */
  tenants: z.number().int(),
});
export type MasterPlan = z.infer<typeof MasterPlan>;

const planFields = {
  name: z.string({ error: MASTER_PLAN_MESSAGES.name }).trim().min(1, MASTER_PLAN_MESSAGES.name).max(60),
  features: z.array(z.string().trim().min(1).max(120)).max(20).default([]),
  monthlyMinor: minor(MASTER_PLAN_MESSAGES.price),
  yearlyMinor: minor(MASTER_PLAN_MESSAGES.price),
  inrMonthlyMinor: optionalMinor(MASTER_PLAN_MESSAGES.price).default(null),
  inrYearlyMinor: optionalMinor(MASTER_PLAN_MESSAGES.price).default(null),
  contactsLimit: z
    .number({ error: MASTER_PLAN_MESSAGES.contactsLimit })
    .int(MASTER_PLAN_MESSAGES.contactsLimit)
    .min(1, MASTER_PLAN_MESSAGES.contactsLimit)
    .max(10_000_000),
  membersLimit: z
    .number({ error: MASTER_PLAN_MESSAGES.membersLimit })
    .int(MASTER_PLAN_MESSAGES.membersLimit)
    .min(1, MASTER_PLAN_MESSAGES.membersLimit)
    .max(10_000_000)
    .nullable()
    .default(null),
  trialDays: z
    .number({ error: MASTER_PLAN_MESSAGES.trialDays })
    .int(MASTER_PLAN_MESSAGES.trialDays)
    .min(0, MASTER_PLAN_MESSAGES.trialDays)
    .max(365, MASTER_PLAN_MESSAGES.trialDays)
    .default(0),
  byContact: z.boolean().default(false),
  status: z.enum(MASTER_PLAN_STATUSES, { error: 'status must be active or archived' }).default('active'),
  sequence: z.number().int().min(0).max(1000).default(0),
};

/** POST /rest/masterplan. The id (slug) is fixed once made: tenants' plan names carry it. */
export const MasterPlanCreate = z
  .object({
    slug: z
      .string({ error: MASTER_PLAN_MESSAGES.slug })
      .trim()
      .toLowerCase()
      .regex(MASTER_PLAN_SLUG, MASTER_PLAN_MESSAGES.slug),
    ...planFields,
  })
  .strict();
export type MasterPlanCreate = z.input<typeof MasterPlanCreate>;

/** PUT /rest/masterplan/{id}: every field but the id. */
export const MasterPlanUpdate = z.object(planFields).strict();
export type MasterPlanUpdate = z.input<typeof MasterPlanUpdate>;

export const MasterPlanList = z.object({ data: z.array(MasterPlan) });
export type MasterPlanList = z.infer<typeof MasterPlanList>;

/** One plan as sold to one tenant: prices in whole units of its currency (USD or INR list). */
export const PlanOffer = z.object({
  type: z.string(),
  name: z.string(),
  features: z.array(z.string()),
  monthly: z.number(),
  yearly: z.number(),
  trialDays: z.number().int(),
  byContact: z.boolean(),
  contactsLimit: z.number().int(),
  membersLimit: z.number().int().nullable(),
});
export type PlanOffer = z.infer<typeof PlanOffer>;

/** GET /rest/subscription/plans (the studio's upgrade screen) and GET /public/tplan (the master's site). */
export const PlanOffers = z.object({
  currency: z.enum(['USD', 'INR']),
  csymbol: z.string(),
  plans: z.array(PlanOffer),
});
export type PlanOffers = z.infer<typeof PlanOffers>;

// ---- tenants (/tenant) ----

export const TENANT_PAYMENT_STATES = ['free', 'trial', 'paid', 'past_due'] as const;
export type TenantPaymentState = (typeof TENANT_PAYMENT_STATES)[number];
export const TENANT_PAYMENT_LABELS: Record<TenantPaymentState, string> = {
  free: 'Free',
  trial: 'Trial',
  paid: 'Paid',
  past_due: 'Past due',
};

export const OperatorTenant = z.object({
  tenantId: z.string(),
  orgId: z.string(),
  masterOrgId: z.string(),
  name: z.string(),
  url: z.string(),
  planName: z.string().nullable(),
  planLabel: z.string(),
  paymentState: z.enum(TENANT_PAYMENT_STATES),
  nextBillingDate: z.string().nullable(),
  contacts: z.object({ used: z.number().int(), max: z.number().int() }),
  members: z.object({ used: z.number().int(), max: z.number().int().nullable() }),
  createdAt: z.string(),
  /** The latest sign-in, or sale, or change the platform saw; null: none yet. */
  lastActivity: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  isOperator: z.boolean(),
  /** Franchises of this tenant (when it is a master), by orgId. */
  franchises: z.array(z.string()),
});
export type OperatorTenant = z.infer<typeof OperatorTenant>;

export const OperatorTenantList = z.object({ data: z.array(OperatorTenant), recordsTotal: z.number().int() });
export type OperatorTenantList = z.infer<typeof OperatorTenantList>;

export const OperatorTenantQuery = z.object({
  search: z.string().trim().max(100).optional(),
  start: z.coerce.number().int().min(0).default(0),
  length: z.coerce.number().int().min(1).max(200).default(50),
});
export type OperatorTenantQuery = z.input<typeof OperatorTenantQuery>;

export const OPERATOR_AUDIT_ACTIONS = ['impersonate', 'end_impersonation', 'suspend', 'resume'] as const;
export type OperatorAuditAction = (typeof OPERATOR_AUDIT_ACTIONS)[number];
/** How the audit screen names each action. */
export const OPERATOR_AUDIT_LABELS: Record<OperatorAuditAction, string> = {
  impersonate: 'Impersonated',
  end_impersonation: 'Ended impersonation',
  suspend: 'Suspended',
  resume: 'Resumed',
};

export const OperatorAuditLine = z.object({
  action: z.enum(OPERATOR_AUDIT_ACTIONS),
  operatorName: z.string(),
  orgId: z.string(),
  at: z.string(),
});
export type OperatorAuditLine = z.infer<typeof OperatorAuditLine>;
export const OperatorAuditList = z.object({ data: z.array(OperatorAuditLine), recordsTotal: z.number().int() });
export type OperatorAuditList = z.infer<typeof OperatorAuditList>;
/** GET /rest/operator/audit: newest first, paged; searched by the studio's org id or the operator's name. */
export const OperatorAuditQuery = z.object({
  search: z.string().trim().max(100).optional(),
  start: z.coerce.number().int().min(0).default(0),
  length: z.coerce.number().int().min(1).max(200).default(50),
});
export type OperatorAuditQuery = z.input<typeof OperatorAuditQuery>;

/**
 * GET /rest/operator/impersonation on a studio's host: whether this session is the platform operator
 * acting as the studio's owner (the banner), and where ending it leads back to.
 */
export const ImpersonationInfo = z.object({
  operatorName: z.string(),
  studioName: z.string(),
  returnUrl: z.string(),
});
export type ImpersonationInfo = z.infer<typeof ImpersonationInfo>;
export const ImpersonationState = z.object({ impersonation: ImpersonationInfo.nullable() });
export type ImpersonationState = z.infer<typeof ImpersonationState>;
/** POST /rest/operator/impersonation/end: the session is over; go back here (the operator's Tenants). */
export const ImpersonationEnded = z.object({ returnUrl: z.string() });
export type ImpersonationEnded = z.infer<typeof ImpersonationEnded>;

/**
 * GET /rest/operator/my-studios on the operator's site: the studios a signed-in member started there
 * (they own: the owner's email is theirs), with each one's plan (student /tenant).
 */
export const MyStudio = z.object({
  orgId: z.string(),
  name: z.string(),
  url: z.string(),
  planLabel: z.string(),
  paymentState: z.enum(TENANT_PAYMENT_STATES),
  nextBillingDate: z.string().nullable(),
  createdAt: z.string(),
  suspended: z.boolean(),
});
export type MyStudio = z.infer<typeof MyStudio>;
export const MyStudioList = z.object({ data: z.array(MyStudio) });
export type MyStudioList = z.infer<typeof MyStudioList>;

/** POST /rest/tenant/{id}/impersonate: open this address (the tenant's host, a one-time code in its fragment). */
export const ImpersonateResult = z.object({ url: z.string() });
export type ImpersonateResult = z.infer<typeof ImpersonateResult>;

export const SUSPENDED_NOTICE = 'This site is currently unavailable. Please contact the studio.';
export const OPERATOR_MESSAGES = {
  suspended: 'Tenant suspended',
  resumed: 'Tenant resumed',
  notOperator: 'You cannot suspend or impersonate the platform itself.',
} as const;
