import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

describe('formatDateTime', () => {
  const winter = '2026-01-15T14:00:00Z';

  it("shows the tenant's wall time, without a zone name when the viewer's clock agrees", () => {
    const text = formatDateTime(winter, 'America/New_York', 'America/Toronto');
    expect(text).toContain('9:00');
    expect(text).not.toMatch(/EST|GMT/);
  });

  it("names the tenant's zone when the viewer's clock is elsewhere", () => {
    const text = formatDateTime(winter, 'America/New_York', 'Europe/London');
    expect(text).toContain('9:00');
    expect(text).toMatch(/EST|GMT-5/);
  });

  it('compares offsets at that moment: London and Lisbon agree in winter, and in summer too', () => {
    expect(formatDateTime(winter, 'Europe/Lisbon', 'Europe/London')).not.toMatch(/GMT|WET/);
    expect(formatDateTime('2026-07-15T14:00:00Z', 'Europe/Lisbon', 'Europe/London')).not.toMatch(/GMT|WEST|BST/);
    // Phoenix keeps standard time: in summer it is an hour off Denver, in winter the same
    expect(formatDateTime(winter, 'America/Phoenix', 'America/Denver')).not.toMatch(/MST|GMT/);
    expect(formatDateTime('2026-07-15T14:00:00Z', 'America/Phoenix', 'America/Denver')).toMatch(/MST|GMT-7/);
  });

  it('answers nothing for a bad date, and falls back for an unknown zone', () => {
    expect(formatDateTime('not a date', 'America/New_York')).toBe('');
    expect(formatDateTime(winter, 'Mars/Olympus', 'Europe/London')).not.toBe('');
  });
});
