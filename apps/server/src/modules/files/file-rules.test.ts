import { formatFileSize } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { DOCX, EXE, ODT, PNG, pdfOf, zipOf } from './file-fixtures.ts';
import { cleanFileName, contentDisposition } from './file-names.ts';
import { sniffFileType } from './file-types.ts';

describe('file types by content', () => {
  it('knows PDFs, images, Office and OpenDocument files, and text, whatever their names say', () => {
    expect(sniffFileType(pdfOf('Week 1'), 'notes.txt')).toBe('application/pdf');
    expect(sniffFileType(PNG, 'worksheet.pdf')).toBe('image/png');
    expect(sniffFileType(DOCX, 'plan.zip')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(sniffFileType(ODT, 'plan')).toBe('application/vnd.oasis.opendocument.text');
    expect(sniffFileType(Buffer.from('Καλημέρα, İstanbul, नमस्ते\n'), 'hello.md')).toBe('text/plain');
    expect(sniffFileType(Buffer.from('name,amount\nAyşe,3\n'), 'list.csv')).toBe('text/csv');
  });

  it('refuses programs, plain archives, SVG-free binaries, videos and broken text', () => {
    expect(sniffFileType(EXE, 'worksheet.pdf')).toBeNull();
    expect(sniffFileType(zipOf([['a.txt', 'hello']]), 'worksheet.docx')).toBeNull();
    expect(sniffFileType(Buffer.from([0xc3, 0x28, 0x41, 0x42]), 'x.txt')).toBeNull();
    expect(sniffFileType(Buffer.from('text with a \u0000 in it'), 'x.txt')).toBeNull();
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(16)]);
    expect(sniffFileType(mp4, 'x.mp4')).toBeNull();
    expect(sniffFileType(Buffer.alloc(0), 'x.txt')).toBeNull();
    // Legacy Office: the container is one; the name says which program made it.
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    expect(sniffFileType(ole, 'old.doc')).toBe('application/msword');
    expect(sniffFileType(ole, 'old.xls')).toBe('application/vnd.ms-excel');
    expect(sniffFileType(ole, 'old.msi')).toBeNull();
  });
});

describe('file names', () => {
  it('keeps every script, drops control and path characters, and cuts long names by character', () => {
    expect(cleanFileName('Çalışma kâğıdı.pdf')).toBe('Çalışma kâğıdı.pdf');
    expect(cleanFileName(encodeURIComponent('Φύλλο εργασίας.pdf'))).toBe('Φύλλο εργασίας.pdf');
    expect(cleanFileName('e\u0301te\u0301.txt')).toBe('été.txt');
    expect(cleanFileName('../../etc/pa\u0000sswd')).toBe('etcpasswd');
    expect(cleanFileName('   ')).toBeNull();
    const long = `${'अ'.repeat(300)}.pdf`;
    const cut = cleanFileName(long) ?? '';
    expect([...cut]).toHaveLength(200);
    expect(cut.endsWith('.pdf')).toBe(true);
  });

  it('writes Content-Disposition with an ASCII stand-in and the UTF-8 name (RFC 5987)', () => {
    expect(contentDisposition('अभ्यास पत्र.pdf')).toBe(
      `attachment; filename="______ ____.pdf"; filename*=UTF-8''${encodeURIComponent('अभ्यास पत्र.pdf')}`,
    );
    expect(contentDisposition("Ayşe's (final) *copy*.pdf")).toBe(
      `attachment; filename="Ayse's (final) *copy*.pdf"; filename*=UTF-8''Ay%C5%9Fe%27s%20%28final%29%20%2Acopy%2A.pdf`,
    );
    expect(contentDisposition('a "quoted" 100%.txt')).toContain('filename="a _quoted_ 100_.txt"');
  });
});

describe('the upload limit', () => {
  it('is 25 MB unless FILES_MAX_UPLOAD_MB says otherwise', () => {
    expect(loadConfig({}).filesMaxUploadBytes).toBe(25 * 1024 * 1024);
    expect(loadConfig({ FILES_MAX_UPLOAD_MB: '5' }).filesMaxUploadBytes).toBe(5 * 1024 * 1024);
    expect(() => loadConfig({ FILES_MAX_UPLOAD_MB: 'lots' })).toThrow(/FILES_MAX_UPLOAD_MB/);
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
  });
});
