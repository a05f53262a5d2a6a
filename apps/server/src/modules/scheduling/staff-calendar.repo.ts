import { SESSION_STATUSES, STAFF_CALENDAR_FLAGS } from '@atrium/contracts';
import { sql } from 'drizzle-orm';
import { hotStatement, type Tx } from '../../db/client.ts';

const p = (name: string) => sql.placeholder(name);

/** A session's status as its index in SESSION_STATUSES (-1 for one the contract does not know). */
const statusIndex = sql.raw(
  `case s.status ${SESSION_STATUSES.map((status, index) => `when '${status}' then ${index}`).join(' ')} else -1 end`,
);
/**
 * Sessions per row of the answer (~32 KB of text each). A month as one 160 KB string landed in V8's
 * large-object space, so every answer brought a full garbage collection nearer: the server spent
 * ~7 ms of CPU per month, against ~2.5 ms for pieces joined into one Buffer (docs/benchmarks.md).
 */
const PIECE = sql.raw('400');
const OVERLAP = sql.raw(String(STAFF_CALENDAR_FLAGS.overlap));
const WAITLIST_OPEN = sql.raw(String(STAFF_CALENDAR_FLAGS.waitlistOpen));

/**
 * The staff calendar's range [from, to) as the JSON text of StaffCalendar, built by PostgreSQL in one
 * statement (docs/decisions/scheduling.md, "The staff calendar month in one statement"), answered in
 * rows in `part` order whose texts joined are the JSON: the head (timezone, classes, rooms, teachers),
 * the sessions PIECE at a time, then the closing brackets.
 * - `base`: the range's sessions (cancelled ones too), read once through class_sessions_tenant_start_idx
 *   (tenant, start). Classes, rooms and teachers are looked up once each (a few dozen rows), not per
 *   session: sessions sort by start, then their class's name as a rank (name_rank), then id.
 * - Overlaps: read from class_session_overlaps (the range's flagged sessions, one index range), which
 *   triggers keep as sessions are written (migration 0071): computing them here took a third of the
 *   statement's time.
 * - Classes, rooms and teachers listed once (in the order their first session starts), each session
 *   holding their index; a teacher with no name and a hidden room (isShowRoomName off) are -1.
 * - Each session one row of numbers by concat_ws (a third less CPU than a chain of ||; json_build_array
 *   writes a space after every comma, ~10% more bytes). Numbers in PostgreSQL's own output (a float8
 *   epoch from date_part prints as JavaScript's would), strings through to_json (JSON's escaping).
 */
