import type { DateRangeQuery } from '@atrium/contracts';
import { type Db, readTenant } from '../../db/client.ts';
import type { Authenticated } from '../../lib/guards.ts';
import { zoneOf } from './scheduling-shared.ts';
import { rangeOf } from './sessions.service.ts';
import { staffCalendarJson } from './staff-calendar.repo.ts';

/**
 * GET /snode/session/calendar: the staff calendar's range (every session, cancelled ones too) in the
 * compact form the screen decodes, as the JSON text of StaffCalendar that PostgreSQL builds in one
 * statement. Room names only when the tenant shows them (isShowRoomName), as on every calendar;
 * overlaps are flagged whether or not the room is shown. Nothing is cached: each answer reads the
 * tenant's rows under its own row-level security.
 */
export async function staffCalendarBytes(db: Db, actor: Authenticated, range: DateRangeQuery): Promise<Buffer> {
  const { tenant } = actor;
  const { from, to } = rangeOf(tenant, range);
  return readTenant(db, tenant.tenantId, (tx) =>
    staffCalendarJson(tx, tenant.tenantId, {
      from,
      to,
      timezone: zoneOf(tenant),
      showRooms: tenant.settings.isShowRoomName,
    }),
  );
}
