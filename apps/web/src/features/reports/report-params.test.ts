import { describe, expect, it } from 'vitest';
import { salesParamsFrom, salesReportPath, thisMonthSoFar } from './report-params';

describe('sales report parameters', () => {
  const now = new Date('2026-03-01T03:00:00Z'); // still February 28 in New York

  it("defaults to this month so far in the studio's zone, by day", () => {
    expect(thisMonthSoFar('America/New_York', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(thisMonthSoFar('Asia/Kolkata', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(salesParamsFrom(new URLSearchParams(''), 'America/New_York', now)).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
      groupBy: 'day',
    });
  });

  it('reads a linked report back from its address, and ignores what is not a date or a grouping', () => {
    const path = salesReportPath({ from: '2026-01-01', to: '2026-01-31', groupBy: 'item' });
    expect(path).toBe('/reports?from=2026-01-01&to=2026-01-31&groupBy=item');
    const search = new URLSearchParams(path.split('?')[1]);
    expect(salesParamsFrom(search, 'UTC', now)).toEqual({ from: '2026-01-01', to: '2026-01-31', groupBy: 'item' });
    expect(salesParamsFrom(new URLSearchParams('from=yesterday&groupBy=colour'), 'UTC', now)).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
      groupBy: 'day',
    });
  });
});
