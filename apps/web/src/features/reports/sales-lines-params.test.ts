import { describe, expect, it } from 'vitest';
import { salesLinesParamsFrom, salesLinesPath, salesLinesSearch, salesReportPath } from './sales-lines-params';

const NOW = new Date('2026-03-15T12:00:00Z');

describe('the rows behind a sales figure in the address', () => {
  it('a report row links to its rows with the report range, grouping, filters and key', () => {
    const path = salesLinesPath(
      { report: 'sales', from: '2026-03-01', to: '2026-03-15', groupBy: 'item', filters: { category: 'c1' } },
      'name:Chai & cake',
    );
    expect(path).toBe('/reports/lines?from=2026-03-01&to=2026-03-15&groupBy=item&key=name%3AChai+%26+cake&category=c1');
    const params = salesLinesParamsFrom(new URLSearchParams(path.split('?')[1]), 'UTC', NOW);
    expect(params).toEqual({
      from: '2026-03-01',
      to: '2026-03-15',
      groupBy: 'item',
      key: 'name:Chai & cake',
      filters: { category: 'c1' },
      offset: 0,
      sort: 'date',
      order: 'desc',
    });
    expect(salesReportPath(params)).toBe(
      '/reports?report=sales&from=2026-03-01&to=2026-03-15&groupBy=item&category=c1',
    );
  });

  it('the totals link has no key; an empty key (the unnamed group) is kept', () => {
    const report = { report: 'sales' as const, from: '2026-03-01', to: '2026-03-15', groupBy: 'staff' };
    expect(salesLinesPath(report)).toBe('/reports/lines?from=2026-03-01&to=2026-03-15&groupBy=staff');
    const empty = salesLinesPath(report, '');
    expect(salesLinesParamsFrom(new URLSearchParams(empty.split('?')[1]), 'UTC', NOW).key).toBe('');
  });

  it('falls back on what is malformed, keeps only the sorts and filters of the basis, and writes only what differs', () => {
    const params = salesLinesParamsFrom(
      new URLSearchParams('from=x&groupBy=colour&sort=item&order=sideways&offset=-5&item=i1&method=cash'),
      'UTC',
      NOW,
    );
    expect(params).toEqual({
      from: '2026-03-01',
      to: '2026-03-15',
      groupBy: 'day',
      filters: { method: 'cash' },
      offset: 0,
      sort: 'date',
      order: 'desc',
    });
    const sorted = { ...params, sort: 'amount' as const, order: 'asc' as const, offset: 100 };
    expect(salesLinesSearch(sorted).toString()).toBe(
      'from=2026-03-01&to=2026-03-15&groupBy=day&method=cash&offset=100&sort=amount&order=asc',
    );
  });
});
