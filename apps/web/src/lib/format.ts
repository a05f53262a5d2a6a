/**
 * A date and time in the tenant's zone. Where the viewer's own clock is in another zone at that
 * moment, the zone is named ("9:00 AM EST"), so a time is never mistaken for local time.
 */
export function formatDateTime(iso: string, timeZone?: string, viewerZone = viewerTimeZone()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    if (!timeZone) return new Intl.DateTimeFormat(undefined, options).format(date);
    if (offsetAt(date, timeZone) === offsetAt(date, viewerZone)) {
      return new Intl.DateTimeFormat(undefined, { ...options, timeZone }).format(date);
    }
    // dateStyle/timeStyle cannot be combined with timeZoneName: spell the same fields out.
    return new Intl.DateTimeFormat(undefined, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    }).format(date);
  } catch {
    return new Intl.DateTimeFormat(undefined, options).format(date);
  }
}

function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The zone's offset from UTC at that instant, as Intl names it ("GMT-5"). */
function offsetAt(date: Date, timeZone: string): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(date)
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  );
}
