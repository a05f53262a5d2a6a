import {
  type CartLine,
  evaluateOffer,
  normalizeOfferCode,
  OFFER_MESSAGES,
  type OfferEvaluation,
  type OfferInput,
  type OfferList,
  type OfferListQuery,
  type OfferUpdate,
  type OfferView,
  type OfferValues as OfferWire,
  offerCodeUsedUp,
  offerProblem,
  unknownOfferCode,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, readTenant, type Tx, withTenant } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import {
  findCategoryRef,
  findItemRef,
  findOffer,
  findOfferByCode,
  findOffers,
  findOfferWithNames,
  insertOffer,
  type OfferRow,
  takeOfferUse,
  updateOffer,
} from './offers.repo.ts';
import { toOffer, toOfferView, toValues, toWire } from './offers-rules.ts';

type ListQuery = z.output<typeof OfferListQuery>;
type Update = z.output<typeof OfferUpdate>;

const offerNotFound = () => notFound('Offer');
/** A reference in a body the tenant does not have (or another tenant's): a 404 naming the field. */
const missing = (field: string, message: string) => new AppError(404, 'not_found', message, field);
const codeTaken = (code: string) => new AppError(409, 'already_exists', OFFER_MESSAGES.codeTaken(code), 'offerCode');

/** GET /item/offer: a page of offers, newest first; search on code or description; status as it applies now. */
export function listOffers(db: Db, actor: Authenticated, query: ListQuery, now: Date): Promise<OfferList> {
  const { tenant } = actor;
  return readTenant(db, tenant.tenantId, async (tx) => {
    const { rows, total } = await findOffers(
      tx,
      tenant.tenantId,
      { search: query.search, status: query.status, now },
      { start: query.start, length: query.length },
    );
    return { recordsTotal: total, data: rows.map((found) => toOfferView(tenant, found, now)) };
  });
}

/** GET /item/offer/{id}. */
export function getOffer(db: Db, actor: Authenticated, id: string, now: Date): Promise<OfferView> {
  const { tenant } = actor;
  return readTenant(db, tenant.tenantId, async (tx) => {
    const found = await findOfferWithNames(tx, tenant.tenantId, id);
    if (!found) throw offerNotFound();
    return toOfferView(tenant, found, now);
  });
}

/**
 * The rules between fields, then the references: what courseGuId names (a category or an item of the
 * right type) and the buy/get categories. Answers whether courseGuId named a category or an item.
 */
async function checkOffer(tx: Tx, tenantId: string, offer: OfferWire): Promise<'category' | 'item' | null> {
  const problem = offerProblem(offer);
  if (problem) throw badRequest(problem.field, problem.message);
  if (offer.offerType === 'buyFirstAndGetOther') {
    for (const field of ['primaryItem', 'secondaryItem'] as const) {
      const rule = offer[field];
      if (rule && !(await findCategoryRef(tx, tenantId, rule.category)))
        throw missing(`${field}.category`, OFFER_MESSAGES.categoryNotFound);
    }
    return null;
  }
  if (offer.itemType === 'item' || !offer.courseGuId) return null;
  const wrongType = () => badRequest('courseGuId', OFFER_MESSAGES.targetWrongType);
  const category = await findCategoryRef(tx, tenantId, offer.courseGuId);
  if (category) {
    const fits =
      offer.itemType === 'course' ? category.categoryType === 'SERVICE' : category.categoryType !== 'SERVICE';
    if (!fits) throw wrongType();
    return 'category';
  }
  const item = await findItemRef(tx, tenantId, offer.courseGuId);
  if (!item) throw missing('courseGuId', OFFER_MESSAGES.targetNotFound);
  if ((offer.itemType === 'course') !== (item.kind === 'service')) throw wrongType();
  return 'item';
}

async function viewOf(tx: Tx, actor: Authenticated, id: string, now: Date): Promise<OfferView> {
  const found = await findOfferWithNames(tx, actor.tenant.tenantId, id);
  if (!found) throw offerNotFound();
  return toOfferView(actor.tenant, found, now);
}

/** POST /item/offer: the code is stored lower-cased and is unique in the tenant (409 when taken). */
export function createOffer(
  db: Db,
  actor: Authenticated,
  input: z.output<typeof OfferInput>,
  now: Date,
): Promise<OfferView> {
  const { tenant } = actor;
  return withTenant(db, tenant.tenantId, async (tx) => {
    const target = await checkOffer(tx, tenant.tenantId, input);
    if (await findOfferByCode(tx, tenant.tenantId, input.offerCode)) throw codeTaken(input.offerCode);
    const row = await insertOffer(tx, tenant.tenantId, toValues(tenant, input, target));
    return viewOf(tx, actor, row.id, now);
  });
}

/** PUT /item/offer/{id}: the fields sent change; the whole offer is checked again (disable/enable is {status}). */
export function editOffer(db: Db, actor: Authenticated, id: string, update: Update, now: Date): Promise<OfferView> {
  const { tenant } = actor;
  return withTenant(db, tenant.tenantId, async (tx) => {
    const current = await findOffer(tx, tenant.tenantId, id);
    if (!current) throw offerNotFound();
    const merged: OfferWire = { ...toWire(tenant, current), ...stripUndefined(update) };
    const target = await checkOffer(tx, tenant.tenantId, merged);
    if (merged.offerCode !== current.offerCode) {
      const other = await findOfferByCode(tx, tenant.tenantId, merged.offerCode);
      if (other && other.id !== id) throw codeTaken(merged.offerCode);
    }
    const values = toValues(tenant, merged, target);
    // Dates not sent keep their stored instants (a change of the tenant's zone does not move them).
    if (update.startDate === undefined) values.startsAt = current.startsAt;
    if (update.endDate === undefined) values.endsAt = current.endsAt;
    if (!(await updateOffer(tx, tenant.tenantId, id, values))) throw offerNotFound();
    return viewOf(tx, actor, id, now);
  });
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

// ---------------------------------------------------------------- checkout and the public calls

export interface OfferAnswer {
  evaluation: OfferEvaluation;
  /** The offer the code named, when there is one. */
  row: OfferRow | null;
}

/**
 * What a code takes off these lines at `now`, without counting a use: the public validation calls
 * and a checkout's preview. Run inside the tenant's transaction (`tx` scoped to `tenantId`).
 */
export async function previewOffer(
  tx: Tx,
  tenantId: string,
  code: string,
  lines: readonly CartLine[],
  now: Date,
): Promise<OfferAnswer> {
  const row = await findOfferByCode(tx, tenantId, normalizeOfferCode(code));
  if (!row) return { evaluation: unknownOfferCode(code), row: null };
  return { evaluation: evaluateOffer(toOffer(row), lines, now), row };
}

/**
 * Checkout: evaluates the code on the priced lines and, when it applies, counts one use in the
 * sale's own transaction with a conditional UPDATE (`used_count < usage_limit`), so concurrent
 * buyers can never take more uses than the limit; the one who finds none left gets the used-up alert.
 * If the sale's transaction rolls back, so does the use.
 */
export async function redeemOffer(
  tx: Tx,
  tenantId: string,
  code: string,
  lines: readonly CartLine[],
  now: Date,
): Promise<OfferEvaluation> {
  const { evaluation, row } = await previewOffer(tx, tenantId, code, lines, now);
  if (!evaluation.ok || !row) return evaluation;
  if (!(await takeOfferUse(tx, tenantId, row.id))) {
    return { ok: false, code: evaluation.code, reason: 'used-up', alert: offerCodeUsedUp(evaluation.code) };
  }
  return evaluation;
}
