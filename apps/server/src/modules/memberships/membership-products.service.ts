import type { MembershipInput as InputSchema, MembershipUpdate as UpdateSchema } from '@atrium/contracts';
import {
  isStaffRole,
  type Membership,
  type MembershipInput,
  type MembershipList,
  type MembershipUpdate,
  minorToPrice,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, readTenant, type Tx, withTenant } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { assertMayManageType, checkCategory, currencyOf, toMinor } from '../catalogue/catalogue-rules.ts';
import { insertItem, updateItem } from '../catalogue/items.repo.ts';
import { findMembership, findMemberships, insertTerms, type MembershipRow, updateTerms } from './memberships.repo.ts';

// Membership products (spec 3 §3 membershipDetails, spec 2 §3 membership types): a catalogue item of
// kind 'membership' in a SERVICE category, with its terms in membership_terms.

type Input = z.output<typeof InputSchema>;
type Update = z.output<typeof UpdateSchema>;

export type { MembershipInput, MembershipUpdate };

export const membershipNotFound = () => notFound('Membership');

export function toMembership(row: MembershipRow, currency: string): Membership {
  const { item, terms } = row;
  return {
    guId: item.id,
    name: item.name,
    description: item.description,
    categoryId: item.categoryId,
    categoryName: row.categoryName,
    price: minorToPrice(item.priceMinor, currency),
    registrationFees: minorToPrice(terms.registrationFeeMinor, currency),
    currency,
    isVisible: item.isVisible,
    isArchived: item.isArchived,
    membershipType: terms.membershipType,
    frequency: terms.frequency,
    trialDays: terms.trialDays,
    numberOfBillingCycles: terms.billingCycles,
    startRule: terms.startRule,
    billingDay: terms.billingDay,
    credits: terms.credits,
    expiresAfterMonths: terms.expiresAfterMonths,
  };
}

/** A card's credits last the account's itemExpiresAfter months (spec 2 §3); none set: they do not expire. */
const expiryMonths = (tenant: TenantContext, input: Pick<Input, 'membershipType'>) =>
  input.membershipType === 'card' && tenant.settings.itemExpiresAfter && tenant.settings.itemExpiresAfter > 0
    ? Math.round(tenant.settings.itemExpiresAfter)
    : null;

function termsOf(tenant: TenantContext, input: Input | Update) {
  const card = input.membershipType === 'card';
  return {
    membershipType: input.membershipType,
    frequency: card ? null : input.frequency,
    registrationFeeMinor: toMinor(tenant, input.registrationFees, 'registrationFees'),
    trialDays: card ? 0 : input.trialDays,
    billingCycles: card ? 1 : input.numberOfBillingCycles,
    startRule: card ? ('today' as const) : input.startRule,
    billingDay: !card && input.startRule === 'dayOfMonth' ? input.billingDay : null,
    credits: input.membershipType === 'unlimited' ? null : input.credits,
    expiresAfterMonths: expiryMonths(tenant, input),
  };
}

async function readMembership(tx: Tx, tenant: TenantContext, id: string): Promise<Membership> {
  const row = await findMembership(tx, tenant.tenantId, id);
  if (!row) throw membershipNotFound();
  return toMembership(row, currencyOf(tenant));
}

/** GET /item/membership: staff see all (archived on request); members see what is on sale. */
export function listMemberships(
  db: Db,
  actor: Authenticated,
  query: { showArchive: boolean },
): Promise<MembershipList> {
  const staff = isStaffRole(actor.auth.role);
  return readTenant(db, actor.tenant.tenantId, async (tx) => {
    const rows = await findMemberships(tx, actor.tenant.tenantId, {
      withArchived: staff && query.showArchive,
      visibleOnly: !staff,
    });
    const currency = currencyOf(actor.tenant);
    return { recordsTotal: rows.length, data: rows.map((row) => toMembership(row, currency)) };
  });
}

export function getMembership(db: Db, actor: Authenticated, id: string): Promise<Membership> {
  return readTenant(db, actor.tenant.tenantId, async (tx) => {
    const membership = await readMembership(tx, actor.tenant, id);
    if (!isStaffRole(actor.auth.role) && (!membership.isVisible || membership.isArchived)) throw membershipNotFound();
    return membership;
  });
}

/** POST /item/membership. */
export function createMembership(db: Db, actor: Authenticated, input: Input): Promise<Membership> {
  const { tenant } = actor;
  const priceMinor = toMinor(tenant, input.price);
  const terms = termsOf(tenant, input);
  return withTenant(db, tenant.tenantId, async (tx) => {
    const category = await checkCategory(tx, tenant.tenantId, input.categoryId, ['SERVICE']);
    assertMayManageType(actor, category.categoryType);
    const id = await insertItem(tx, tenant.tenantId, {
      categoryId: category.id,
      kind: 'membership',
      name: input.name,
      description: input.description,
      priceMinor,
      isVisible: input.isVisible,
    });
    await insertTerms(tx, { tenantId: tenant.tenantId, itemId: id, ...terms });
    return readMembership(tx, tenant, id);
  });
}

/** PUT /item/membership/{id}: new terms apply to memberships bought afterwards (a subscription keeps its own). */
export function editMembership(db: Db, actor: Authenticated, id: string, input: Update): Promise<Membership> {
  const { tenant } = actor;
  const priceMinor = toMinor(tenant, input.price);
  const terms = termsOf(tenant, input);
  return withTenant(db, tenant.tenantId, async (tx) => {
    const current = await findMembership(tx, tenant.tenantId, id);
    if (!current) throw membershipNotFound();
    const category = await checkCategory(tx, tenant.tenantId, input.categoryId, ['SERVICE']);
    assertMayManageType(actor, category.categoryType);
    await updateItem(
      tx,
      tenant.tenantId,
      id,
      {
        categoryId: category.id,
        name: input.name,
        description: input.description,
        priceMinor,
        isVisible: input.isVisible,
        isArchived: input.isArchived,
      },
      ['membership'],
    );
    await updateTerms(tx, tenant.tenantId, id, terms);
    return readMembership(tx, tenant, id);
  });
}
