import type { PublicEvent } from '@atrium/contracts';

const format = (iso: string, timeZone: string, options: Intl.DateTimeFormatOptions) => {
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(new Date(iso));
  }
};

const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** "Sat, Mar 14, 2026" or "Sat, Mar 14, 2026 – Sun, Mar 15, 2026", on the tenant's calendar. */
export function eventDates(event: Pick<PublicEvent, 'startsAt' | 'endsAt' | 'timezone'>): string {
  if (!event.startsAt || !event.endsAt) return 'No dates';
  const first = format(event.startsAt, event.timezone, DAY);
  const last = format(event.endsAt, event.timezone, DAY);
  return first === last ? first : `${first} – ${last}`;
}

/** One session's day and times: "Sat, Mar 14, 2026, 9:00 AM – 12:00 PM". */
export function sessionLabel(session: { startsAt: string; endsAt: string }, timeZone: string): string {
  return `${format(session.startsAt, timeZone, DAY)}, ${format(session.startsAt, timeZone, TIME)} – ${format(session.endsAt, timeZone, TIME)}`;
}

/** "3 places left", "1 place left", "Full", or "Closed" once no session is to come. */
export function placesLabel(event: Pick<PublicEvent, 'spotsLeft' | 'isOpen' | 'sessions'>, now = Date.now()): string {
  const toCome = event.sessions.some((s) => s.status === 'scheduled' && Date.parse(s.startsAt) > now);
  if (!toCome) return 'Closed';
  if (event.spotsLeft <= 0) return 'Full';
  return event.spotsLeft === 1 ? '1 place left' : `${event.spotsLeft} places left`;
}

/** The shareable address of an event on the studio's site. */
export const eventPath = (publicId: string) => `/events/${encodeURIComponent(publicId)}`;
