import { createHash, randomUUID } from 'node:crypto';
import {
  type LoginResponse,
  nextBillingDate,
  parsePlanId,
  STUDIO_SIGNUP_ACTION,
  STUDIO_SIGNUP_MESSAGES,
  type StudioSignupRequest,
  type StudioSignupResult,
} from '@atrium/contracts';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { withTenant } from '../../db/client.ts';
import { studioSignupGuards } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { StoredSubscription } from '../../lib/plan-storage.ts';
import { SingleUseStore } from '../../lib/single-use-store.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { findContactById } from '../auth/auth.repo.ts';
import { tryAgainIn } from '../auth/auth-throttle.ts';
import { hashPassword } from '../auth/passwords.ts';
import { startSession, toSessionContact } from '../auth/session.ts';
import { newOpaqueToken } from '../auth/tokens.ts';
import type { HumanCheck } from '../forms/human-check.ts';
import { insertFranchise, isOrgIdTaken, isUniqueViolation } from '../franchise/franchise.repo.ts';
import { franchisePages } from '../franchise/franchise-pages.ts';
import { type Impersonator, markImpersonated } from '../operator/impersonation.service.ts';
import { isOperatorTenant } from '../operator/operator-guard.ts';
import { sellablePlan } from '../plan/plan-catalogue.ts';
import { parseHost } from '../tenants/tenant-directory.ts';

/** The human check of the bare domain is bound to no tenant: this stands in the HMAC for one. */
export const SIGNUP_CHECK_SCOPE = 'studio-signup';
/** Studios one IP may create in the login window: a person tries twice, not ten times. */
export const STUDIO_SIGNUPS_PER_IP = 5;
export const WELCOME_CODE_SECONDS = 120;

export interface Client {
  ip: string;
  userAgent: string;
}

interface WelcomeGrant {
  ownerId: string;
  ip: string;
  userAgent: string;
  /** Set when the platform operator acts as the owner: the session is marked (the banner, the end). */
  impersonator?: Impersonator;
}

/**
 * The bare product domain (e.g. `studios.example`, `localhost`) offers the sign-up, and so does the
 * platform operator's site on its /tplan pages (issue 28), for a sign-up on a plan only.
 */
export async function assertBareDomain(platform: Platform, host: string | undefined, onPlan = false): Promise<void> {
  const parsed = parseHost(host, platform.config.productDomains);
  if (parsed.kind === 'default') return;
  if (onPlan && parsed.kind === 'org' && parsed.orgId === platform.config.operatorOrgId) {
    const site = await platform.tenants.byOrgId(parsed.orgId);
    if (site && isOperatorTenant(platform.config, site)) return;
  }
  throw notFound('Page');
}

/**
 * The subscription a studio starts with from /tplan/{name}/{freq}: an active plan sold in USD (a new
 * studio has no country yet) and not by contact. A plan with trial days starts as that trial (its
 * first bill when the trial ends, on the card the owner adds under Settings > Plan); a paid plan
 * without one starts the studio on Free, to buy under Settings > Plan.
 */
async function startingPlan(platform: Platform, planName: string | undefined, now: Date) {
  if (!planName || parsePlanId(planName).type === 'free') return null;
  const plan = await sellablePlan(platform.db, planName, 'USD');
  if (!plan) throw badRequest('planName', 'Unknown plan');
  if (plan.row.byContact) throw badRequest('planName', `Please contact us to subscribe to the ${plan.row.name} plan`);
  if (plan.row.trialDays === 0 && plan.price > 0) return null;
  const ends = new Date(now.getTime() + plan.row.trialDays * 86_400_000);
  return StoredSubscription.parse({
    planName,
    period: plan.period,
    amount: plan.price,
    currency: 'USD',
    dateCreated: now.toISOString(),
    periodStart: now.toISOString(),
    nextBillingDate: (plan.price > 0 ? ends : nextBillingDate(now, plan.period)).toISOString(),
    status: 'active',
    trial: plan.price > 0,
  });
}

const welcomeCodes = (platform: Platform) =>
  new SingleUseStore<WelcomeGrant>(platform.db, 'studio_welcome', WELCOME_CODE_SECONDS * 1000);

/**
 * POST /public/studio/signup (issue 13): a new studio and its owner, all or nothing. The per-IP
 * throttle and the human check are taken first, in one transaction on the platform's guard table
 * (no tenant exists yet); then the tenant, its admin and its pages are written in one transaction,
 * isNewTenant on, so its owner lands on onboarding. The answer is the new host's onboarding page with
 * a one-time welcome code in its fragment: sessions are per host, so no token travels.
 */
