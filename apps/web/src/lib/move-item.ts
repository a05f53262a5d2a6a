/**
 * The list with the item at `from` moved to `to` (positions of the list as it is now): drag and drop,
 * or the move up/down buttons (the website's pages, a course's sections). Out of range, the same order.
 */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length || from === to) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
