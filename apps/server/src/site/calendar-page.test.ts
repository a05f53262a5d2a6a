import { type ClassSession, dateInZone, type TenantConfig } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, newTenant, startTestApp, type TestTenant } from '../../test/helpers.ts';
import { webDistWithIndex } from '../../test/web-dist.ts';
import type { App } from '../app.ts';
import { addDays, calendarHtml, weekOf, weekTitle } from './calendar-page.ts';

// The server-rendered public /calendar (issue 30; docs/decisions/website.md "Visitors' pages on a phone").

const ZONE = 'America/New_York';
let app: App;
let studio: TestTenant;
let other: TestTenant;
let hidden: TestTenant;

beforeAll(async () => {
  app = await startTestApp({ webDistDir: webDistWithIndex() });
  [studio, other, hidden] = await Promise.all([
    newTenant(app, { settings: { timezone: ZONE, isShowRoomName: true, registerButtonLabel: 'Register' } }),
    newTenant(app, { settings: { timezone: ZONE } }),
    newTenant(app, { settings: { timezone: ZONE, isShowSchedule: false } }),
  ]);
});

const page = (t: TestTenant, url = '/calendar') => app.inject({ url, headers: { host: t.host } });

const NOW = Date.parse('2026-03-04T15:00:00Z'); // Wednesday 10:00 in New York
const session = (over: Partial<ClassSession>): ClassSession => ({
  guId: 'sess-1',
  classId: 'rule-1',
  name: 'Morning <Yoga>',
  startsAt: '2026-03-05T12:00:00Z',
  endsAt: '2026-03-05T13:00:00Z',
  clsStartTime: String(Date.parse('2026-03-05T12:00:00Z')),
  capacity: 10,
  booked: 7,
  spotsLeft: 3,
  waitlisted: 0,
  status: 'scheduled',
  roomName: 'Studio A',
  teacherName: 'İpek Yılmaz',
  priceMinor: 1500,
  isOnline: false,
  waitlistOpen: true,
  ...over,
});
const tenant = { scheduleLabel: 'Schedule', registerButtonLabel: '', csymbol: '$' } as TenantConfig;

