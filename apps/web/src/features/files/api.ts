import type { CourseList, FileList, FileShareInput, MyFiles, StudioFile } from '@atrium/contracts';
import { apiFile, apiRequest } from '../../lib/api';
import { getTokens } from '../../lib/auth-tokens';
import { requestRulesFor } from '../../lib/request-rules';
import { saveBlob } from '../../lib/save-file';
import { settleXhr } from '../../lib/xhr-settle';

const id = (value: string) => encodeURIComponent(value);

export interface FileListParams {
  start: number;
  length: number;
  search: string;
  source: 'staff' | 'member' | null;
  sort: string;
}

/** The files calls (docs/decisions/files.md). */
export const filesApi = {
  list: (params: FileListParams) =>
    apiRequest<FileList>('/rest/files', {
      query: {
        start: params.start,
        length: params.length,
        search: params.search || undefined,
        source: params.source ?? undefined,
        sort: params.sort,
      },
    }),
  rename: (fileId: string, fileName: string) =>
    apiRequest<StudioFile>(`/rest/files/${id(fileId)}`, { method: 'PUT', body: { fileName }, silent: true }),
  remove: (fileId: string) => apiRequest<{ message: string }>(`/rest/files/${id(fileId)}`, { method: 'DELETE' }),
  share: (fileId: string, body: FileShareInput) =>
    apiRequest<StudioFile>(`/rest/files/${id(fileId)}/shares`, { method: 'POST', body }),
  unshare: (fileId: string, shareId: string) =>
    apiRequest<StudioFile>(`/rest/files/${id(fileId)}/shares/${id(shareId)}`, { method: 'DELETE' }),
  mine: () => apiRequest<MyFiles>('/rest/myfiles'),
  removeMine: (fileId: string) => apiRequest<{ message: string }>(`/rest/myfiles/${id(fileId)}`, { method: 'DELETE' }),
};

/**
 * The studio's courses as choices, for sharing with a course's students; none when the call is refused
 * (courses off, or a role without 'Manage Courses'), so the choice is simply not offered.
 */
export async function shareableCourses(): Promise<Array<{ value: string; label: string }>> {
  try {
    const list = await apiRequest<CourseList>('/stemplate/program', { query: { length: 1000 }, silent: true });
    return list.data.map((course) => ({ value: course.guId, label: course.name }));
  } catch {
    return [];
  }
}

/** Saves a file the browser's way, under its own name (in any script). */
export async function downloadFile(file: { id: string; fileName: string }): Promise<void> {
  saveBlob(await apiFile(`/rest/files/${id(file.id)}/download`), file.fileName);
}

/**
 * Uploads a file as the raw body (its name percent-encoded in X-File-Name), reporting progress from
 * 0 to 1. XMLHttpRequest rather than fetch, for upload progress; the API client's request rules
 * (bearer, same origin) apply. Refusals reject with the server's ApiError (the caller shows it).
 */
export function uploadFile(
  url: '/rest/files' | '/rest/myfiles',
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<StudioFile> {
  const tokens = getTokens();
  const rules = requestRulesFor(
    url,
    { accessToken: tokens.access, studentPreviewToken: tokens.studentPreview, origin: window.location.origin },
    false,
  );
  return new Promise<StudioFile>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', rules.url);
    // The server decides the type by content; a fixed type keeps any body (even JSON or text) raw.
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-file-name', encodeURIComponent(file.name));
    if (rules.bearer) xhr.setRequestHeader('authorization', `Bearer ${rules.bearer}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    settleXhr<StudioFile>(xhr, resolve, reject, reject);
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}
