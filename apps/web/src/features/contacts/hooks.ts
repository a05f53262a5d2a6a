import type {
  ContactActivityInput,
  ContactActivityUpdate,
  ContactChildRequest,
  ContactCreate,
  ContactUpdate,
  TagType,
} from '@atrium/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ContactListParams, contactsApi } from './api';

export const contactKeys = {
  all: ['contacts'] as const,
  list: (params: ContactListParams) => ['contacts', 'list', params] as const,
  stats: ['contacts', 'stats'] as const,
  detail: (guId: string) => ['contacts', 'detail', guId] as const,
  notes: (guId: string) => ['contacts', 'notes', guId] as const,
  activities: (guId: string) => ['contacts', 'activities', guId] as const,
  autocomplete: (q: string) => ['contacts', 'autocomplete', q] as const,
  registry: (type: TagType) => ['contacts', 'registry', type] as const,
};

/** The tenant's tags (with counts) or contact categories (GET /rest/tag?type=). */
export function useTagRegistry(type: TagType, enabled = true) {
  return useQuery({
    queryKey: contactKeys.registry(type),
    queryFn: () => contactsApi.tagRegistry(type),
    staleTime: 30_000,
    enabled,
  });
}

export function useContactList(params: ContactListParams) {
  return useQuery({
    queryKey: contactKeys.list(params),
    queryFn: ({ signal }) => contactsApi.list(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

export function useContactStats() {
  return useQuery({ queryKey: contactKeys.stats, queryFn: contactsApi.stats, staleTime: 5_000 });
}

export function useContact(guId: string) {
  return useQuery({ queryKey: contactKeys.detail(guId), queryFn: () => contactsApi.get(guId), staleTime: 0 });
}

export function useContactNotes(guId: string) {
  return useQuery({ queryKey: contactKeys.notes(guId), queryFn: () => contactsApi.notes(guId) });
}

export function useContactActivities(guId: string) {
  return useQuery({ queryKey: contactKeys.activities(guId), queryFn: () => contactsApi.activities(guId) });
}

export function useContactAutocomplete(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: contactKeys.autocomplete(text),
    queryFn: ({ signal }) => contactsApi.autocomplete(text, signal),
    enabled: text.length > 0,
    staleTime: 5_000,
  });
}

/** Any contact write refreshes every contacts query (lists, stats, details): they are cheap. */
function useContactMutation<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

export const useCreateContact = () => useContactMutation((body: ContactCreate) => contactsApi.create(body));
export const useUpdateContact = (guId: string) =>
  useContactMutation((body: ContactUpdate) => contactsApi.update(guId, body));
export const useDeleteContacts = () => useContactMutation((guIds: string[]) => contactsApi.remove(guIds));
export const useSetContactTags = (guId: string) =>
  useContactMutation((tags: string[]) => contactsApi.setTags(guId, tags));
export const useAddNote = (guId: string) => useContactMutation((note: string) => contactsApi.addNote(guId, note));
export const useRemoveNote = (guId: string) =>
  useContactMutation((noteId: string) => contactsApi.removeNote(guId, noteId));
export const useAddActivity = (guId: string) =>
  useContactMutation((body: ContactActivityInput) => contactsApi.addActivity(guId, body));
export const useUpdateActivity = (guId: string) =>
  useContactMutation(({ activityId, body }: { activityId: string; body: ContactActivityUpdate }) =>
    contactsApi.updateActivity(guId, activityId, body),
  );
export const useRemoveActivity = (guId: string) =>
  useContactMutation((activityId: string) => contactsApi.removeActivity(guId, activityId));
export const useAddChild = (guId: string) =>
  useContactMutation((body: ContactChildRequest) => contactsApi.addChild(guId, body));
export const useCreateTag = () =>
  useContactMutation(({ name, type }: { name: string; type: TagType }) => contactsApi.createTag(name, type));
/** Unlinks a child (relation 'child') or a guardian of the contact; neither contact is deleted. */
export const useUnlinkRelative = (guId: string) =>
  useContactMutation(({ relation, otherId }: { relation: 'child' | 'guardian'; otherId: string }) =>
    relation === 'child' ? contactsApi.unlinkChild(guId, otherId) : contactsApi.unlinkGuardian(guId, otherId),
  );

export type AccountAction = 'credentials' | 'reset' | 'verification' | 'code';
/** The Account card's emails; the verification link ends on this site's login page. */
export const useAccountAction = (guId: string) =>
  useContactMutation((action: AccountAction) => {
    if (action === 'credentials') return contactsApi.sendCredentials(guId);
    if (action === 'reset') return contactsApi.resetPassword(guId);
    if (action === 'code') return contactsApi.sendVerificationCode(guId);
    return contactsApi.sendVerification(guId, `${window.location.origin}/login`);
  });
