import { describe, expect, it } from 'vitest';
import { overlappingIds, type Placed } from './scheduling-fixtures.ts';

const at = (hhmm: string) => new Date(`2026-12-01T${hhmm}:00Z`);
const s = (id: string, from: string, to: string, roomId: string | null, teacherId: string | null = null): Placed => ({
  id,
  startsAt: at(from),
  endsAt: at(to),
  roomId,
  teacherId,
});

describe('overlappingIds, the reference for the stored overlap flags', () => {
  it('flags both sessions sharing a room at once; back to back and other rooms are fine', () => {
    const flagged = overlappingIds([
      s('a', '09:00', '10:00', 'r1'),
      s('b', '09:30', '10:30', 'r1'),
      s('c', '10:30', '11:30', 'r1'),
      s('d', '09:00', '10:00', 'r2'),
    ]);
    expect([...flagged].sort()).toEqual(['a', 'b']);
  });

  it('finds an overlap hidden behind a long session, and a shared teacher across rooms', () => {
    const flagged = overlappingIds([
      s('long', '08:00', '12:00', 'r1'),
      s('short', '09:00', '09:30', 'r1'),
      s('later', '11:00', '11:45', 'r1'),
      s('t1', '14:00', '15:00', 'r2', 'teach'),
      s('t2', '14:30', '15:30', 'r3', 'teach'),
      s('none', '14:00', '15:00', null, null),
    ]);
    expect([...flagged].sort()).toEqual(['later', 'long', 'short', 't1', 't2']);
  });
});
