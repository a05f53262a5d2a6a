import { OFFER_APPLIES_ON_LABELS, type OfferView } from '@atrium/contracts';
import { formatPrice } from '../catalogue/catalogue-format';

/** "10%" or "$5.00". */
export function discountLabel(offer: Pick<OfferView, 'discountType' | 'discount' | 'currency'>): string {
  return offer.discountType === 'percentage' ? `${offer.discount}%` : formatPrice(offer.discount, offer.currency);
}

/** What the offer is for, in a few words. */
export function appliesToLabel(offer: OfferView): string {
  if (offer.offerType === 'buyFirstAndGetOther') {
    const buy = offer.primaryItem;
    const get = offer.secondaryItem;
    return `Buy ${buy?.count ?? '?'} from ${buy?.categoryName ?? 'a deleted category'}, get ${get?.count ?? '?'} from ${
      get?.categoryName ?? 'a deleted category'
    }`;
  }
  if (offer.itemType === 'item') return OFFER_APPLIES_ON_LABELS[offer.appliesOn ?? 'item'];
  return offer.courseName ?? 'Nothing (its course or product was deleted)';
}

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar day (YYYY-MM-DD) as people read it: "Mar 1, 2026". */
export function dayLabel(date: string): string {
  return DAY.format(new Date(`${date}T00:00:00Z`));
}

/** "Mar 1, 2026 – Mar 31, 2026", "From Mar 1, 2026", "Until …" or "Always". */
export function datesLabel(offer: Pick<OfferView, 'startDate' | 'endDate'>): string {
  if (offer.startDate && offer.endDate) return `${dayLabel(offer.startDate)} – ${dayLabel(offer.endDate)}`;
  if (offer.startDate) return `From ${dayLabel(offer.startDate)}`;
  if (offer.endDate) return `Until ${dayLabel(offer.endDate)}`;
  return 'Always';
}

/** "3 of 100" or "3". */
export function usageLabel(offer: Pick<OfferView, 'timesUsed' | 'usageLimit'>): string {
  return offer.usageLimit === null ? String(offer.timesUsed) : `${offer.timesUsed} of ${offer.usageLimit}`;
}
