import type { VideoAsset, VideoPlayback } from '@atrium/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

export const fetchVideo = (id: string) =>
  apiRequest<VideoAsset>(`/rest/video/${encodeURIComponent(id)}`, { silent: true });

export const retryVideo = (id: string) =>
  apiRequest<VideoAsset>(`/rest/video/${encodeURIComponent(id)}/retry`, { method: 'POST' });

export const fetchPlayback = (id: string) =>
  apiRequest<VideoPlayback>(`/rest/video/${encodeURIComponent(id)}/playback`, { silent: true });

/** How often a video still processing is asked for again. */
export const VIDEO_POLL_MS = 2000;

/** A video's status, asked again every two seconds while it is uploading or processing. */
export function useVideoStatus(id: string | null) {
  return useQuery({
    queryKey: ['video', id],
    queryFn: () => fetchVideo(id as string),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'processing' || status === 'uploading' ? VIDEO_POLL_MS : false;
    },
  });
}

/** The asset id at the end of a tus upload URL (`/rest/video/upload/{id}`). */
export function assetIdOfUploadUrl(url: string | null | undefined): string | null {
  const match = /\/rest\/video\/upload\/([0-9a-f-]{36})\/?$/.exec(url ?? '');
  return match?.[1] ?? null;
}

/** The server's own words from a tus client's error ("... response text: {message}, request id: ..."). */
export function uploadErrorMessage(message: string): string {
  const said = /response text: ([\s\S]*?)(?:, request id:|\)$)/.exec(message)?.[1]?.trim();
  if (said) {
    try {
      const parsed = JSON.parse(said) as { errors?: { message?: string } };
      if (parsed.errors?.message) return parsed.errors.message;
    } catch {
      return said;
    }
  }
  return 'The upload stopped. Check your connection and try again.';
}
