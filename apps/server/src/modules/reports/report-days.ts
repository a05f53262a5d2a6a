import { nextDate, startOfDayInZone } from '@atrium/contracts';
import type { TenantContext } from '../../lib/tenant-context.ts';

/**
 * A report's dates (both days included) as the instants it counts between, in the studio's zone:
 * from the first day's start to the start of the day after the last.
 */
export function reportDays(tenant: TenantContext, dates: { from: string; to: string }) {
  const timeZone = tenant.settings.timezone;
  return {
    timeZone,
    from: startOfDayInZone(dates.from, timeZone),
    to: startOfDayInZone(nextDate(dates.to), timeZone),
  };
}
