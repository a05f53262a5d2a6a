import { describe, expect, it } from 'vitest';
import { activityFileName } from './ContactActivityReportButton';

describe('the activity report’s file name', () => {
  it('is the name in plain letters, accents and dotless i folded', () => {
    expect(activityFileName('Ana María Işık')).toBe('activity-report-ana-maria-isik.pdf');
    expect(activityFileName('  O’Brien  ')).toBe('activity-report-o-brien.pdf');
  });

  it('leaves out a name with no Latin letters (the PDF carries it)', () => {
    expect(activityFileName('Ελένη')).toBe('activity-report.pdf');
    expect(activityFileName('प्रिया')).toBe('activity-report.pdf');
  });
});
