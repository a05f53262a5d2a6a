import { useState } from 'react';
import { type MediaItem, uploadMedia } from './api';
import { uploadProblem } from './media-rules';

/**
 * An upload into the tenant's media library, as a file is chosen: the file is checked first (its type
 * and size), then sent and handed to `onUploaded`; a problem (the check's or the server's) is kept to
 * show, and `uploading` is true meanwhile.
 */
export function useMediaUpload(onUploaded: (item: MediaItem) => unknown) {
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    const reason = uploadProblem(file);
    setProblem(reason);
    if (reason) return;
    setUploading(true);
    try {
      await onUploaded(await uploadMedia(file));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setUploading(false);
    }
  };
  return { uploading, problem, upload };
}
