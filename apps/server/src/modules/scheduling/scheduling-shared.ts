// What every part of scheduling shares: the booking context, the studio's zone and the not-found answers.
import { knownTimeZone } from '@atrium/contracts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import type { BookingContext } from './booking-core.ts';

/** What a booking change needs: the tenant, its origin for email links, and the clock. */
export function bookingContext(platform: Platform, tenant: TenantContext, now: Date): BookingContext {
  return { tenant, origin: tenantOrigin(platform.config, tenant), now, config: platform.config };
}

export const roomNotFound = () => notFound('Room');
export const ruleNotFound = () => notFound('Class');
export const sessionNotFound = () => notFound('Class session');
export const bookingNotFound = () => notFound('Booking');
export const HOUR = 3_600_000;
export const conflict = (message: string, field?: string) => new AppError(409, 'conflict', message, field);
/** A reference in a body the tenant does not have (or another tenant's): a 404 naming the field. */
export const missing = (field: string, what: string) => new AppError(404, 'not_found', `${what} not found.`, field);

export const zoneOf = (tenant: TenantContext) => knownTimeZone(tenant.settings.timezone);
