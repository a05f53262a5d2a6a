/**
 * A studio may be anywhere: its time zone is any named IANA zone (issue 22), with its country's
 * zones suggested first (COUNTRY_TIMEZONES). An offset such as `+05:30` is no zone: it knows no
 * daylight-saving change, so a schedule in it would drift by an hour twice a year.
 */

const NAMED_ZONE = /^(UTC|[A-Z][A-Za-z_]+(\/[A-Za-z0-9_+-]+){1,2})$/;

/** True for a zone name this runtime's time zone data knows, e.g. `Europe/London`, `Asia/Kolkata`, `UTC`. */
export function isIanaTimeZone(zone: string): boolean {
  if (!NAMED_ZONE.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

let allZones: readonly string[] | undefined;

/** Every named zone the runtime knows, sorted (the browser's and Node's ICU lists may differ a little). */
export function allTimeZones(): readonly string[] {
  if (!allZones) {
    const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    allZones = [...new Set([...listed, 'UTC'])].filter(isIanaTimeZone).sort();
  }
  return allZones;
}

/** `America/Los_Angeles` -> `America/Los Angeles`: what a person reads in a list. */
export function timeZoneLabel(zone: string): string {
  return zone.replace(/_/g, ' ');
}

export interface TimeZoneGroup {
  group: string;
  items: { value: string; label: string }[];
}

/**
 * The choices of a time zone select: the suggested zones first (the country's), then every other
 * zone; a current value the runtime does not list is kept so a select never drops what is stored.
 */
export function timeZoneChoices(suggested: readonly string[], current?: string): TimeZoneGroup[] {
  const first = [...new Set([...suggested, ...(current && !allTimeZones().includes(current) ? [current] : [])])];
  const rest = allTimeZones().filter((zone) => !first.includes(zone));
  const item = (value: string) => ({ value, label: timeZoneLabel(value) });
  return [
    ...(first.length ? [{ group: 'Suggested', items: first.map(item) }] : []),
    { group: 'All time zones', items: rest.map(item) },
  ];
}
