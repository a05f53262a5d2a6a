import { FILE_MESSAGES, type FileShare, type FileSort, formatFileSize } from '@atrium/contracts';
import type { ListSort } from '../../app/components/list-kit';

/** Who a file reaches, in a few words: 'Not shared', 'All students', 'Ayşe Yılmaz and 2 others'. */
export function shareSummary(shares: readonly FileShare[]): string {
  if (shares.length === 0) return 'Not shared';
  const everyone = shares.some((share) => share.kind === 'students');
  const people = shares.filter((share) => share.kind === 'contact').map((share) => share.contactName ?? 'A member');
  const courses = shares.filter((share) => share.kind === 'course').map((share) => share.courseName ?? 'A course');
  const parts: string[] = [];
  if (everyone) parts.push('All students');
  if (people.length === 1) parts.push(people[0] as string);
  else if (people.length > 1)
    parts.push(`${people[0]} and ${people.length - 1} ${people.length === 2 ? 'other' : 'others'}`);
  if (courses.length === 1) parts.push(`${courses[0]} (course)`);
  else if (courses.length > 1) parts.push(`${courses.length} courses`);
  return parts.join(', ');
}

/** Refuses what the server would refuse by size before sending a byte of it; null when it may go. */
export function refusalBeforeUpload(file: Pick<File, 'size'>, maxBytes: number): string | null {
  if (file.size === 0) return FILE_MESSAGES.empty;
  if (file.size > maxBytes) return FILE_MESSAGES.tooLarge(formatFileSize(maxBytes));
  return null;
}

export const percentOf = (fraction: number) => Math.max(0, Math.min(100, Math.round(fraction * 100)));

/** The list's column sort as the call's `sort` (newest first when none is chosen). */
export function fileSortOf(sort: ListSort | null): FileSort {
  if (!sort) return '-date';
  const column = sort.column === 'name' || sort.column === 'size' ? sort.column : 'date';
  return (sort.direction === 'desc' ? `-${column}` : column) as FileSort;
}
