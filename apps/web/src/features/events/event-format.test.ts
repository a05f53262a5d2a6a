import { describe, expect, it } from 'vitest';
import { eventDates, placesLabel, sessionLabel } from './event-format';

const NY = 'America/New_York';

describe('event formats', () => {
  it('names one day once, and a span by its first and last day, on the studio clock', () => {
    expect(eventDates({ startsAt: '2026-03-14T13:00:00Z', endsAt: '2026-03-14T16:00:00Z', timezone: NY })).toBe(
      'Sat, Mar 14, 2026',
    );
    // the second session ends at 11 PM New York time, already the 16th in UTC
    expect(eventDates({ startsAt: '2026-03-14T13:00:00Z', endsAt: '2026-03-16T03:00:00Z', timezone: NY })).toBe(
      'Sat, Mar 14, 2026 – Sun, Mar 15, 2026',
    );
    expect(eventDates({ startsAt: null, endsAt: null, timezone: NY })).toBe('No dates');
  });

  it('labels a session with its day and times across a DST change', () => {
    expect(sessionLabel({ startsAt: '2026-03-08T14:00:00Z', endsAt: '2026-03-08T17:00:00Z' }, NY)).toBe(
      'Sun, Mar 8, 2026, 10:00 AM – 1:00 PM',
    );
  });

  it('says how many places are left, full, or closed once nothing is to come', () => {
    const now = Date.parse('2026-03-01T00:00:00Z');
    const sessions = [
      { guId: 's', startsAt: '2026-03-14T13:00:00Z', endsAt: '2026-03-14T16:00:00Z', status: 'scheduled' as const },
    ];
    expect(placesLabel({ spotsLeft: 3, isOpen: true, sessions }, now)).toBe('3 places left');
    expect(placesLabel({ spotsLeft: 1, isOpen: true, sessions }, now)).toBe('1 place left');
    expect(placesLabel({ spotsLeft: 0, isOpen: false, sessions }, now)).toBe('Full');
    expect(placesLabel({ spotsLeft: 0, isOpen: false, sessions }, Date.parse('2026-04-01T00:00:00Z'))).toBe('Closed');
  });
});
