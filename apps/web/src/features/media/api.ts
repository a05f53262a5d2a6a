import type { MediaItem } from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

export type { MediaItem };

export const fetchMedia = () => apiRequest<MediaItem[]>('/media', { silent: true });

export const uploadMedia = (file: File) =>
  apiRequest<MediaItem>('/media', {
    method: 'POST',
    body: file,
    headers: { 'x-file-name': encodeURIComponent(file.name) },
  });

export const deleteMedia = (id: string) =>
  apiRequest<{ message: string }>(`/media/${encodeURIComponent(id)}`, { method: 'DELETE' });
