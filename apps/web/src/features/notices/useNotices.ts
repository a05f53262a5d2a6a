import { noticeBoard } from '@atrium/contracts';
import { useQuery } from '@tanstack/react-query';
import { noticeKeys, noticesApi } from './api';

/**
 * The notices a person may read: staff who manage them get every notice (the manager's list; the board
 * is its active, unexpired part); everyone else asks for the board itself (`?isActive=true`).
 */
export function useNotices(manage: boolean) {
  const query = useQuery({
    queryKey: manage ? noticeKeys.manager : noticeKeys.board,
    queryFn: () => (manage ? noticesApi.list() : noticesApi.list(true)),
    staleTime: 60_000,
  });
  const all = query.data?.data ?? [];
  return { query, all, board: noticeBoard(all) };
}
