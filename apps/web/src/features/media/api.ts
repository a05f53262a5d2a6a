import { apiRequest } from '../../lib/api';

export interface MediaItem {
  id: string;
  url: string;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: string;
}

export const fetchMedia = () => apiRequest<MediaItem[]>('/media', { silent: true });

export const uploadMedia = (file: File) =>
  apiRequest<MediaItem>('/media', {
    method: 'POST',
    body: file,
    headers: { 'x-file-name': encodeURIComponent(file.name) },
  });

export const deleteMedia = (id: string) =>
  apiRequest<{ message: string }>(`/media/${encodeURIComponent(id)}`, { method: 'DELETE' });