describe('the calendar page from the server', () => {
  it('weeks start on Sunday (as the app’s calendar) and are titled short enough for a phone', () => {
    expect(weekOf('2026-03-04')).toBe('2026-03-01');
    expect(weekOf('2026-03-01')).toBe('2026-03-01');
    expect(weekOf('2027-01-01')).toBe('2026-12-27');
    expect(weekTitle('2026-11-29')).toBe('Nov 29 – Dec 5, 2026');
    expect(weekTitle('2026-12-27')).toBe('Dec 27, 2026 – Jan 2, 2027');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });

  it('draws the week day by day, each class a button with its time, name, room and spots, and its dialog’s details', () => {
    const html = calendarHtml(
      {
        start: '2026-03-01',
        sessions: [
          session({}),
          session({ guId: 'sess-2', name: 'Full Flow', spotsLeft: 0, booked: 10, waitlistOpen: false }),
          session({ guId: 'sess-3', name: 'Waitlist Flow', spotsLeft: 0, booked: 10, priceMinor: null }),
          session({
            guId: 'sess-4',
            name: 'Gone Flow',
            startsAt: '2026-03-02T12:00:00Z',
            endsAt: '2026-03-02T13:00:00Z',
          }),
        ],
      },
      tenant,
      ZONE,
      'studio.example.test',
      NOW,
    );
    expect(html).toContain('<h2 id="cal-week-title">Mar 1 – Mar 7, 2026</h2>');
    expect(html).toContain('<h3>Wednesday, Mar 4 (today)</h3><p class="cal-none">No classes</p>');
    expect(html).toContain(
      '<span class="cal-class__time">7:00 AM</span><span>Morning &lt;Yoga&gt; · Studio A · 3 spots left</span>',
    );
    expect(html).toContain('<span>Full Flow · Studio A · Full</span>');
    // the dialog's details: the day in full, the times, room, teacher, spots and price, then what to do
    expect(html).toContain('<template id="cal-class-0" data-name="Morning &lt;Yoga&gt;">');
    expect(html).toContain('<p>Thursday, March 5, 2026, 7:00 AM – 8:00 AM</p>');
    expect(html).toContain('<span class="cal-badge cal-badge--teacher">İpek Yılmaz</span>');
    expect(html).toContain('<span class="cal-badge cal-badge--price">Drop-in $15.00</span>');
    expect(html).toContain('data-cal-go="/signup/rule-1/1772712000000?scheduleId=sess-1">Book</button>');
    // full with its waitlist off: the app's words, no button; full with it open: Join waitlist
    expect(html).toContain('<p class="cal-full" role="status">This class is full.</p>');
    expect(html).toContain('scheduleId=sess-3">Join waitlist</button>');
    // a class already held: its details, nothing to do
    const gone = html.slice(html.indexOf('<template id="cal-class-3"'));
    expect(gone.slice(0, gone.indexOf('</template>'))).not.toContain('cal-book');
    // the weeks around, by plain buttons; the feed to subscribe to
    expect(html).toContain('name="week" value="2026-02-22">Previous week</button>');
    expect(html).toContain('name="week" value="2026-03-08">Next week</button>');
    expect(html).toContain('<a href="webcal://studio.example.test/public/timetable.ics">Add this schedule');
    expect(html).toContain('(or copy <a href="/public/timetable.ics">its address</a>)');
    expect(calendarHtml({ start: '2026-03-01', sessions: [] }, tenant, ZONE, 'h', NOW)).toContain(
      '<p>No classes in this period.</p>',
    );
  });

  it('answers the studio’s week of classes as HTML with its island only; another studio sees none of it', async () => {
    const admin = (await loginAs(app, studio, 'admin')).access_token;
    const today = dateInZone(new Date(), ZONE);
    // classes only in three weeks' time: the page opens on that week, not on an empty one
    const later = addDays(weekOf(today), 21);
    const made = await app.inject({
      method: 'POST',
      url: '/snode/classrule',
      headers: bearer(admin, studio.host),
      payload: {
        name: 'Sunrise Flow',
        daysOfWeek: [2],
        startTime: '07:00',
        durationMinutes: 60,
        startDate: later,
        endDate: addDays(later, 6),
        capacity: 8,
      },
    });
    expect(made.statusCode).toBe(201);

    const opened = await page(studio);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toContain('text/html');
    expect(opened.body).toContain('<h1>Schedule</h1>');
    expect(opened.body).toContain(`<h2 id="cal-week-title">${weekTitle(later)}</h2>`);
    expect(opened.body).toContain('<span>Sunrise Flow · 8 spots left</span>');
    expect(opened.body).toContain('>Register</button>');
    expect(opened.body).not.toMatch(/atrium/i);
    expect(opened.body.match(/<script src="[^"]+"/g)).toEqual([
      '<script src="/site/boot.js"',
      '<script src="/site/calendar.js"',
    ]);

    // an asked week is shown as asked, even empty; a day that is not one is ignored
    const thisWeek = await page(studio, `/calendar?week=${today}`);
    expect(thisWeek.body).toContain(`<h2 id="cal-week-title">${weekTitle(weekOf(today))}</h2>`);
    const nonsense = await page(studio, '/calendar?week=2026-02-31');
    expect(nonsense.body).toContain(`<h2 id="cal-week-title">${weekTitle(later)}</h2>`);

    const theirs = await page(other, `/calendar?week=${later}`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain('Sunrise Flow');
    expect(theirs.body).toContain('No classes in this period.');

    const island = await app.inject({ url: '/site/calendar.js', headers: { host: studio.host } });
    expect(island.statusCode).toBe(200);
    expect(island.headers['content-type']).toContain('text/javascript');
  });

  it('a studio that hides its schedule gets the web app (its staff’s calendar), not a public timetable', async () => {
    const response = await page(hidden);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('cal-week-title');
    expect(response.body).toContain('<div id="root"></div>');
  });
});
