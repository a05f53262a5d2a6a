import type { StaffInvite, UserUpdate } from '@atrium/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usersApi } from './api';

export const userKeys = {
  all: ['users'] as const,
  staff: ['users', 'staff'] as const,
  detail: (guId: string) => ['users', 'detail', guId] as const,
};

export function useStaffUsers() {
  return useQuery({ queryKey: userKeys.staff, queryFn: usersApi.staff });
}

export function useUserDetail(guId: string) {
  return useQuery({ queryKey: userKeys.detail(guId), queryFn: () => usersApi.detail(guId), staleTime: 0 });
}

/** Saves the User Details form; the list (role, teacher, suspended) and the detail refresh. */
export function useUpdateUser(guId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUpdate) => usersApi.update(guId, body),
    onSuccess: async (saved) => {
      client.setQueryData(userKeys.detail(guId), saved);
      await client.invalidateQueries({ queryKey: userKeys.staff });
    },
  });
}

export function useInviteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffInvite) => usersApi.invite(body),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.staff }),
  });
}
