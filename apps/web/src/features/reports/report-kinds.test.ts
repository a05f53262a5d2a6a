import { describe, expect, it } from 'vitest';
import { cellText, REPORT_KINDS } from './report-kinds';

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
