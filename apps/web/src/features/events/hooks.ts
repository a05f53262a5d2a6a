import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eventsApi } from './api';

// Under the scheduling keys: saving an event through the class rule dialog refreshes these too.
export const eventKeys = {
  staff: ['scheduling', 'events', 'staff'] as const,
  public: ['scheduling', 'events', 'public'] as const,
  one: (publicId: string) => ['scheduling', 'events', 'one', publicId] as const,
};

export const useStaffEvents = () => useQuery({ queryKey: eventKeys.staff, queryFn: eventsApi.list });
export const usePublicEvents = () => useQuery({ queryKey: eventKeys.public, queryFn: eventsApi.publicList });
export const usePublicEvent = (publicId: string) =>
  useQuery({ queryKey: eventKeys.one(publicId), queryFn: () => eventsApi.publicEvent(publicId), retry: false });

export function useRegenerateUrl() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: eventsApi.regenerateUrl,
    onSuccess: () => client.invalidateQueries({ queryKey: ['scheduling'] }),
  });
}

export function useRegister(publicId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => eventsApi.register(publicId),
    onSettled: () => client.invalidateQueries({ queryKey: ['scheduling'] }),
  });
}
