import {
  basisPointsToPercent,
  dateInZone,
  endOfDayInZone,
  lastDateInZone,
  minorToPrice,
  type Offer,
  type OfferStatus,
  type OfferView,
  type OfferValues as OfferWire,
  type PublicOffer,
  percentToBasisPoints,
  startOfDayInZone,
} from '@atrium/contracts';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import { type Authenticated, requirePermission } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { currencyOf, toMinor } from '../catalogue/catalogue-rules.ts';
import type { OfferRow, OfferValues, OfferWithNames } from './offers.repo.ts';

// ---------------------------------------------------------------- who may do what

/** The offers screen and its calls: the Roles screen's 'Manage Offers' (admins always; students never). */
export const manageOffers = (request: FastifyRequest): Authenticated => requirePermission(request, 'isShowOffers');

export const timeZoneOf = (tenant: TenantContext) => tenant.settings.timezone || 'America/New_York';

// ---------------------------------------------------------------- the wire to a row

/** The discount as stored: basis points for a percentage, minor units of the tenant's currency for an amount. */
export function discountToStored(tenant: TenantContext, wire: Pick<OfferWire, 'discountType' | 'discount'>): number {
  if (wire.discountType === 'percentage') {
    const points = percentToBasisPoints(wire.discount);
    if (points === undefined || points <= 0) throw badRequest('discount', 'Discount must be greater than 0');
    return points;
  }
  const minor = toMinor(tenant, wire.discount, 'discount');
  if (minor <= 0) throw badRequest('discount', 'Discount must be greater than 0');
  return minor;
}

export function discountToWire(tenant: TenantContext, row: Pick<OfferRow, 'discountType' | 'discount'>): number {
  return row.discountType === 'percentage'
    ? basisPointsToPercent(row.discount)
    : minorToPrice(row.discount, currencyOf(tenant));
}

/**
 * A whole offer from the wire to the columns. `target` says whether courseGuId named a category or
 * an item (the service looked it up). Dates become instants in the tenant's zone: the start of the
 * first day, the start of the day after the last.
 */
export function toValues(tenant: TenantContext, wire: OfferWire, target: 'category' | 'item' | null): OfferValues {
  const zone = timeZoneOf(tenant);
  const buyAndGet = wire.offerType === 'buyFirstAndGetOther';
  const named = !buyAndGet && wire.itemType !== 'item' ? wire.courseGuId : null;
  return {
    offerCode: wire.offerCode,
    description: wire.description,
    offerType: wire.offerType,
    discountType: wire.discountType,
    discount: discountToStored(tenant, wire),
    status: wire.status,
    itemType: buyAndGet ? 'item' : wire.itemType,
    appliesOn: buyAndGet ? null : wire.itemType === 'item' ? (wire.appliesOn ?? 'item') : null,
    targetCategoryId: named && target === 'category' ? named : null,
    targetItemId: named && target === 'item' ? named : null,
    primaryCategoryId: buyAndGet ? (wire.primaryItem?.category ?? null) : null,
    primaryCount: buyAndGet ? (wire.primaryItem?.count ?? null) : null,
    secondaryCategoryId: buyAndGet ? (wire.secondaryItem?.category ?? null) : null,
    secondaryCount: buyAndGet ? (wire.secondaryItem?.count ?? null) : null,
    startsAt: wire.startDate ? startOfDayInZone(wire.startDate, zone) : null,
    endsAt: wire.endDate ? endOfDayInZone(wire.endDate, zone) : null,
    usageLimit: wire.usageLimit,
    discountsSubscription: wire.discountsSubscription,
    discountsRegistrationFees: wire.discountsRegistrationFees,
  };
}

/** What a stored offer applies to, as the wire and the rule engine name it (the course, the buy-and-get items). */
function targetOf(row: OfferRow) {
  return {
    itemType: row.itemType,
    appliesOn: row.appliesOn,
    courseGuId: row.targetCategoryId ?? row.targetItemId,
    primaryItem:
      row.primaryCategoryId && row.primaryCount ? { category: row.primaryCategoryId, count: row.primaryCount } : null,
    secondaryItem:
      row.secondaryCategoryId && row.secondaryCount
        ? { category: row.secondaryCategoryId, count: row.secondaryCount }
        : null,
  };
}

/** A stored offer back to the wire's input shape (what an update is merged into). */
export function toWire(tenant: TenantContext, row: OfferRow): OfferWire {
  const zone = timeZoneOf(tenant);
  return {
    offerCode: row.offerCode,
    description: row.description,
    offerType: row.offerType,
    discountType: row.discountType,
    discount: discountToWire(tenant, row),
    status: row.status,
    ...targetOf(row),
    startDate: row.startsAt ? dateInZone(row.startsAt, zone) : null,
    endDate: row.endsAt ? lastDateInZone(row.endsAt, zone) : null,
    usageLimit: row.usageLimit,
    discountsSubscription: row.discountsSubscription,
    discountsRegistrationFees: row.discountsRegistrationFees,
  };
}

// ---------------------------------------------------------------- a row to the rule engine and the wire

/** The row as `evaluateOffer` reads it: the one rule engine (packages/contracts/src/offers.ts). */
export function toOffer(row: OfferRow): Offer {
  return {
    offerCode: row.offerCode,
    status: row.status,
    offerType: row.offerType,
    discountType: row.discountType,
    discount: row.discount,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    timesUsed: row.usedCount,
    ...targetOf(row),
    discountsSubscription: row.discountsSubscription,
    discountsRegistrationFees: row.discountsRegistrationFees,
  };
}

export function effectiveStatus(row: Pick<OfferRow, 'status' | 'endsAt'>, now: Date): OfferStatus {
  return row.status === 'ACTIVE' && row.endsAt && row.endsAt.getTime() <= now.getTime() ? 'EXPIRED' : row.status;
}

export function toOfferView(tenant: TenantContext, found: OfferWithNames, now: Date): OfferView {
  const { row } = found;
  const wire = toWire(tenant, row);
  return {
    guId: row.id,
    offerCode: row.offerCode,
    description: row.description,
    offerType: row.offerType,
    discountType: row.discountType,
    discount: wire.discount,
    currency: currencyOf(tenant),
    status: row.status,
    effectiveStatus: effectiveStatus(row, now),
    itemType: row.itemType,
    appliesOn: row.appliesOn,
    courseGuId: wire.courseGuId,
    courseName: wire.courseGuId ? found.targetName : null,
    primaryItem: wire.primaryItem ? { ...wire.primaryItem, categoryName: found.primaryName } : null,
    secondaryItem: wire.secondaryItem ? { ...wire.secondaryItem, categoryName: found.secondaryName } : null,
    startDate: wire.startDate,
    endDate: wire.endDate,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    timesUsed: row.usedCount,
    discountsSubscription: row.discountsSubscription,
    discountsRegistrationFees: row.discountsRegistrationFees,
    dateCreated: row.createdAt.toISOString(),
    dateUpdated: row.updatedAt.toISOString(),
  };
}

export function toPublicOffer(tenant: TenantContext, row: OfferRow): PublicOffer {
  const wire = toWire(tenant, row);
  return {
    guId: row.id,
    offerCode: row.offerCode,
    offerType: row.offerType,
    discountType: row.discountType,
    discount: wire.discount,
    itemType: row.itemType,
    appliesOn: row.appliesOn,
    courseGuId: wire.courseGuId,
    primaryItem: wire.primaryItem,
    secondaryItem: wire.secondaryItem,
    startDate: wire.startDate,
    endDate: wire.endDate,
  };
}
