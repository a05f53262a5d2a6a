import { guessImportMapping, parseCsv, toCsv } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { markDuplicates, readImportFile, rejectedOf } from './contact-import.plan.ts';

describe('parseCsv', () => {
  it('reads plain cells, LF, CRLF and CR line ends, without a record for the final line break', () => {
    expect(parseCsv('a,b\n1,2\r\n3,4\r5,6\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ]);
  });

  it('drops a UTF-8 byte-order mark', () => {
    expect(parseCsv('\uFEFFFirst Name,Email\nAna,a@x.test')).toEqual([
      ['First Name', 'Email'],
      ['Ana', 'a@x.test'],
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted cells', () => {
    expect(parseCsv('name,note\r\n"Smith, Ann","She said ""hi""\r\nthen left"\r\n')).toEqual([
      ['name', 'note'],
      ['Smith, Ann', 'She said "hi"\r\nthen left'],
    ]);
  });

  it('keeps empty cells, blank lines (so row numbers stay) and a trailing empty cell', () => {
    expect(parseCsv('a,b,c\n1,,3\n\n4,5,\n')).toEqual([['a', 'b', 'c'], ['1', '', '3'], [''], ['4', '5', '']]);
  });

  it('reads an empty quoted cell and a quote inside an unquoted cell as text', () => {
    expect(parseCsv('"",x"y\n')).toEqual([['', 'x"y']]);
  });

  it('reads nothing from empty text and a lone unterminated quote to the end', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('"abc\ndef')).toEqual([['abc\ndef']]);
  });

  it('round-trips through toCsv and neutralises cells a spreadsheet would run as formulas', () => {
    const records = [
      ['row', 'reasons'],
      ['3', 'email is required; phone, too long'],
      ['4', 'say "hi"'],
    ];
    expect(parseCsv(toCsv(records))).toEqual(records);
    expect(toCsv([['=1+1', '@SUM(A1)', 'ok']])).toBe("'=1+1,'@SUM(A1),ok\r\n");
    // a negative amount is a number, not a formula; a formula that starts like one is still neutralised
    expect(toCsv([['-12.50', '-1+1', '+5']])).toBe("-12.50,'-1+1,'+5\r\n");
  });
});

describe('guessImportMapping', () => {
  it('maps common header spellings and leaves unknown fields unmapped', () => {
    expect(guessImportMapping(['E-mail Address', 'First name', 'SURNAME', 'Mobile'])).toEqual({
      firstName: 'First name',
      lastName: 'SURNAME',
      email: 'E-mail Address',
      phone: 'Mobile',
    });
    expect(guessImportMapping(['Given Name', 'Notes'])).toEqual({
      firstName: 'Given Name',
      lastName: null,
      email: null,
      phone: null,
    });
  });
});

describe('readImportFile', () => {
  const csv = [
    'First Name,Last Name,Email,Phone',
    'Ana,Lopez,ANA@x.test,555 0101',
    ',Brown,not-an-email,',
    '',
    'Cy,Dee,ana@x.test,',
    'Di,Eve,di@x.test,12345678901234567890123456789012345678901',
  ].join('\r\n');

  it('numbers rows as a spreadsheet does, skips blank rows, and gives every reason per row', () => {
    const file = readImportFile(csv, {});
    expect(file.mapping).toEqual({ firstName: 'First Name', lastName: 'Last Name', email: 'Email', phone: 'Phone' });
    const valid = markDuplicates(file.rows, new Set());
    expect(valid.map((row) => row.row)).toEqual([2]);
    expect(valid[0]?.contact?.email).toBe('ana@x.test');
    expect(rejectedOf(file.rows)).toEqual([
      { row: 3, email: 'not-an-email', reasons: ['firstName is required', 'email must be a valid email address'] },
      { row: 5, email: 'ana@x.test', reasons: ['duplicate email: same as row 2'] },
      { row: 6, email: 'di@x.test', reasons: ['phone must be at most 40 characters'] },
    ]);
  });

  it('rejects every row whose email the tenant already has', () => {
    const file = readImportFile(csv, {});
    markDuplicates(file.rows, new Set(['ana@x.test']));
    expect(rejectedOf(file.rows).filter((row) => row.email.toLowerCase() === 'ana@x.test')).toEqual([
      { row: 2, email: 'ANA@x.test', reasons: ['duplicate email: a contact with this email already exists'] },
      { row: 5, email: 'ana@x.test', reasons: ['duplicate email: a contact with this email already exists'] },
    ]);
  });

  it('takes an explicit mapping, an empty one unmaps, and an unknown column is a 400 naming the field', () => {
    const file = readImportFile('a,b,c,d\nAna,Lopez,ana@x.test,555', {
      firstName: 'a',
      lastName: 'b',
      email: 'c',
      phone: '',
    });
    expect(file.rows[0]?.values).toEqual({ firstName: 'Ana', lastName: 'Lopez', email: 'ana@x.test', phone: '' });
    expect(() => readImportFile('a,b\n1,2', { email: 'Mail' })).toThrow(
      expect.objectContaining({ field: 'email', statusCode: 400 }),
    );
  });

  it('refuses a file with no header', () => {
    expect(() => readImportFile('\r\n\r\n', {})).toThrow(expect.objectContaining({ field: 'file', statusCode: 400 }));
  });
});
