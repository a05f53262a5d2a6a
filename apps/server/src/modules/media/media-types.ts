/** Spec 3 §5, §9: image or video only, 10 MB (10485760 bytes) at most. */
export const MAX_UPLOAD_BYTES = 10_485_760;

export const ACCEPTED_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/webm',
  'video/quicktime',
] as const;
export type AcceptedType = (typeof ACCEPTED_TYPES)[number];

const ascii = (bytes: Buffer, start: number, text: string) =>
  bytes.subarray(start, start + text.length).toString('latin1') === text;

/**
 * The type the file's own first bytes show, or null. The browser's Content-Type is not trusted:
 * a file is stored and served only as what it really is. SVG is refused (it can carry script).
 */
export function sniffMediaType(bytes: Buffer): AcceptedType | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0x89 && ascii(bytes, 1, 'PNG')) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'image/gif';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'video/webm';
  if (ascii(bytes, 4, 'ftyp')) return ascii(bytes, 8, 'qt  ') ? 'video/quicktime' : 'video/mp4';
  return null;
}
