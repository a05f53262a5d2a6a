import {
  type CartLine,
  type CategoryType,
  type LineKind,
  minorToPrice,
  normalizeOfferCode,
  OFFER_NOT_VALID_FOR_ITEM,
  type OfferCheck,
  type OfferEvaluation,
  offerApplies,
  offerUnusable,
  type PublicItemOfferQuery,
  unknownOfferCode,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, readTenant } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { currencyOf } from '../catalogue/catalogue-rules.ts';
import { findCategoryRef, findItemRef, type OfferRow } from './offers.repo.ts';
import { previewOffer } from './offers.service.ts';
import { toOffer, toPublicOffer } from './offers-rules.ts';

type ItemOfferQuery = z.output<typeof PublicItemOfferQuery>;

const missing = (field: string, message: string) => new AppError(404, 'not_found', message, field);
const LINE_KIND_OF: Record<CategoryType, LineKind> = { SERVICE: 'course', PRODUCT: 'product', BUNDLE: 'bundle' };

function answer(
  tenant: TenantContext,
  evaluation: OfferEvaluation,
  row: OfferRow | null,
  amountMinor: number | null,
): OfferCheck {
  const currency = currencyOf(tenant);
  if (!evaluation.ok) {
    return {
      valid: false,
      offerCode: evaluation.code,
      alert: evaluation.alert,
      reason: evaluation.reason,
      amount: amountMinor === null ? null : minorToPrice(amountMinor, currency),
      discount: null,
      currency,
      offer: null,
    };
  }
  return {
    valid: true,
    offerCode: evaluation.code,
    alert: null,
    reason: null,
    amount: amountMinor === null ? null : minorToPrice(amountMinor, currency),
    discount: amountMinor === null ? null : minorToPrice(evaluation.discount, currency),
    currency,
    offer: row ? toPublicOffer(tenant, row) : null,
  };
}

/** The `tenant` hint of a public call must be the host's own tenant (its id or org id); else the code is unknown. */
const otherTenant = (tenant: TenantContext, hint: string | undefined) =>
  !!hint && hint !== tenant.tenantId && hint.toLowerCase() !== tenant.orgId.toLowerCase();

/**
 * GET /public/itemOffer: the code on one item (itemGuId, qty) or, with only categoryGuId, on a course or
 * category whose price is not known here (amount and discount null). Errors of the code are a normal
 * answer (valid false and the alert); an unknown item or category is a 404 naming the field.
 */
export function checkItemOffer(db: Db, tenant: TenantContext, query: ItemOfferQuery, now: Date): Promise<OfferCheck> {
  const { tenantId } = tenant;
  if (!query.itemGuId && !query.categoryGuId) throw badRequest('itemGuId', 'itemGuId or categoryGuId is required');
  return readTenant(db, tenantId, async (tx) => {
    let line: CartLine;
    let priced = true;
    if (query.itemGuId) {
      const item = await findItemRef(tx, tenantId, query.itemGuId);
      if (!item || item.isArchived || (query.categoryGuId && item.categoryId !== query.categoryGuId))
        throw missing('itemGuId', 'Item not found.');
      line = {
        id: 'item',
        guId: item.id,
        kind: item.kind,
        categoryId: item.categoryId,
        unitPrice: item.priceMinor,
        quantity: query.qty,
        isTaxable: item.isTaxable,
        isChargeCreditCardFees: item.isChargeCreditCardFees,
      };
    } else {
      const category = await findCategoryRef(tx, tenantId, query.categoryGuId as string);
      if (!category) throw missing('categoryGuId', 'Category not found.');
      priced = false;
      line = {
        id: 'category',
        guId: category.id,
        kind: LINE_KIND_OF[category.categoryType],
        categoryId: category.id,
        unitPrice: 0,
        quantity: 1,
        isTaxable: true,
        isChargeCreditCardFees: true,
      };
    }
    if (otherTenant(tenant, query.tenant)) return answer(tenant, unknownOfferCode(query.offerCode), null, null);
    if (priced) {
      const { evaluation, row } = await previewOffer(tx, tenantId, query.offerCode, [line], now);
      return answer(tenant, evaluation, row, line.unitPrice * line.quantity);
    }
    // No price: whether the code can be used and applies to the category (spec 1 §5).
    const { evaluation, row } = await previewOffer(tx, tenantId, query.offerCode, [], now);
    if (!row) return answer(tenant, evaluation, null, null);
    const offer = toOffer(row);
    const code = normalizeOfferCode(row.offerCode);
    const refused = offerUnusable(offer, now);
    if (refused) return answer(tenant, refused, row, null);
    if (offer.offerType === 'buyFirstAndGetOther' || !offerApplies(offer, [line])) {
      return answer(tenant, { ok: false, code, reason: 'not-applicable', alert: OFFER_NOT_VALID_FOR_ITEM }, row, null);
    }
    return answer(tenant, { ok: true, code, lines: [], discount: 0 }, row, null);
  });
}

/** GET /item/offercode/{code}/public: whether the code can be used now, and what it is. */
export function checkOfferCode(db: Db, tenant: TenantContext, code: string, now: Date): Promise<OfferCheck> {
  return readTenant(db, tenant.tenantId, async (tx) => {
    const { row } = await previewOffer(tx, tenant.tenantId, code, [], now);
    if (!row) return answer(tenant, unknownOfferCode(code), null, null);
    const refused = offerUnusable(toOffer(row), now);
    if (refused) return answer(tenant, refused, row, null);
    return answer(tenant, { ok: true, code: normalizeOfferCode(row.offerCode), lines: [], discount: 0 }, row, null);
  });
}
