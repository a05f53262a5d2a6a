import { z } from 'zod';
import { listSearch, pageLength, pageStart } from './paging.ts';

/**
 * Files (/files for staff, /myfiles for students): documents on the studio's media storage, shared
 * with one contact or with every student (docs/decisions/files.md).
 */

/** The upload limit when FILES_MAX_UPLOAD_MB is not set; the lists say the one in force (`maxUploadBytes`). */
export const FILES_MAX_UPLOAD_BYTES_DEFAULT = 25 * 1024 * 1024;
export const FILE_NAME_MAX = 200;
export const FILE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const FILE_PAGE_SIZE_DEFAULT = 25;

/** What a file may be, found from its content (the browser's type and the name's extension are not trusted). */
export const FILE_CONTENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'text/plain',
  'text/csv',
] as const;
export type FileContentType = (typeof FILE_CONTENT_TYPES)[number];

/** The file picker's hint (`accept`); the server decides by content all the same. */
export const FILE_ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.gif,.webp,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.txt,.csv,.md,' +
  'application/pdf,image/png,image/jpeg,image/gif,image/webp,text/plain,text/csv';

export const FILE_MESSAGES = {
  empty: 'Choose a file to upload.',
  type: 'Only PDFs, images (PNG, JPEG, GIF, WebP), Word, Excel, PowerPoint, OpenDocument and text files can be uploaded.',
  tooLarge: (limit: string) => `The file is larger than ${limit}.`,
  uploaded: 'File uploaded.',
  renamed: 'File renamed.',
  deleted: 'File deleted.',
  shared: 'File shared.',
  inCourse: (course: string) => `This file is a chapter of the course '${course}'. Remove it from the course first.`,
  unshared: 'Sharing removed.',
} as const;

/** '25 MB', '1.5 MB', '800 KB', '12 bytes': sizes as people read them (1 MB = 1024 KB). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}

/** A short name for a file's type ('PDF', 'Word', 'Image'), for lists and screen readers. */
export function fileKindLabel(contentType: string): string {
  if (contentType === 'application/pdf') return 'PDF';
  if (contentType.startsWith('image/')) return 'Image';
  if (contentType.includes('wordprocessingml') || contentType === 'application/msword') return 'Word';
  if (contentType.includes('spreadsheetml') || contentType === 'application/vnd.ms-excel') return 'Excel';
  if (contentType.includes('presentationml') || contentType === 'application/vnd.ms-powerpoint') return 'PowerPoint';
  if (contentType.includes('opendocument')) return 'OpenDocument';
  if (contentType === 'text/csv') return 'CSV';
  if (contentType.startsWith('text/')) return 'Text';
  return 'File';
}

export const FileShare = z.object({
  id: z.string(),
  kind: z.enum(['contact', 'students', 'course']),
  contactId: z.string().nullable(),
  /** The contact's name (or email when nameless); null for the other kinds. */
  contactName: z.string().nullable(),
  courseId: z.string().nullable(),
  /** The course's name for a course share; null for the other kinds. */
  courseName: z.string().nullable(),
  createdAt: z.string(),
});
export type FileShare = z.infer<typeof FileShare>;

/** A file as staff see it, with whom it is shared. */
export const StudioFile = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** staff: uploaded by the studio; member: a member's own upload. */
  source: z.enum(['staff', 'member']),
  uploadedBy: z.string(),
  uploadedByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  shares: z.array(FileShare),
});
export type StudioFile = z.infer<typeof StudioFile>;

export const FileList = z.object({
  recordsTotal: z.number().int(),
  data: z.array(StudioFile),
  maxUploadBytes: z.number().int(),
});
export type FileList = z.infer<typeof FileList>;

export const FILE_SORTS = ['name', '-name', 'date', '-date', 'size', '-size'] as const;
export type FileSort = (typeof FILE_SORTS)[number];

/** GET /rest/files: newest first unless `sort` says otherwise. */
export const FileListQuery = z.object({
  start: pageStart,
  length: pageLength(FILE_PAGE_SIZE_DEFAULT),
  search: listSearch,
  source: z.enum(['staff', 'member'], { error: 'source must be staff or member' }).optional(),
  sort: z.enum(FILE_SORTS, { error: `sort must be one of ${FILE_SORTS.join(', ')}` }).default('-date'),
});
export type FileListQuery = z.input<typeof FileListQuery>;

export const FileRename = z
  .object({
    fileName: z
      .string({ error: 'fileName is required' })
      .trim()
      .min(1, 'fileName is required')
      .max(FILE_NAME_MAX, `fileName must be at most ${FILE_NAME_MAX} characters`),
  })
  .strict();
export type FileRename = z.input<typeof FileRename>;

/** POST /rest/files/{id}/shares: with one contact, every student of the studio, or the students of a course. */
export const FileShareInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('contact'), contactId: z.uuid('contactId must be a contact id') }).strict(),
    z.object({ kind: z.literal('students') }).strict(),
    z.object({ kind: z.literal('course'), courseId: z.uuid('courseId must be a course id') }).strict(),
  ],
  { error: 'kind must be contact, students or course' },
);
export type FileShareInput = z.input<typeof FileShareInput>;

/** A file in a member's /myfiles. */
export const MyFile = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  /** When it was shared with the member (the earliest share that reaches them); null for their own uploads. */
  sharedAt: z.string().nullable(),
});
export type MyFile = z.infer<typeof MyFile>;

export const MyFiles = z.object({
  shared: z.array(MyFile),
  mine: z.array(MyFile),
  maxUploadBytes: z.number().int(),
});
export type MyFiles = z.infer<typeof MyFiles>;
