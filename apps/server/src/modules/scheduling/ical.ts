// A minimal iCalendar (RFC 5545) writer: events with UTC times (DTSTART:...Z), text escaped and
// lines folded at 75 octets, CRLF line ends. The calendar names the tenant's zone (X-WR-TIMEZONE),
// so a client shows it in the studio's time; a UTC instant needs no VTIMEZONE. Each event keeps
// its UID and carries its SEQUENCE (raised by every change a calendar shows) and LAST-MODIFIED, so a
// calendar app that already holds it takes the changed version (RFC 5545 §3.8.7.4).

export interface CalendarEvent {
  uid: string;
  summary: string;
  start: Date;
  end: Date;
  location?: string | null;
  description?: string | null;
  cancelled?: boolean;
  /** The occurrence's revision: 0 as made, one more for each change of time, room, teacher, name or status. */
  sequence: number;
  updatedAt: Date;
}

const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets (UTF-8), continuation lines starting with a space. */
export function foldLine(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const n = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74;
    if (size + n > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function toICalendar(options: {
  name: string;
  timeZone: string;
  prodId: string;
  now: Date;
  events: CalendarEvent[];
}): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${options.prodId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`,
    `X-WR-TIMEZONE:${options.timeZone}`,
  ];
  for (const e of options.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${utc(options.now)}`,
      `LAST-MODIFIED:${utc(e.updatedAt)}`,
      `SEQUENCE:${e.sequence}`,
      `DTSTART:${utc(e.start)}`,
      `DTEND:${utc(e.end)}`,
      `SUMMARY:${escapeText(e.summary)}`,
    );
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    lines.push(`STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
