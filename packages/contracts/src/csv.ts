// A small RFC 4180 CSV reader and writer, shared by the server (contact import) and the web app
// (column detection, the rejected-rows download). No dependency.

/**
 * Parses CSV text into records of cells. Handles a UTF-8 byte-order mark, quoted cells with
 * commas, doubled quotes ("") and line breaks inside them, and CRLF, LF or CR line ends. Every
 * line is a record (a blank line is `['']`), so record i is the spreadsheet's row i + 1; one
 * final line break does not make an extra record. Unbalanced quotes run to the end of the text.
 */
export function parseCsv(text: string, delimiter = ','): string[][] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const n = source.length;
  while (i < n) {
    const char = source[i] as string;
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      cell += char;
      i += 1;
      continue;
    }
    if (char === '"' && cell.length === 0) {
      quoted = true;
      i += 1;
    } else if (char === delimiter) {
      record.push(cell);
      cell = '';
      i += 1;
    } else if (char === '\r' || char === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i += char === '\r' && source[i + 1] === '\n' ? 2 : 1;
    } else {
      cell += char;
      i += 1;
    }
  }
  if (cell.length > 0 || record.length > 0 || quoted) {
    record.push(cell);
    records.push(record);
  }
  return records;
}

/** Whether a parsed record has no content at all (a blank line, or only empty cells). */
export function isBlankRecord(record: readonly string[]): boolean {
  return record.every((cell) => cell.trim() === '');
}

function quoteCell(value: string): string {
  // A leading =, +, - or @ would run as a formula in a spreadsheet: prefix it with a quote. A plain
  // number (a refund's -12.50) is no formula and stays a number.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** CSV text for records (CRLF line ends, quotes where needed, formula-looking cells neutralised). */
export function toCsv(records: readonly (readonly string[])[]): string {
  return `${records.map((record) => record.map(quoteCell).join(',')).join('\r\n')}\r\n`;
}
