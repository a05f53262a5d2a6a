import { describe, expect, it } from 'vitest';
import { cellText, REPORT_KINDS } from './report-kinds';
import { applicableFilters, reportParamsFrom, reportPath, reportQuery } from './report-params';

describe('report kinds', () => {
  it('reads each cell as its column says: counts, money in the currency, whole percent or a dash', () => {
    expect(cellText(1234, 'count', 'USD')).toBe('1234');
    expect(cellText(123456, 'money', 'USD')).toBe('$1,234.56');
    expect(cellText(-500, 'money', 'EUR')).toMatch(/^-.*5\.00$/);
    expect(cellText(42, 'percent', 'USD')).toBe('42%');
    expect(cellText(null, 'percent', 'USD')).toBe('–');
  });

  it('gives every report an address, a default grouping with a label and columns', () => {
    for (const [name, kind] of Object.entries(REPORT_KINDS)) {
      expect(kind.path).toBe(`/itemreport/${name}`);
      expect(kind.groups.length).toBeGreaterThan(0);
      for (const group of kind.groups) expect(kind.groupLabels[group]).toBeTruthy();
    }
    const sales = REPORT_KINDS.sales;
    const byDay = sales.columns({
      groupBy: 'day',
      basis: 'payments',
      rows: [],
      totals: { key: 't', label: 'T' },
    } as never);
    expect(byDay.map((column) => column.label)).toEqual(['Payments', 'Received', 'Refunded', 'Net']);
    const byItem = sales.columns({
      groupBy: 'item',
      basis: 'sales',
      rows: [],
      totals: { key: 't', label: 'T' },
    } as never);
    expect(byItem.map((column) => column.format)).toEqual(['count', 'money', 'money', 'money', 'money']);
  });
});

describe('report filters in the address', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const item = '0b6c1f6e-7f1a-4b8e-9a55-2f1f2c3d4e5f';

  it('keeps the filters the grouping takes, after groupBy, and drops the others', () => {
    const path = reportPath({
      report: 'sales',
      from: '2026-02-01',
      to: '2026-02-28',
      groupBy: 'item',
      filters: { item },
    });
    expect(path).toBe(`/reports?report=sales&from=2026-02-01&to=2026-02-28&groupBy=item&item=${item}`);
    const back = reportParamsFrom(new URLSearchParams(path.split('?')[1]), 'UTC', now);
    expect(back.filters).toEqual({ item });
    expect(reportQuery(back)).toBe(`from=2026-02-01&to=2026-02-28&groupBy=item&item=${item}`);
    // by day counts money received: an item does not narrow it, a method does
    const byDay = reportParamsFrom(
      new URLSearchParams(`report=sales&groupBy=day&item=${item}&method=cash`),
      'UTC',
      now,
    );
    expect(byDay.filters).toEqual({ method: 'cash' });
    expect(applicableFilters('sales', 'category', { item, kind: 'product', method: 'cash', colour: 'red' })).toEqual({
      item,
      kind: 'product',
    });
    expect(applicableFilters('attendance', 'class', { item })).toBeUndefined();
  });
});