export async function signUpStudio(
  platform: Platform,
  humanCheck: HumanCheck,
  body: z.output<typeof StudioSignupRequest>,
  client: Client,
): Promise<StudioSignupResult> {
  const window = new Date(Date.now() - platform.config.loginWindowMinutes * 60_000);
  const challenge = await humanCheck.verify(SIGNUP_CHECK_SCOPE, body.rToken, STUDIO_SIGNUP_ACTION);
  await platform.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('studio_signup'))`);
    await tx
      .delete(studioSignupGuards)
      .where(and(eq(studioSignupGuards.kind, 'attempt'), lt(studioSignupGuards.createdAt, window)));
    const [tries] = await tx
      .select({ n: count() })
      .from(studioSignupGuards)
      .where(
        and(
          eq(studioSignupGuards.kind, 'attempt'),
          eq(studioSignupGuards.key, client.ip),
          gt(studioSignupGuards.createdAt, window),
        ),
      );
    if ((tries?.n ?? 0) >= STUDIO_SIGNUPS_PER_IP) {
      throw tooManyRequests(
        `Too many studios created from your network. ${tryAgainIn(platform.config.loginWindowMinutes * 60_000)}`,
      );
    }
    await tx.insert(studioSignupGuards).values({ kind: 'attempt', key: client.ip });
    const used = await tx
      .insert(studioSignupGuards)
      .values({ kind: 'check', key: createHash('sha256').update(challenge).digest('hex') })
      .onConflictDoNothing()
      .returning({ id: studioSignupGuards.id });
    if (used.length === 0) throw badRequest('rToken', 'This human check was already used. Please try again.');
  });

  const subscription = await startingPlan(platform, body.planName, platform.clock.now());
  if (await isOrgIdTaken(platform.db, body.orgId)) throw badRequest('orgId', STUDIO_SIGNUP_MESSAGES.orgIdTaken);
  const passwordHash = await hashPassword(body.password);
  const ownerId = randomUUID();
  let tenant: TenantContext;
  try {
    const row = await insertFranchise(platform.db, {
      orgId: body.orgId,
      masterOrgId: body.orgId,
      name: body.businessName,
      settings: {
        email: body.email,
        fromEmailName: body.businessName,
        title: body.businessName,
        accountOwner: ownerId,
        isNewTenant: true,
        onBoardingStep: 0,
        ...(subscription ? { subscription } : {}),
      },
      admin: {
        id: ownerId,
        email: body.email,
        passwordHash,
        name: body.firstName,
        lastName: body.lastName,
        phone: '',
      },
      pages: franchisePages(body.businessName),
    });
    platform.tenants.invalidate({ orgId: row.orgId, customDomain: row.customDomain });
    tenant = (await platform.tenants.byId(row.id)) as TenantContext;
  } catch (error) {
    if (isUniqueViolation(error, 'tenants_org_id_unique')) throw badRequest('orgId', STUDIO_SIGNUP_MESSAGES.orgIdTaken);
    throw error;
  }
  return { orgId: tenant.orgId, url: await ownerWelcomeUrl(platform, tenant, ownerId, client, '/onboarding') };
}

/**
 * The tenant's host with a one-time welcome code (120 s, this browser only) that signs its owner in:
 * a new studio's owner after the sign-up, or the platform operator acting as the owner (issue 28).
 */
export async function ownerWelcomeUrl(
  platform: Platform,
  tenant: TenantContext,
  ownerId: string,
  client: Client,
  path: string,
  impersonator?: Impersonator,
): Promise<string> {
  const code = newOpaqueToken();
  await welcomeCodes(platform).put(tenant.tenantId, code, {
    ownerId,
    ...client,
    ...(impersonator ? { impersonator } : {}),
  });
  return `${tenantOrigin(platform.config, tenant)}${path}#studioWelcome=${code}`;
}

/**
 * POST /public/studio/welcome on the new studio's host: spends the welcome code (this tenant, the
 * same browser) and starts the owner's session, as a login does.
 */
export async function exchangeWelcomeCode(
  platform: Platform,
  host: TenantContext,
  code: string,
  client: Client,
): Promise<LoginResponse> {
  const grant = await welcomeCodes(platform).take(host.tenantId, code);
  if (!grant || grant.ip !== client.ip || grant.userAgent !== client.userAgent) {
    throw unauthorized(STUDIO_SIGNUP_MESSAGES.welcomeExpired);
  }
  const session = await withTenant(platform.db, host.tenantId, async (tx) => {
    const contact = await findContactById(tx, host.tenantId, grant.ownerId);
    if (!contact) return null;
    const tokens = await startSession(platform, tx, host, contact);
    if (grant.impersonator)
      await markImpersonated(platform, tx, host.tenantId, tokens.access_token, grant.impersonator);
    return { contact, tokens };
  });
  if (!session) throw new AppError(401, 'unauthorized', STUDIO_SIGNUP_MESSAGES.welcomeExpired);
  const { config } = await platform.tenantConfigs.get(host);
  return { ...session.tokens, tenant: config, contact: toSessionContact(session.contact, host) };
}
