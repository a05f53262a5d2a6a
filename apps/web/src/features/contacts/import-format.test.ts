import { parseCsv } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { rejectedRowsCsv } from './import-format';

describe('rejectedRowsCsv', () => {
  it("keeps the file's header and cells of each rejected row, then its number and reasons", () => {
    const file = '\uFEFFFirst,Last,Email\r\nAna,Ok,ana@x.test\r\n,"Smith, Jr.",bad\r\n\r\nAna,Again,ana@x.test\r\n';
    const csv = rejectedRowsCsv(file, [
      { row: 3, email: 'bad', reasons: ['firstName is required', 'email must be a valid email address'] },
      { row: 5, email: 'ana@x.test', reasons: ['duplicate email: same as row 2'] },
    ]);
    expect(parseCsv(csv)).toEqual([
      ['First', 'Last', 'Email', 'Row', 'Reasons'],
      ['', 'Smith, Jr.', 'bad', '3', 'firstName is required; email must be a valid email address'],
      ['Ana', 'Again', 'ana@x.test', '5', 'duplicate email: same as row 2'],
    ]);
  });
});
