/** What the overlap check needs of a session. */
export interface Placed {
  id: string;
  startsAt: Date;
  endsAt: Date;
  roomId: string | null;
  teacherId: string | null;
}

/**
 * The sessions that overlap another in the same room or with the same teacher (back to back is not
 * an overlap). One sweep per room and per teacher over the sessions sorted by start: O(n log n), so
 * a month of 2,000 sessions costs a few milliseconds in the process instead of a self-join.
 */
export function overlappingIds(sessions: readonly Placed[]): Set<string> {
  const flagged = new Set<string>();
  const groups = new Map<string, Placed[]>();
  for (const s of sessions) {
    for (const key of [s.roomId ? `room:${s.roomId}` : null, s.teacherId ? `teacher:${s.teacherId}` : null]) {
      if (!key) continue;
      const group = groups.get(key);
      if (group) group.push(s);
      else groups.set(key, [s]);
    }
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    // The session reaching furthest so far: any later start before its end overlaps it.
    let reach = group[0] as Placed;
    for (const current of group.slice(1)) {
      if (current.startsAt.getTime() < reach.endsAt.getTime()) {
        flagged.add(current.id);
        flagged.add(reach.id);
      }
      if (current.endsAt.getTime() > reach.endsAt.getTime()) reach = current;
    }
  }
  return flagged;
}
