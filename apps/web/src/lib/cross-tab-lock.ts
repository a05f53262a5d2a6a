/**
 * Runs `task` while holding a lock shared by every tab of this origin (Web Locks API), so two
 * tabs never rotate the same refresh token at once. Without the API the task just runs.
 */
export async function withCrossTabLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) return task();
  return locks.request(name, task);
}
