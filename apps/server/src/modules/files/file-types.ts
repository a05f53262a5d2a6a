import type { FileContentType } from '@atrium/contracts';
import { sniffMediaType } from '../media/media-types.ts';

const ascii = (bytes: Buffer, start: number, text: string) =>
  bytes.subarray(start, start + text.length).toString('latin1') === text;

const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

const OOXML: Record<string, FileContentType> = {
  'word/': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'xl/': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'ppt/': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

const OPEN_DOCUMENT: FileContentType[] = [
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
];

/** Legacy Office files share one container (OLE2); which program made it is in the name. */
const OLE2_BY_EXTENSION: Record<string, FileContentType> = {
  doc: 'application/msword',
  dot: 'application/msword',
  xls: 'application/vnd.ms-excel',
  xlt: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  pps: 'application/vnd.ms-powerpoint',
};
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** The names of a ZIP's entries, from its local headers (enough to tell an Office file from any ZIP). */
function zipEntryNames(bytes: Buffer, limit = 64): string[] {
  const names: string[] = [];
  let at = 0;
  while (names.length < limit) {
    at = bytes.indexOf('PK\x03\x04', at, 'latin1');
    if (at < 0 || at + 30 > bytes.length) break;
    const nameLength = bytes.readUInt16LE(at + 26);
    const extraLength = bytes.readUInt16LE(at + 28);
    names.push(bytes.subarray(at + 30, at + 30 + nameLength).toString('utf8'));
    at += 30 + nameLength + extraLength;
  }
  return names;
}

function sniffZip(bytes: Buffer): FileContentType | null {
  // OpenDocument: the first entry is `mimetype`, stored uncompressed, holding the type itself.
  if (ascii(bytes, 30, 'mimetype')) {
    const declared = bytes.subarray(38, 38 + 60).toString('latin1');
    const match = OPEN_DOCUMENT.find((type) => declared.startsWith(type));
    if (match) return match;
  }
  const names = zipEntryNames(bytes);
  if (!names.includes('[Content_Types].xml')) return null;
  for (const [folder, type] of Object.entries(OOXML)) {
    if (names.some((name) => name.startsWith(folder))) return type;
  }
  return null;
}

/**
 * Text: valid UTF-8 (a byte-order mark allowed) with no control characters but tab, line breaks and
 * form feed. Anything binary fails here, whatever its name says.
 */
function isPlainText(bytes: Buffer): boolean {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

/**
 * What a file really is, from its bytes (its name only picks between types one container holds), or
 * null when it is none of the accepted types. SVG, HTML as a document type, executables and archives
 * are refused; a text file is served as text/plain whatever it holds.
 */
export function sniffFileType(bytes: Buffer, fileName: string): FileContentType | null {
  if (bytes.length === 0) return null;
  if (ascii(bytes, 0, '%PDF-')) return 'application/pdf';
  const media = sniffMediaType(bytes);
  if (media?.startsWith('image/')) return media as FileContentType;
  if (media) return null;
  if (ascii(bytes, 0, 'PK\x03\x04')) return sniffZip(bytes);
  if (bytes.subarray(0, 8).equals(OLE2_MAGIC)) return OLE2_BY_EXTENSION[extensionOf(fileName)] ?? null;
  if (isPlainText(bytes)) return extensionOf(fileName) === 'csv' ? 'text/csv' : 'text/plain';
  return null;
}
