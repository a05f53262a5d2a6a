import type { ClassSession } from './scheduling.ts';

// How a class session is named to people, the same in the web app's calendars and the server-rendered
// public timetable (/calendar): one rule, so the two never drift.

/** "2 spots left", "1 spot left", "Full", "Cancelled". */
export function spotsLabel(session: Pick<ClassSession, 'spotsLeft' | 'status'>): string {
  if (session.status === 'cancelled') return 'Cancelled';
  if (session.spotsLeft <= 0) return 'Full';
  return session.spotsLeft === 1 ? '1 spot left' : `${session.spotsLeft} spots left`;
}

/** A full class that takes no more names (its waitlist is off, or full): booking says 'This class is full.'. */
export function isClosedFull(session: Pick<ClassSession, 'spotsLeft' | 'status' | 'waitlistOpen'>): boolean {
  return session.status === 'scheduled' && session.spotsLeft <= 0 && !session.waitlistOpen;
}

/** The title a calendar shows for a session: name, room when given, online, and the spots left. */
export function eventTitle(
  session: Pick<ClassSession, 'name' | 'roomName' | 'isOnline' | 'spotsLeft' | 'status'>,
): string {
  const room = session.roomName ? ` · ${session.roomName}` : '';
  const online = session.isOnline ? ' · Online' : '';
  return `${session.name}${room}${online} · ${spotsLabel(session)}`;
}
