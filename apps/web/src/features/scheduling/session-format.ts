import { type ClassSession, overlapLabel, type SessionEdited, wallTimeInZone } from '@atrium/contracts';

/** When a place was taken, on the tenant's clocks with seconds (the waitlist's order): "Dec 1, 6:02:15 PM". */
export function placedAtLabel(iso: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  };
  try {
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(undefined, options).format(new Date(iso));
  }
}

/** The time range of a session on the tenant's clocks, e.g. "6:00 PM – 7:00 PM". */
export function timeRange(session: Pick<ClassSession, 'startsAt' | 'endsAt'>, timeZone: string): string {
  const format = (iso: string) => {
    try {
      return new Intl.DateTimeFormat(undefined, { timeStyle: 'short', timeZone }).format(new Date(iso));
    } catch {
      return new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(iso));
    }
  };
  return `${format(session.startsAt)} – ${format(session.endsAt)}`;
}

/** A drop-in price in minor units as the tenant's symbol shows it; null for a free class. */
export function priceLabel(priceMinor: number | null, csymbol: string): string | null {
  if (!priceMinor) return null;
  return `${csymbol || '$'}${(priceMinor / 100).toFixed(2)}`;
}

/**
 * Where a session dropped on the calendar lands, on the tenant's clocks: the drag's whole days move
 * the date and its remaining time moves the wall clock, so a 18:00 class dragged a week across a
 * daylight-saving change is still at 18:00.
 */
export function movedWallTime(
  startsAt: string,
  timeZone: string,
  delta: { days: number; milliseconds: number; months?: number; years?: number },
): { date: string; startTime: string } {
  const wall = wallTimeInZone(new Date(startsAt), timeZone);
  const [date = '', time = '00:00'] = wall.split('T');
  const [h, m] = time.split(':').map(Number) as [number, number];
  const minutes = h * 60 + m + Math.round(delta.milliseconds / 60_000);
  const dayShift = Math.floor(minutes / 1440);
  const inDay = ((minutes % 1440) + 1440) % 1440;
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() + (delta.months ?? 0) + 12 * (delta.years ?? 0));
  at.setUTCDate(at.getUTCDate() + delta.days + dayShift);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: at.toISOString().slice(0, 10), startTime: `${pad(Math.floor(inDay / 60))}:${pad(inDay % 60)}` };
}

/** What the desk is told after a move: who was emailed, and any room or teacher overlap. */
export function movedMessages(edited: SessionEdited, timeZone: string): { done: string; warnings: string[] } {
  const told = edited.notified;
  const done =
    told === 0
      ? 'The class was changed.'
      : `The class was changed. ${told === 1 ? '1 person was' : `${told} people were`} emailed.`;
  const warnings = edited.overlaps.map((o) =>
    overlapLabel(o, `${dayLabelShort(o.startsAt, timeZone)}, ${timeRange(o, timeZone)}`),
  );
  return { done, warnings };
}

function dayLabelShort(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone }).format(
    new Date(iso),
  );
}
