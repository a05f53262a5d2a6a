import { FILE_NAME_MAX } from '@atrium/contracts';

/**
 * A file name as people gave it, in any script (NFC, so "é" typed two ways is one name), without
 * control characters or the characters file systems refuse; null when nothing is left.
 */
export function cleanFileName(raw: string | undefined | null): string | null {
  let decoded = raw ?? '';
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // Sent as is (not percent-encoded): keep it.
  }
  const name = [...decoded.normalize('NFC')]
    .filter((char) => {
      const code = char.codePointAt(0) ?? 0;
      return code >= 32 && code !== 0x7f && !(code >= 0x80 && code < 0xa0) && !'\\/:*?"<>|'.includes(char);
    })
    .join('')
    .trim()
    .replace(/^\.+/, '');
  if (!name) return null;
  // Cut by code points, never in the middle of a character; keep the extension when the name is long.
  const chars = [...name];
  if (chars.length <= FILE_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? [...name.slice(dot)] : [];
  if (extension.length > 0 && extension.length <= 16) {
    return chars.slice(0, FILE_NAME_MAX - extension.length).join('') + extension.join('');
  }
  return chars.slice(0, FILE_NAME_MAX).join('');
}

/** RFC 5987 attr-char: everything else is percent-encoded as UTF-8 (encodeURIComponent leaves ' ( ) * alone). */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()}`,
  );
}

/**
 * Content-Disposition of a download (RFC 6266): `filename` an ASCII stand-in for old clients
 * (letters outside ASCII become `_`), `filename*` the real name in UTF-8 (RFC 5987), which every
 * current browser uses.
 */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const fallback =
    fileName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\%]/g, '_') || 'download';
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
