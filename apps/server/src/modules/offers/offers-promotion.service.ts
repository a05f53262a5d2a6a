import {
  type CartLine,
  evaluateOffer,
  lineCovered,
  minorToPrice,
  normalizeOfferCode,
  type Offer,
  offerUnusable,
  type PromotionItem,
  type PublicPromotionItems,
  priceToMinor,
  type ShopItem,
} from '@atrium/contracts';
import { type Db, readTenant } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { namesAnotherTenant, publicCatalogue } from '../shop/shop-catalogue.service.ts';
import { findOffer, findOfferByCode } from './offers.repo.ts';
import { toOffer, toPublicOffer } from './offers-rules.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const promotionMissing = () => notFound('Promotion');

/** One unit of a shop item as a cart line, priced from the catalogue (never from a request). */
function lineOf(item: ShopItem, currency: string): CartLine {
  return {
    id: item.guId,
    guId: item.guId,
    kind: item.kind,
    categoryId: item.categoryId,
    unitPrice: priceToMinor(item.price, currency) ?? 0,
    quantity: 1,
    isTaxable: true,
    isChargeCreditCardFees: false,
  };
}

/**
 * What the offer does to one item: a flat offer takes its discount off one unit (when the evaluator
 * accepts the item alone: a fixed amount above the price, or a free item, is refused and left out);
 * buy-X-get-Y puts the item on the buy or the get side, its discount depending on the cart.
 */
function promoted(offer: Offer, item: ShopItem, currency: string, now: Date): PromotionItem | null {
  const line = lineOf(item, currency);
  if (offer.offerType === 'buyFirstAndGetOther') {
    const get = offer.secondaryItem?.category === item.categoryId;
    if (!get && offer.primaryItem?.category !== item.categoryId) return null;
    return { ...item, role: get ? 'get' : 'buy', discount: null, priceAfterOffer: null };
  }
  if (!lineCovered(offer, line)) return null;
  const evaluation = evaluateOffer(offer, [line], now);
  if (!evaluation.ok) return null;
  return {
    ...item,
    role: 'discounted',
    discount: minorToPrice(evaluation.discount, currency),
    priceAfterOffer: minorToPrice(line.unitPrice - evaluation.discount, currency),
  };
}

/**
 * GET /public/promotions/{id}/items (spec 3 §7.8): a promotion is an offer, named by its id or its
 * code. Answers the usable offer's public face and the public shop's items it applies to (offers.ts
 * applicability: its item, its category's items, every product for appliesOn product, the buy and
 * get categories of buy-X-get-Y). An unknown, disabled, expired, not yet started or used-up offer,
 * or a `tenant` hint that is not the host's, is a 404.
 */
export async function promotionItems(
  db: Db,
  tenant: TenantContext,
  id: string,
  hint: string | undefined,
  now: Date,
): Promise<PublicPromotionItems> {
  if (namesAnotherTenant(tenant, hint)) throw promotionMissing();
  const { tenantId } = tenant;
  const row = await readTenant(
    db,
    tenantId,
    async (tx) =>
      (UUID.test(id) ? await findOffer(tx, tenantId, id) : undefined) ??
      (await findOfferByCode(tx, tenantId, normalizeOfferCode(id))),
  );
  if (!row) throw promotionMissing();
  const offer = toOffer(row);
  if (offerUnusable(offer, now)) throw promotionMissing();
  const catalogue = await publicCatalogue(db, tenant, undefined);
  const items = catalogue.categories.flatMap((category) =>
    category.items.flatMap((item) => promoted(offer, item, catalogue.currency, now) ?? []),
  );
  return { offer: toPublicOffer(tenant, row), currency: catalogue.currency, items };
}
