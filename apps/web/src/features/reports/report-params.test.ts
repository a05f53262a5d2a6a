import { describe, expect, it } from 'vitest';
import { reportParamsFrom, reportPath, thisMonthSoFar } from './report-params';

describe('report parameters', () => {
  const now = new Date('2026-03-01T03:00:00Z'); // still February 28 in New York

  it("defaults to the sales of this month so far in the studio's zone, by day", () => {
    expect(thisMonthSoFar('America/New_York', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(thisMonthSoFar('Asia/Kolkata', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(reportParamsFrom(new URLSearchParams(''), 'America/New_York', now)).toEqual({
      report: 'sales',
      from: '2026-02-01',
      to: '2026-02-28',
      groupBy: 'day',
    });
  });

  it('reads a linked report back from its address, and ignores what is not a date, a report or its grouping', () => {
    const path = reportPath({ report: 'sales', from: '2026-01-01', to: '2026-01-31', groupBy: 'item' });
    expect(path).toBe('/reports?report=sales&from=2026-01-01&to=2026-01-31&groupBy=item');
    expect(reportParamsFrom(new URLSearchParams(path.split('?')[1]), 'UTC', now)).toEqual({
      report: 'sales',
      from: '2026-01-01',
      to: '2026-01-31',
      groupBy: 'item',
    });
    expect(reportParamsFrom(new URLSearchParams('report=attendance&groupBy=item'), 'UTC', now)).toMatchObject({
      report: 'attendance',
      groupBy: 'class',
    });
    expect(reportParamsFrom(new URLSearchParams('report=memberships'), 'UTC', now)).toMatchObject({
      report: 'memberships',
      groupBy: 'membership',
    });
    expect(reportParamsFrom(new URLSearchParams('report=x&from=yesterday&groupBy=colour'), 'UTC', now)).toEqual({
      report: 'sales',
      from: '2026-03-01',
      to: '2026-03-01',
      groupBy: 'day',
    });
  });
});
