/** Spec 3 §5, §9: image or video only, 10485760 bytes (10 MB) at most. */
export const MAX_UPLOAD_BYTES = 10_485_760;
export const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,video/mp4,video/webm,video/quicktime';

/** Why a file cannot be uploaded, or null when it can (the server checks the bytes again). */
export function uploadProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!/^(image|video)\//.test(file.type) || file.type === 'image/svg+xml') {
    return 'Only images and videos can be uploaded.';
  }
  if (file.size > MAX_UPLOAD_BYTES) return 'The file is larger than 10 MB.';
  if (file.size === 0) return 'The file is empty.';
  return null;
}