const STAFF_CALENDAR = sql`
  with base as (
    select cs.id, cs.rule_id, cs.starts_at, cs.ends_at, cs.capacity, cs.booked_count, cs.status,
      cs.waitlist_enabled, cs.waitlist_size, cs.room_id, cs.teacher_id
    from class_sessions cs
    where cs.tenant_id = ${p('tenantId')}::uuid
      and cs.starts_at >= ${p('from')}::timestamptz and cs.starts_at < ${p('to')}::timestamptz
  ),
  overlapping as (
    select session_id as id from class_session_overlaps
    where tenant_id = ${p('tenantId')}::uuid
      and starts_at >= ${p('from')}::timestamptz and starts_at < ${p('to')}::timestamptz
  ),
  waiting as (
    select b.session_id, count(*)::int as n
    from class_bookings b join base on base.id = b.session_id
    where b.tenant_id = ${p('tenantId')}::uuid and b.status = 'waitlisted'
    group by b.session_id
  ),
  classes as (
    select cr.id as rule_id, cr.name, cr.price_minor, cr.online_join_url,
      row_number() over (order by f.first_start, cr.name, cr.id) - 1 as ix,
      dense_rank() over (order by cr.name) as name_rank
    from (select rule_id, min(starts_at) as first_start from base group by rule_id) f
    join class_rules cr on cr.tenant_id = ${p('tenantId')}::uuid and cr.id = f.rule_id
  ),
  room_list as (
    select r.id as room_id, r.name, row_number() over (order by f.first_start, r.id) - 1 as ix
    from (select room_id, min(starts_at) as first_start from base group by room_id) f
    join rooms r on r.tenant_id = ${p('tenantId')}::uuid and r.id = f.room_id
    where ${p('showRooms')}::boolean
  ),
  teacher_list as (
    select t.id as teacher_id, nullif(trim(t.name || ' ' || t.last_name), '') as name,
      row_number() over (order by f.first_start, t.id) - 1 as ix
    from (select teacher_id, min(starts_at) as first_start from base group by teacher_id) f
    join contacts t on t.tenant_id = ${p('tenantId')}::uuid and t.id = f.teacher_id
    where nullif(trim(t.name || ' ' || t.last_name), '') is not null
  )
  select 0 as part, '{"timezone":' || to_json(${p('timezone')}::text)::text
    || ',"classes":[' || coalesce((
      select string_agg('{"id":"' || c.rule_id || '","name":' || to_json(c.name)::text
        || ',"priceMinor":' || coalesce(c.price_minor::text, 'null')
        || ',"isOnline":' || (c.online_join_url is not null)::text || '}', ',' order by c.ix)
      from classes c), '')
    || '],"rooms":[' || coalesce((select string_agg(to_json(name)::text, ',' order by ix) from room_list), '')
    || '],"teachers":[' || coalesce((select string_agg(to_json(name)::text, ',' order by ix) from teacher_list), '')
    || '],"sessions":[' as body
  union all
  select 1 + n / ${PIECE}, case when n / ${PIECE} > 0 then ',' else '' end || string_agg(row, ',' order by n)
  from (
    select row_number() over (order by s.starts_at, c.name_rank, s.id) - 1 as n,
      '[' || concat_ws(',', '"' || s.id || '"', c.ix,
          date_part('epoch', s.starts_at), date_part('epoch', s.ends_at - s.starts_at),
          s.capacity, s.booked_count, coalesce(w.n, 0), ${statusIndex},
          coalesce(rl.ix, -1), coalesce(tl.ix, -1),
          (case when o.id is not null then ${OVERLAP} else 0 end)
          | (case when s.status = 'scheduled' and s.waitlist_enabled
               and (s.waitlist_size is null or coalesce(w.n, 0) < s.waitlist_size)
             then ${WAITLIST_OPEN} else 0 end)) || ']' as row
    from base s
    join classes c on c.rule_id = s.rule_id
    left join waiting w on w.session_id = s.id
    left join room_list rl on rl.room_id = s.room_id
    left join teacher_list tl on tl.teacher_id = s.teacher_id
    left join overlapping o on o.id = s.id
  ) numbered
  group by n / ${PIECE}
  union all
  select 2147483647, ']}'
  order by part`;

/**
 * A named prepared statement on PostgreSQL (hotStatement): parsed and planned once per pooled
 * connection (planning this statement was ~2.5 ms of the server's CPU per call), then a generic plan:
 * the range through the (tenant, start) index and hash joins. On PGlite the name is unused.
 */
const staffCalendarStatement = hotStatement<{ part: unknown; body: string }>(
  STAFF_CALENDAR,
  'atrium_staff_calendar_v3',
);

/** The staff calendar of [from, to) as StaffCalendar's JSON in UTF-8; room names only when `showRooms`. */
export async function staffCalendarJson(
  tx: Tx,
  tenantId: string,
  range: { from: Date; to: Date; timezone: string; showRooms: boolean },
): Promise<Buffer> {
  const result = await staffCalendarStatement(tx, {
    tenantId,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    timezone: range.timezone,
    showRooms: range.showRooms,
  });
  const pieces = result.rows.map((row) => row.body);
  if (pieces.length < 2) throw new Error('staff calendar: the query answered no body');
  const bytes = Buffer.allocUnsafe(pieces.reduce((sum, piece) => sum + Buffer.byteLength(piece), 0));
  let at = 0;
  for (const piece of pieces) at += bytes.write(piece, at);
  return bytes;
}
