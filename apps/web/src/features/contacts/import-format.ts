import { type ContactImportRejectedRow, isBlankRecord, parseCsv, toCsv } from '@atrium/contracts';

/**
 * The rejected rows as CSV, to fix and import again: the file's own header and cells, then the
 * row number and the reasons. Rows are found by their spreadsheet number (the header is row 1).
 */
export function rejectedRowsCsv(fileText: string, rejected: readonly ContactImportRejectedRow[]): string {
  const records = parseCsv(fileText);
  const headerIndex = records.findIndex((record) => !isBlankRecord(record));
  const header = headerIndex >= 0 ? (records[headerIndex] as string[]) : [];
  const out = [[...header, 'Row', 'Reasons']];
  for (const row of rejected) {
    const cells = records[row.row - 1] ?? [];
    const padded = header.map((_, i) => cells[i] ?? '');
    out.push([...padded, String(row.row), row.reasons.join('; ')]);
  }
  return toCsv(out);
}
