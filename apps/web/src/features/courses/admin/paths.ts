/** The course editor's address (docs/decisions/courses.md, "Admin: /services and /content"). */
export const COURSES_PATH = '/services';
export const editorPath = (courseId: string, tab?: 'details' | 'content' | 'students') =>
  `/content/${encodeURIComponent(courseId)}${tab && tab !== 'content' ? `?tab=${tab}` : ''}`;
