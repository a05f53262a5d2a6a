import type { ClassSession } from '@atrium/contracts';

/** "2 spots left", "Full", "Cancelled". */
export function spotsLabel(session: Pick<ClassSession, 'spotsLeft' | 'status'>): string {
  if (session.status === 'cancelled') return 'Cancelled';
  if (session.spotsLeft <= 0) return 'Full';
  return session.spotsLeft === 1 ? '1 spot left' : `${session.spotsLeft} spots left`;
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

/** The event title a calendar shows: name, room when given, and the spots left. */
export function eventTitle(session: ClassSession): string {
  const room = session.roomName ? ` · ${session.roomName}` : '';
  return `${session.name}${room} · ${spotsLabel(session)}`;
}
