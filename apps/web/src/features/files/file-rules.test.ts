import type { FileShare } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { fileSortOf, percentOf, refusalBeforeUpload, shareSummary } from './file-rules';

const share = (kind: FileShare['kind'], contactName: string | null = null): FileShare => ({
  id: `${kind}-${contactName}`,
  kind,
  contactId: contactName ? 'c' : null,
  contactName,
  courseId: kind === 'course' ? 'k' : null,
  courseName: kind === 'course' ? 'Yoga Basics' : null,
  createdAt: '2026-01-01T00:00:00Z',
});

describe('files screen rules', () => {
  it('sums up who a file is shared with', () => {
    expect(shareSummary([])).toBe('Not shared');
    expect(shareSummary([share('students')])).toBe('All students');
    expect(shareSummary([share('contact', 'Ayşe Yılmaz')])).toBe('Ayşe Yılmaz');
    expect(shareSummary([share('contact', 'Ayşe Yılmaz'), share('contact', 'Νίκος')])).toBe('Ayşe Yılmaz and 1 other');
    expect(
      shareSummary([share('students'), share('contact', 'अनु'), share('contact', 'B'), share('contact', 'C')]),
    ).toBe('All students, अनु and 2 others');
    expect(shareSummary([share('course')])).toBe('Yoga Basics (course)');
    expect(shareSummary([share('students'), share('course'), share('course')])).toBe('All students, 2 courses');
  });

  it('refuses an empty or too large file before uploading it', () => {
    expect(refusalBeforeUpload({ size: 0 }, 100)).toBe('Choose a file to upload.');
    expect(refusalBeforeUpload({ size: 26 * 1024 * 1024 }, 25 * 1024 * 1024)).toBe('The file is larger than 25 MB.');
    expect(refusalBeforeUpload({ size: 25 * 1024 * 1024 }, 25 * 1024 * 1024)).toBeNull();
  });

  it('maps the list sort to the call and keeps progress within 0 to 100', () => {
    expect(fileSortOf(null)).toBe('-date');
    expect(fileSortOf({ column: 'name', direction: 'asc' })).toBe('name');
    expect(fileSortOf({ column: 'size', direction: 'desc' })).toBe('-size');
    expect(fileSortOf({ column: 'uploaded', direction: 'asc' })).toBe('date');
    expect(percentOf(0.456)).toBe(46);
    expect(percentOf(1.2)).toBe(100);
  });
});
